import { z } from 'zod';

/** One content block of a page (spec section 3, Page component). */
export const PageComponent = z
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

/** POST /api/webui/create: a dynamic form's submission (spec section 3). */
export const WebuiCreateBody = z
  .object({
    emailactivation: z.literal(1).optional(),
    formtype: z.string().min(1).max(60),
    formdata: z.record(z.string(), z.union([z.string().max(5000), z.number(), z.boolean()])),
  })
  .meta({ id: 'WebuiCreateBody' });
