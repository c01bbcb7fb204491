import { z } from 'zod';
import { textProblem } from './text-rule';
import { Text } from './rules';

const ANSWER_MAX = 5000;
/** One answer of a dynamic form: text (the text rule, several lines allowed), a number, or a ticked box. */
const FormAnswer = z
  .union([z.string(), z.number(), z.boolean()], { error: 'Form answer must be text, a number, or true or false' })
  .superRefine((value, ctx) => {
    if (typeof value !== 'string') return;
    const message = textProblem(value, 'Form answer', { multiline: true }) ?? (value.length > ANSWER_MAX ? `Form answer is too long (at most ${ANSWER_MAX} characters)` : null);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .meta({ description: `Text of at most ${ANSWER_MAX} characters, a number, or true or false` });

/** One content block of a page (docs/product.md#entities, Page component). */
const PageComponent = z
  .object({
    name: z.string(),
    data: z.unknown(),
    type: z.string(),
    logicdata: z.unknown().optional(),
    response: z.unknown().optional(),
    order: z.number().default(0),
    settings: z.unknown().optional(),
  })
  .meta({ id: 'PageComponent' });

/** GET /api/page/data{path}. */
export const PageData = z
  .object({
    url: z.string(),
    css: z.string(),
    data: z.array(PageComponent),
    show_footer: z.boolean().default(true),
    show_sub_navbar: z.boolean().default(true),
    show_navbar: z.boolean().default(true),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    seo_keyword: z.string().nullable(),
    schema_script: z.string().nullable(),
  })
  .meta({ id: 'PageData' });
export type PageData = z.infer<typeof PageData>;

/** POST /api/webui/create: a dynamic form's submission (docs/product.md#entities, Form submission). */
export const WebuiCreateBody = z
  .object({
    emailactivation: z.literal(1).optional(),
    formtype: Text('Form', { required: true, max: 60 }),
    formdata: z.record(Text('Form field name', { required: true, max: 60 }), FormAnswer),
  })
  .meta({ id: 'WebuiCreateBody' });
