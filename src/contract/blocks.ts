import { z } from 'zod';
import { linkTarget } from './link-target';
import { safeUrl } from './safe-url';
import { textRule } from './rules';

/** Text of a page: the contract's text rule (docs/security.md), kept as written. */
const text = (label: string, multiline = false) => z.string().check(textRule(label, { multiline }));

/**
 * The content blocks a page is made of (docs/product.md#entities, Page component): each type with the schema of its data and
 * settings. The publish command, the API and the storefront all use these; a block that fails its schema is
 * skipped, never rendered half.
 */

/** A slide or banner link: empty for none, else a path, or an http, https or www address (contract/safe-url's linkTarget). */
const Link = text('Link')
  .max(500)
  .nullable()
  .optional()
  .refine((link) => !link?.trim() || linkTarget(link) !== null, 'link must be a path starting with /, or an http, https or www address');
/** An image: a path of this site or an http(s) address (contract/safe-url). */
const Image = text('Image')
  .min(1)
  .max(500)
  .refine((image) => safeUrl(image, 'web') !== null, 'image must be a path starting with / or an http(s) address');

/**
 * An image's alt text: what the picture says, in its words (docs/content-pages.md#alt-text). A banner is
 * usually an offer in words ("Up to 30% off on staples, dairy and fresh fruit"): the alt says those words, not
 * "Banner" or "Offer 1". Required when the image is a link (it is the link's only name: `linkedImageProblems`);
 * empty only for a picture without words or meaning of its own, which screen readers then skip.
 */
const ALT_DESCRIPTION =
  'Alt text: the words in the picture, as it says them (an offer\'s headline and line), and anything else it tells the shopper. Required when the image has a link; empty only for a picture without words (decoration).';
const Alt = text('Alt text').max(200).meta({ description: ALT_DESCRIPTION });

const HeroSlide = z.object({ image: Image, image_sm: Image.optional(), link: Link, alt: Alt.optional() });

/** Hero settings arrive as a JSON string (docs/product.md#entities, Hero slide). */
export const HeroSettings = z.object({
  autoplayInterval: z.number().int().min(500).max(30_000).default(2000),
  aspect: z.object({ sm: text('Aspect').max(20).optional(), md: text('Aspect').max(20).optional(), lg: text('Aspect').max(20).optional() }).partial().default({}),
  bgcolor: text('Background colour').max(40).optional(),
  fullpage: z.boolean().default(false),
  slidesconfig: z.object({ sm: z.number().int().min(1).max(6).optional(), md: z.number().int().min(1).max(6).optional(), columns: z.number().int().min(1).max(6).optional(), autoplayInterval: z.number().int().optional() }).partial().default({}),
});

/** Where a product carousel or grid takes its products from: a category, a brand, or a list of products. */
const ProductSource = z
  .object({
    title: text('Title').max(120).optional(),
    category: text('Category').max(80).optional(),
    brand: text('Brand').max(80).optional(),
    products: z.array(text('Product').max(200)).max(48).optional(),
    sort: z.enum(['popularity', 'price_asc', 'price_desc', 'newest', 'discount']).optional(),
    limit: z.number().int().min(1).max(48).default(12),
  })
  .refine((s) => [s.category, s.brand, s.products].filter(Boolean).length <= 1, 'Choose one of category, brand or products');

export const FormField = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'name must be lower-case letters, digits and _'),
  label: text('Label').min(1).max(80),
  type: z.enum(['text', 'email', 'tel', 'textarea', 'number', 'checkbox', 'select']).default('text'),
  required: z.boolean().default(false),
  pattern: z.enum(['phone', 'pincode', 'email']).optional(),
  options: z.array(text('Option').max(80)).max(30).optional(),
});
export type FormField = z.infer<typeof FormField>;

export const BLOCKS = {
  hero: z.object({ slides: z.array(HeroSlide).min(1).max(10) }),
  product_carousel: ProductSource,
  product_grid: ProductSource,
  category_carousel: z.object({ title: text('Title').max(120).optional(), categories: z.array(text('Category').max(80)).max(40).optional() }),
  brand_carousel: z.object({ title: text('Title').max(120).optional(), brands: z.array(text('Brand').max(80)).max(40).optional() }),
  supplier_carousel: z.object({ title: text('Title').max(120).optional(), suppliers: z.array(text('Supplier').max(80)).max(40).optional(), border: z.boolean().default(false) }),
  image_banner: z.object({ image: Image, image_sm: Image.optional(), link: Link, alt: Alt.default('') }),
  rich_html: z.object({ html: text('HTML', true).max(50_000) }),
  dynamic_form: z.object({
    title: text('Title').max(120).optional(),
    formtype: z.string().regex(/^[a-z][a-z0-9_-]{0,59}$/),
    fields: z.array(FormField).min(1).max(20),
    submit: text('Submit button').max(40).default('Submit'),
    thanks: text('Thank-you message', true).max(200).default('Thank you! We will get back to you soon.'),
  }),
} as const;
export type BlockType = keyof typeof BLOCKS;
const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

/** A page as a marketer writes it (a JSON file for the publish command). */
export const PageDocument = z.object({
  url: z.string().regex(/^\/([a-z0-9]+(-[a-z0-9]+)*)?$/, 'url must be / or one path segment like /offers'),
  title: text('Title').min(1).max(120),
  css: text('CSS', true).max(20_000).default(''),
  show_navbar: z.boolean().default(true),
  show_sub_navbar: z.boolean().default(true),
  show_footer: z.boolean().default(true),
  seo_title: text('SEO title').max(160).nullable().default(null),
  seo_description: text('SEO description', true).max(320).nullable().default(null),
  seo_keyword: text('SEO keywords').max(320).nullable().default(null),
  schema_script: text('Schema script', true).max(20_000).nullable().default(null),
  /** The title and SEO words in Hindi, for /hi/ pages (docs/languages.md); left out or null: the English ones. */
  title_hi: text('Title in Hindi').max(120).nullable().optional(),
  seo_title_hi: text('SEO title in Hindi').max(160).nullable().optional(),
  seo_description_hi: text('SEO description in Hindi', true).max(320).nullable().optional(),
  components: z
    .array(
      z.object({
        name: text('Block name').min(1).max(80),
        type: z.enum(BLOCK_TYPES as [BlockType, ...BlockType[]]),
        data: z.unknown(),
        settings: z.unknown().optional(),
        order: z.number().int().default(0),
      }),
    )
    .max(60),
});
export type PageDocument = z.infer<typeof PageDocument>;

/** Every problem of a page document by field path (components.2.data.slides.0.image), as the API's `errors`. */
export function pageErrors(input: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: PropertyKey[], message: string) => (errors[path.map(String).join('.') || '(page)'] ??= []).push(message);
  const parsed = PageDocument.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path, issue.message);
    return errors;
  }
  for (const [index, component] of parsed.data.components.entries()) {
    const result = BLOCKS[component.type].safeParse(component.data);
    if (!result.success) for (const issue of result.error.issues) add(['components', index, 'data', ...issue.path], issue.message);
    else for (const [path, message] of linkedImageProblems(component.type, result.data)) add(['components', index, 'data', ...path], message);
    if (component.type === 'hero' && component.settings !== undefined) {
      const settings = heroSettings(component.settings);
      if (!settings.success) add(['components', index, 'settings'], settings.message);
    }
  }
  return errors;
}

const ALT_REQUIRED = 'alt is required for an image with a link: write the words the picture says (it is the link\'s only name)';

/**
 * A hero slide or image banner with a link and no alt text: the link would have no name (a screen reader says
 * only "link"). Checked when a page is checked or published, not when it is shown: a live page stays as it was.
 */
function linkedImageProblems(type: BlockType, data: unknown): [PropertyKey[], string][] {
  const missing = (image: { link?: string | null; alt?: string }) => !!image.link?.trim() && !image.alt?.trim();
  if (type === 'hero') return (data as z.infer<(typeof BLOCKS)['hero']>).slides.flatMap((slide, i) => (missing(slide) ? [[['slides', i, 'alt'], ALT_REQUIRED]] : []));
  if (type === 'image_banner' && missing(data as z.infer<(typeof BLOCKS)['image_banner']>)) return [[['alt'], ALT_REQUIRED]];
  return [];
}

/** Problems by path as lines (components.2.data.slides.0.image: …). */
export const problemLines = (errors: Record<string, string[]>): string[] =>
  Object.entries(errors).flatMap(([path, messages]) => messages.map((message) => `${path}: ${message}`));

/** Every problem of a page document, each with its path (components.2.data.slides.0.image: …). */
export const pageProblems = (input: unknown): string[] => problemLines(pageErrors(input));

/** Hero settings from their JSON string (or an object), with the defaults filled in. */
export function heroSettings(raw: unknown): { success: true; data: z.infer<typeof HeroSettings> } | { success: false; message: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      return { success: false, message: 'settings must be valid JSON' };
    }
  }
  const parsed = HeroSettings.safeParse(value ?? {});
  return parsed.success ? { success: true, data: parsed.data } : { success: false, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}

/**
 * POST /api/pages/check and /api/pages/publish (page builders): the problems found, as lines and by field path;
 * an invalid page is answered 400 with the first problem as `message`, like every refused input.
 */
export const PageCheck = z
  .object({
    valid: z.boolean(),
    problems: z.array(z.string()),
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'PageCheck' });
