import { z } from 'zod';
import { PageDocument } from './blocks';
import { Id } from './common';
import { MEDIA_ALT_MAX } from './media-rules';
import { Text, textRule } from './rules';

/**
 * The page builder's calls (docs/page-builder.md): a marketer's pages with their drafts, versions and schedule,
 * the media library and the answers to the pages' forms. `website_setting:view` reads them all;
 * `website_setting:edit` saves, publishes, uploads, restores and deletes.
 */

/**
 * A page's state in the list:
 * - draft: never published (its path is not live);
 * - published: live, and its draft is what is live;
 * - changed: live, with a draft that differs from what is live ("published, with unpublished changes");
 * - scheduled: a publish is due at `scheduled_at`.
 */
const PAGE_STATES = ['draft', 'published', 'changed', 'scheduled'] as const;
export const PageState = z.enum(PAGE_STATES);
export type PageState = z.infer<typeof PageState>;

/** Who did something, as the screens name them. */
export const StaffName = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'StaffName' });

/** One row of GET /api/pages. */
export const PageSummary = z
  .object({
    id: z.number().int(),
    url: z.string(),
    title: z.string(),
    state: PageState,
    /** Whether shoppers see the page now (published, changed, or scheduled after an earlier publish). */
    live: z.boolean(),
    /** Where shoppers see it now (the draft's `url` may have moved on), or null when it is not live. */
    live_url: z.string().nullable(),
    scheduled_at: z.string().nullable().meta({ description: 'When a scheduled publish is due (ISO 8601, UTC)' }),
    updated_at: z.string().meta({ description: 'The last save, publish or restore (ISO 8601, UTC)' }),
    updated_by: StaffName.nullable(),
    /** The address of the draft's preview, as PageDetail's `preview_url` (the list links to it). */
    preview_url: z.string(),
  })
  .meta({ id: 'PageSummary' });
export type PageSummary = z.infer<typeof PageSummary>;

export const PageListQuery = z.object({ q: Text('Search', { max: 120 }).optional() }).meta({ id: 'PageListQuery' });
export const PageList = z.object({ data: z.array(PageSummary) }).meta({ id: 'PageList' });
export type PageList = z.infer<typeof PageList>;

/** POST /api/pages: a new page, as a draft whose path is not live; POST /api/pages/{id}/duplicate takes the same. */
export const PageCreateBody = z
  .object({
    url: Text('Path', { required: true, max: 120 }),
    title: Text('Title', { required: true, max: 120 }),
  })
  .meta({ id: 'PageCreateBody' });
export type PageCreateBody = z.infer<typeof PageCreateBody>;

/**
 * GET /api/pages/{id}: the draft (what the editor shows) and what is live, with the draft's `version`: a save
 * names the version it started from, and is refused (409) when someone saved since.
 */
export const PageDetail = z
  .object({
    id: z.number().int(),
    url: z.string(),
    title: z.string(),
    state: PageState,
    live: z.boolean(),
    version: z.number().int().meta({ description: 'The draft\'s version: every save, publish, discard and restore raises it' }),
    draft: z.unknown().meta({ description: 'The draft page document (as the publish command takes it); it may have problems, shown in `errors`' }),
    errors: z.record(z.string(), z.array(z.string())).meta({ description: "The draft's problems by field path (components.2.data.slides.0.image); publish refuses a draft with any" }),
    published: PageDocument.nullable().meta({ description: 'What shoppers see now, or null when the page is not live' }),
    published_at: z.string().nullable(),
    published_by: StaffName.nullable(),
    scheduled_at: z.string().nullable(),
    saved_at: z.string(),
    saved_by: StaffName.nullable(),
    /** The address of the draft's preview (the shop's own page, never cached or indexed). */
    preview_url: z.string(),
  })
  .meta({ id: 'PageDetail' });
export type PageDetail = z.infer<typeof PageDetail>;

/** PUT /api/pages/{id}/draft: the page document and the version the editor started from. */
export const PageDraftBody = z
  .object({ version: z.number().int().nonnegative(), document: z.unknown() })
  .meta({ id: 'PageDraftBody' });
export type PageDraftBody = z.infer<typeof PageDraftBody>;

/** The answer to a saved draft: its new version and its problems (a draft with problems is kept; publish refuses it). */
export const PageDraftSaved = z
  .object({ version: z.number().int(), saved_at: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'PageDraftSaved' });
export type PageDraftSaved = z.infer<typeof PageDraftSaved>;

/** The 409 of a stale save: who saved since, and when. */
export const PageConflict = z
  .object({ message: z.string(), version: z.number().int(), saved_at: z.string(), saved_by: StaffName.nullable() })
  .meta({ id: 'PageConflict' });

/**
 * The words of a stale save's 409 (a page's draft or the website's settings): who saved since, and at what time
 * (India's, "3:42 PM"); one answer for both, and the editor's when an answer has no words of its own.
 */
export const staleSaveMessage = (name: string | null, time: string) =>
  name ? `Changed by ${name} at ${time} — reload to see their version` : `Changed at ${time} — reload to see the latest version`;

/** POST /api/pages/{id}/publish: now, or at an Indian (IST) date and time ("2026-12-01T09:00", or ISO 8601 with an offset). */
export const PagePublishBody = z
  .object({ at: Text('Publish at', { max: 40 }).optional() })
  .meta({ id: 'PagePublishBody' });

/** One kept version: every publish keeps one. */
export const PageVersion = z
  .object({
    version: z.number().int(),
    published_at: z.string(),
    published_by: StaffName.nullable(),
    summary: z.string().meta({ description: 'What changed from the version before, in words ("Added a hero; changed the title")' }),
  })
  .meta({ id: 'PageVersion' });
export type PageVersion = z.infer<typeof PageVersion>;
export const PageVersionList = z.object({ data: z.array(PageVersion) }).meta({ id: 'PageVersionList' });
export const PageVersionParams = z.object({ id: Id, version: Id });

/** An image in the media library, with the widths it was resized to (WebP). */
export const MediaItem = z
  .object({
    id: z.number().int(),
    url: z.string().meta({ description: 'The widest WebP, a path of this site (or the bucket\'s address)' }),
    srcset: z.string().meta({ description: 'Every width, for an img srcset' }),
    widths: z.array(z.number().int()),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
    filename: z.string(),
    bytes: z.number().int(),
    created_at: z.string(),
    created_by: StaffName.nullable(),
    /** Where it is used: page paths and site settings ("/summer-sale", "Popup"); it cannot be deleted while used. */
    used_in: z.array(z.string()),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof MediaItem>;
/** An image's alt text: what a screen reader says for it (the text rule, at most MEDIA_ALT_MAX characters). */
const MediaAlt = Text('Alt text', { required: true, max: MEDIA_ALT_MAX });
/**
 * POST /api/media, multipart/form-data: `file` (a JPEG, PNG or WebP, at most 5 MB, judged by its bytes) and `alt`.
 * The file is checked by the handler (errors.file), the alt text by this schema (errors.alt).
 */
export const MediaUploadBody = z
  .object({
    file: z
      .custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, { error: 'Choose an image to upload' })
      .meta({ type: 'string', format: 'binary', description: 'The image: JPEG, PNG or WebP, at most 5 MB and 40 megapixels' }),
    alt: MediaAlt,
  })
  .meta({ id: 'MediaUploadBody' });
/** PUT /api/media/{id}: a new alt text. */
export const MediaAltBody = z.object({ alt: MediaAlt }).meta({ id: 'MediaAltBody' });
/** The 409 of a delete refused because the image is used: where. */
export const MediaInUse = z.object({ message: z.string(), used_in: z.array(z.string()) }).meta({ id: 'MediaInUse' });
/** A stored file of the media library, as /media/{file} serves it: `<key>-<width>.webp`. */
/** A stored file's bytes (image/webp), immutable: its name is never reused. */
export const MediaFile = z.string().meta({ type: 'string', format: 'binary', description: 'WebP image' });
export const MediaFileParam = z.object({ file: z.string().regex(/^[a-f0-9]{24}-[0-9]{1,5}\.webp$/, 'No such file') });
export const MediaListQuery = z.object({ q: Text('Search', { max: 120 }).optional() }).meta({ id: 'MediaListQuery' });
export const MediaList = z.object({ data: z.array(MediaItem) }).meta({ id: 'MediaList' });
export type MediaList = z.infer<typeof MediaList>;

/** Answers a page of GET /api/forms/responses holds. */
export const FORM_RESPONSES_PER_PAGE = 50;

/** One answer posted to a page's form. */
export const FormResponse = z
  .object({
    id: z.number().int(),
    formtype: z.string(),
    created_at: z.string(),
    answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  })
  .meta({ id: 'FormResponse' });
export type FormResponse = z.infer<typeof FormResponse>;
/**
 * A form of the website: its formtype, the form block's title and fields (in the block's order) and the page it is
 * on, with how many answers it has. A formtype with answers but no longer on any page has no title, page or fields.
 */
export const FormSummary = z
  .object({
    formtype: z.string(),
    title: z.string().nullable(),
    page_url: z.string().nullable(),
    responses: z.number().int(),
    fields: z.array(z.object({ name: z.string(), label: z.string() })).default([]),
  })
  .meta({ id: 'FormSummary' });
export type FormSummary = z.infer<typeof FormSummary>;
export const FormResponseQuery = z
  .object({
    formtype: Text('Form', { max: 60 }).optional(),
    q: Text('Search', { max: 120 }).optional(),
    page: z.coerce.number().int().min(1, 'page must be a whole number from 1').max(100_000, 'page must be a whole number from 1').default(1),
  })
  .meta({ id: 'FormResponseQuery' });
export const FormResponseList = z
  .object({
    data: z.array(FormResponse),
    total: z.number().int(),
    page: z.number().int(),
    last_page: z.number().int(),
    /** Every form of the website, with its page and how many answers it has. */
    forms: z.array(FormSummary),
  })
  .meta({ id: 'FormResponseList' });
export type FormResponseList = z.infer<typeof FormResponseList>;

/** GET /api/pages/choices/suppliers: the suppliers a supplier carousel may name, found by name (the editor's picker). */
export const SupplierChoiceQuery = z.object({ q: Text('Search', { max: 80 }).optional() }).meta({ id: 'SupplierChoiceQuery' });
const SupplierChoice = z
  .object({ name: z.string(), slug: z.string().meta({ description: 'What the block keeps' }), image: z.string().nullable() })
  .meta({ id: 'SupplierChoice' });
export const SupplierChoiceList = z.object({ data: z.array(SupplierChoice) }).meta({ id: 'SupplierChoiceList' });
export type SupplierChoiceList = z.infer<typeof SupplierChoiceList>;
/**
 * The first path segments the shop's own routes answer (src/pages/, the API and the static files): a page cannot
 * take one. A test keeps this in step with src/pages/.
 */
export const RESERVED_PAGE_PATHS = [
  '/products', '/account', '/auth', '/cart', '/checkout', '/order', '/orders', '/bos', '/page-builder', '/pos', '/s', '/api',
  '/wishlist', '/ingest', '/webui', '/healthz', '/readyz', '/robots', '/sitemap', '/favicon', '/media', '/demo', '/assets', '/personal-parts',
  // The Hindi shop lives under /hi (docs/languages.md); /language/{locale} is its switch.
  '/hi', '/language',
  // A POS sale's receipt link (docs/pos.md#the-receipt-link).
  '/receipt',
  '/400', '/403', '/404', '/500', '/503',
] as const;

const PAGE_PATH = /^\/([a-z0-9]+(-[a-z0-9]+)*)?$/;

/** Why a page cannot be at this path (its format, or one of the shop's own routes), or null when it can. */
export function pagePathProblem(url: string): string | null {
  if (!PAGE_PATH.test(url)) return 'Path must be / or one segment of lower-case letters, digits and dashes, like /summer-sale';
  if ((RESERVED_PAGE_PATHS as readonly string[]).includes(url)) return `${url} is one of the shop's own pages: choose another path`;
  return null;
}

/** POST /api/pages/css-check: a page's CSS, as the editor's field holds it. */
export const PageCssCheckBody = z.object({ css: z.string().max(20_000, 'CSS is too long (at most 20000 characters)').check(textRule('CSS', { multiline: true })) }).meta({ id: 'PageCssCheckBody' });
/** What the shop will leave out of that CSS, each with its line ("Line 2: the value of position is not allowed"). */
export const PageCssProblems = z.object({ problems: z.array(z.string()) }).meta({ id: 'PageCssProblems' });

/** The most a draft may hold (its JSON): a whole page of blocks, as the publish command's body. */
export const DRAFT_MAX_BYTES = 1024 * 1024;

/**
 * What a saved draft must be, problems or not: structurally a page (an object with a path, a title and at most 60
 * blocks, each with a type and a name). Anything else is refused (400); a draft that fits this but breaks the
 * block schemas is kept, with its problems.
 */
export const PageDraftShape = z.looseObject({
  // The path and title are kept in columns of their own as well as in the document: the text rule holds for them
  // even in a draft (a NUL, say, is refused by PostgreSQL's text).
  url: z.string().max(200).check(textRule('Path')),
  title: z.string().max(500).check(textRule('Title')),
  components: z
    .array(z.looseObject({ name: z.string().max(500), type: z.string().max(60), data: z.unknown(), settings: z.unknown().optional(), order: z.number().int().optional() }))
    .max(60, 'A page has at most 60 blocks'),
});

/** GET /api/pages/{id}/preview: the draft, or a kept version. */
export const PagePreviewQuery = z.object({ version: z.coerce.number().int().min(1, 'version must be a whole number from 1').optional() }).meta({ id: 'PagePreviewQuery' });
/** GET /api/forms/responses/export.csv: one form's answers as CSV. */
export const FormResponseExportQuery = z
  .object({ formtype: Text('Form', { required: true, max: 60 }).pipe(z.string().regex(/^[a-z][a-z0-9_-]{0,59}$/, 'No such form on this website')) })
  .meta({ id: 'FormResponseExportQuery' });

/** The CSV text of an export (text/csv; charset=utf-8, a byte order mark first). */
export const FormResponsesCsv = z.string().meta({ id: 'FormResponsesCsv' });

/** POST /api/forms/responses/delete: several answers at once (those of other websites, or already gone, are left out). */
export const FormResponseDeleteBody = z
  .object({ ids: z.array(Id).min(1, 'Choose at least one answer').max(100, 'Delete at most 100 answers at a time') })
  .meta({ id: 'FormResponseDeleteBody' });
export type FormResponseDeleteBody = z.infer<typeof FormResponseDeleteBody>;
