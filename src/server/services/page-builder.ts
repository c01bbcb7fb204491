/**
 * The page builder's pages (docs/page-builder.md, "Pages and drafts", "Publishing, scheduling and versions"):
 * drafts saved with a version (a stale save is a 409), published now or at a set time, unpublished, discarded,
 * duplicated, deleted, and every publish kept as a version that can be restored as the draft.
 *
 * The live page is the `pages` row and its `page_components` (what shoppers see; putLive writes them); the draft
 * is `page_drafts` (never read by a shopper's call). Every change is one transaction with its staff_audit row.
 */
import { sql, type Kysely } from 'kysely';
import { BLOCKS, PageDocument, problemLines, type PageData } from '../../contract';
import {
  DRAFT_MAX_BYTES, PageDraftShape, pagePathProblem, staleSaveMessage, type PageCreateBody, type PageDetail, type PageDraftBody, type PageDraftSaved, type PageList, type PageState, type PageVersion,
} from '../../contract/page-builder';
import { formatTime } from '../../lib/format';
import { logger } from '../../lib/log.mjs';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/errors';
import { auditPage, lastVersion, putLive } from './page-publish';
import { namesOf, staffName } from './staff-names';
import { documentPageData, pageCheckErrors } from './pages';

type DB = Kysely<Database>;
type Errors = Record<string, string[]>;

/** The staff member acting, on the website their session shows. */
export interface Editor {
  userId: number;
  websiteId: number;
}

const log = logger('pages');
const HOME = '/';
const LIST_LIMIT = 500;

/** A new page's draft: the publish command's defaults, no blocks. */
const emptyDocument = (url: string, title: string) => PageDocument.parse({ url, title, components: [] });

interface PageRow {
  id: number;
  website_id: number;
  live: number;
  live_url: string;
  published_at: string | null;
  published_by: number | null;
  url: string;
  title: string;
  document_json: string;
  version: number;
  saved_at: string;
  saved_by: number | null;
  scheduled_at: string | null;
}

/** A page of this website with its draft, or 404. */
async function pageOf(db: DB, websiteId: number, id: number): Promise<PageRow> {
  const row = await db
    .selectFrom('pages as p')
    .innerJoin('page_drafts as d', 'd.page_id', 'p.id')
    .select(['p.id', 'p.website_id', 'p.live', 'p.url as live_url', 'p.published_at', 'p.published_by', 'd.url', 'd.title', 'd.document_json', 'd.version', 'd.saved_at', 'd.saved_by', 'd.scheduled_at'])
    .where('p.id', '=', id)
    .where('p.website_id', '=', websiteId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such page on this website');
  return row;
}


/** A document as publishing would keep it (the schema's order and defaults), to compare a draft with what is live. */
function normalJson(json: string): string {
  const parsed = PageDocument.safeParse(JSON.parse(json));
  return parsed.success ? JSON.stringify(parsed.data) : json;
}

/**
 * A kept document as the contract's PageDocument: one kept before the block types it names were removed (or
 * written by hand) loses the blocks of unknown types rather than failing the answer; null if still not a page.
 */
function keptDocument(json: string): PageDocument | null {
  const raw = JSON.parse(json) as { components?: unknown };
  const parsed = PageDocument.safeParse(raw);
  if (parsed.success) return parsed.data;
  const components = Array.isArray(raw.components) ? raw.components.filter((c: { type?: unknown } | null) => typeof c?.type === 'string' && c.type in BLOCKS) : [];
  return PageDocument.safeParse({ ...raw, components }).data ?? null;
}

/** A page's state: scheduled first, then never published (or unpublished), then whether the draft is what is live. */
function stateOf(row: { live: number; scheduled_at: string | null; document_json: string }, published: string | null | undefined): PageState {
  if (row.scheduled_at) return 'scheduled';
  if (row.live !== 1) return 'draft';
  return published === row.document_json || (published && published === normalJson(row.document_json)) ? 'published' : 'changed';
}

/** The later of two ISO times. */
const later = (a: string, b: string | null) => (b && b > a ? b : a);

/** GET /api/pages: every page of the website (the home too), its state and who changed it last; `q` searches path and title. */
export async function listPages(db: DB, websiteId: number, q?: string): Promise<PageList> {
  let query = db
    .selectFrom('pages as p')
    .innerJoin('page_drafts as d', 'd.page_id', 'p.id')
    .select([
      'p.id', 'p.live', 'p.url as live_url', 'p.published_at', 'p.published_by', 'd.url', 'd.title', 'd.document_json', 'd.saved_at', 'd.saved_by', 'd.scheduled_at',
      (eb) => eb.selectFrom('page_versions as v').select('v.document_json').whereRef('v.page_id', '=', 'p.id').orderBy('v.version', 'desc').limit(1).as('published_json'),
    ])
    .where('p.website_id', '=', websiteId);
  const words = q?.trim().toLowerCase();
  if (words) {
    const like = `%${words.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(d.url)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(d.title)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(p.url)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(p.title)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  const rows = await query.orderBy('d.url').orderBy('p.id').limit(LIST_LIMIT).execute();
  const names = await namesOf(db, rows.flatMap((r) => [r.saved_by, r.published_by]));
  return {
    data: rows.map((r) => {
      const publishedLast = r.published_at !== null && r.published_at > r.saved_at;
      return {
        id: r.id,
        url: r.url,
        title: r.title,
        state: stateOf(r, r.published_json),
        live: r.live === 1,
        live_url: r.live === 1 ? r.live_url : null,
        scheduled_at: r.scheduled_at,
        updated_at: later(r.saved_at, r.published_at),
        updated_by: staffName(names, publishedLast ? r.published_by : r.saved_by),
        preview_url: previewUrl(r.id),
      };
    }),
  };
}

/** The address of a page's preview (src/pages/page-builder/preview/[id].astro). */
const previewUrl = (id: number) => `/page-builder/preview/${id}`;

/** GET /api/pages/{id}: the draft with its problems, and what is live. */
export async function pageDetail(db: DB, websiteId: number, id: number): Promise<PageDetail> {
  const row = await pageOf(db, websiteId, id);
  const published = await lastVersion(db, id);
  const draft = JSON.parse(row.document_json) as unknown;
  const names = await namesOf(db, [row.saved_by, row.published_by]);
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    state: stateOf(row, published?.document_json),
    live: row.live === 1,
    version: row.version,
    draft,
    errors: await draftErrors(db, row, draft),
    published: row.live === 1 && published ? keptDocument(published.document_json) : null,
    published_at: row.published_at,
    published_by: staffName(names, row.published_by),
    scheduled_at: row.scheduled_at,
    saved_at: row.saved_at,
    saved_by: staffName(names, row.saved_by),
    preview_url: previewUrl(row.id),
  };
}

/** Another page of the website at this path (live, or in its draft), if any. */
async function pathTaken(db: DB, websiteId: number, url: string, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('pages as p')
    .leftJoin('page_drafts as d', 'd.page_id', 'p.id')
    .select('p.id')
    .where('p.website_id', '=', websiteId)
    .where((eb) => eb.or([eb('p.url', '=', url), eb('d.url', '=', url)]))
    .where((eb) => (except === undefined ? eb.lit(true) : eb('p.id', '!=', except)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why a page cannot move to `url` (its format, the shop's own routes, another page's path), or null. */
async function pathProblem(db: DB, websiteId: number, url: string, except?: number): Promise<string | null> {
  return pagePathProblem(url) ?? ((await pathTaken(db, websiteId, url, except)) ? `Another page is already at ${url}` : null);
}

/** A draft's problems: the block schemas and what it names (as /pages/check), and its path. */
async function draftErrors(db: DB, row: { id: number; website_id: number; url: string }, draft: unknown): Promise<Errors> {
  const errors = await pageCheckErrors(db, row.website_id, draft, row.id);
  if (!errors.url) {
    const problem = await pathProblem(db, row.website_id, row.url, row.id);
    if (problem) errors.url = [problem];
  }
  return errors;
}

/** The unique constraint on a website's paths, as a field error (two people making a page at one path at once). */
function takenOnConflict(url: string) {
  return (error: unknown): never => {
    if (/unique|duplicate/i.test(String((error as Error)?.message))) throw new ApiError(400, `Another page is already at ${url}`, { url: [`Another page is already at ${url}`] });
    throw error;
  };
}

/** POST /api/pages (and duplicate): a new page as a draft, its path not live. */
export async function createPage(db: DB, editor: Editor, body: PageCreateBody, document?: Record<string, unknown>, action = 'page.created'): Promise<number> {
  const problem = await pathProblem(db, editor.websiteId, body.url);
  if (problem) throw new ApiError(400, problem, { url: [problem] });
  const doc = { ...(document ?? emptyDocument(body.url, body.title)), url: body.url, title: body.title };
  const at = new Date().toISOString();
  return inTransaction(db, async (trx: DB) => {
    const { id } = await trx
      .insertInto('pages')
      .values({ website_id: editor.websiteId, url: body.url, title: body.title, updated_at: at, live: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(takenOnConflict(body.url));
    await trx.insertInto('page_drafts').values({ page_id: id, url: body.url, title: body.title, document_json: JSON.stringify(doc), version: 1, saved_at: at, saved_by: editor.userId }).execute();
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action, pageId: id, after: { url: body.url, title: body.title } }, at);
    return id;
  });
}

/** POST /api/pages/{id}/duplicate: a new draft with this page's draft, at another path. */
export async function duplicatePage(db: DB, editor: Editor, id: number, body: PageCreateBody): Promise<number> {
  const row = await pageOf(db, editor.websiteId, id);
  return createPage(db, editor, body, JSON.parse(row.document_json) as Record<string, unknown>, 'page.duplicated');
}

/** The 409 of a change that started from an older draft: who saved since, and when (India's time). */
async function staleDraft(db: DB, id: number): Promise<ApiError> {
  const now = await db.selectFrom('page_drafts').select(['version', 'saved_at', 'saved_by']).where('page_id', '=', id).executeTakeFirstOrThrow();
  const names = await namesOf(db, [now.saved_by]);
  const by = staffName(names, now.saved_by);
  return new ApiError(409, staleSaveMessage(by?.name ?? null, formatTime(now.saved_at)), undefined, { version: now.version, saved_at: now.saved_at, saved_by: by });
}

/** A body's document as a draft: structurally a page and bounded, or a 400 saying why. */
function draftDocument(input: unknown): Record<string, unknown> {
  let size = 0;
  try {
    size = JSON.stringify(input)?.length ?? 0;
  } catch {
    size = Infinity;
  }
  if (size > DRAFT_MAX_BYTES) throw new ApiError(400, `The page is too large: at most ${DRAFT_MAX_BYTES / 1024} KB`, { document: [`The page is too large: at most ${DRAFT_MAX_BYTES / 1024} KB`] });
  const shape = PageDraftShape.safeParse(input);
  if (!shape.success) {
    const errors: Errors = {};
    for (const issue of shape.error.issues) (errors[['document', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
    throw new ApiError(400, `This is not a page: ${problemLines(errors)[0]}`, errors);
  }
  return shape.data as Record<string, unknown>;
}

/**
 * PUT /api/pages/{id}/draft: keeps the draft, problems and all (they are answered in `errors`), when `version` is
 * the draft's version now: the version is checked and raised by one conditional UPDATE, so of two saves from the
 * same version exactly one is kept and the other is a 409. A path another page (or the shop) has is refused.
 */
export async function saveDraft(db: DB, editor: Editor, id: number, body: PageDraftBody): Promise<PageDraftSaved> {
  const doc = draftDocument(body.document);
  const row = await pageOf(db, editor.websiteId, id);
  const url = doc.url as string;
  if (url !== row.url) {
    if (row.url === HOME) throw new ApiError(400, 'The home page stays at /', { url: ['The home page stays at /'] });
    const problem = await pathProblem(db, editor.websiteId, url, id);
    if (problem) throw new ApiError(400, problem, { url: [problem] });
  }
  const at = new Date().toISOString();
  const saved = await inTransaction(db, async (trx: DB) => {
    const done = await trx
      .updateTable('page_drafts')
      .set({ url, title: doc.title as string, document_json: JSON.stringify(doc), version: sql`version + 1`, saved_at: at, saved_by: editor.userId })
      .where('page_id', '=', id)
      .where('version', '=', body.version)
      .returning('version')
      .executeTakeFirst();
    if (!done) return null;
    // A page that is not live holds its path in `pages` too (so no other page takes it); a live one keeps its live path until published.
    if (row.live !== 1 && url !== row.live_url) await trx.updateTable('pages').set({ url }).where('id', '=', id).execute().catch(takenOnConflict(url));
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action: 'page.draft_saved', pageId: id, before: { version: body.version }, after: { version: done.version, url } }, at);
    return done.version;
  });
  if (saved === null) throw await staleDraft(db, id);
  return { version: saved, saved_at: at, errors: await draftErrors(db, { id, website_id: editor.websiteId, url }, doc) };
}

/** An IST date and time ("2026-12-01T09:00") or ISO 8601 with an offset, as a Date; a 400 field error otherwise. */
function publishTime(at: string, now = new Date()): Date {
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(at);
  const offset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(at);
  const time = local ? new Date(`${at}+05:30`) : offset ? new Date(at) : null;
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(at) ?? [];
  const calendar = y ? new Date(Date.UTC(+y, +m! - 1, +d!)) : null;
  if (!time || Number.isNaN(time.getTime()) || !calendar || calendar.getUTCDate() !== +d! || calendar.getUTCMonth() !== +m! - 1)
    throw new ApiError(400, 'Publish at must be a date and time like 2026-12-01T09:00 (India time)', { at: ['Publish at must be a date and time like 2026-12-01T09:00 (India time)'] });
  if (time.getTime() <= now.getTime()) throw new ApiError(400, 'Publish at is in the past: choose a later time', { at: ['Publish at is in the past: choose a later time'] });
  return time;
}

/** A draft's problems as the refusal of a publish: 400 with every problem by path, as /pages/check answers. */
function refusal(errors: Errors): ApiError {
  const problems = problemLines(errors);
  return new ApiError(400, problems[0]!, errors, { valid: false, problems });
}

/**
 * POST /api/pages/{id}/publish: the draft live now, or scheduled for `at`. A draft with problems is refused (400,
 * every problem by path). Now: the draft's version is claimed by a conditional update (a save since the draft was
 * read is a 409) in the same transaction as putLive, the kept version and the audit row.
 */
export async function publishDraft(db: DB, editor: Editor, id: number, at?: string): Promise<void> {
  const when = at === undefined ? null : publishTime(at);
  const row = await pageOf(db, editor.websiteId, id);
  const draft = JSON.parse(row.document_json) as unknown;
  const errors = await draftErrors(db, row, draft);
  if (Object.keys(errors).length) throw refusal(errors);
  const now = new Date().toISOString();
  if (when) {
    await inTransaction(db, async (trx: DB) => {
      await trx.updateTable('page_drafts').set({ scheduled_at: when.toISOString(), scheduled_by: editor.userId }).where('page_id', '=', id).execute();
      await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action: 'page.scheduled', pageId: id, after: { version: row.version, at: when.toISOString() } }, now);
    });
    return;
  }
  const doc = PageDocument.parse(draft);
  const published = await inTransaction(db, async (trx: DB) => {
    const claimed = await claimDraft(trx, id, row.version, editor.userId, now, undefined, doc);
    if (!claimed) return null;
    const version = await putLive(trx, id, doc, editor.userId, now);
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action: 'page.published', pageId: id, after: { url: doc.url, version } }, now);
    return version;
  });
  if (published === null) throw await staleDraft(db, id);
}

/**
 * Raises the draft's version from `version` (and ends any schedule), the draft becoming the document published (as
 * kept: the schema's order and defaults): false when the draft moved on meanwhile.
 */
async function claimDraft(trx: DB, id: number, version: number, by: number | null, at: string, scheduledAt?: string, published?: PageDocument): Promise<boolean> {
  let update = trx
    .updateTable('page_drafts')
    .set({ version: sql`version + 1`, scheduled_at: null, scheduled_by: null, ...(by === null ? {} : { saved_at: at, saved_by: by }), ...(published ? { document_json: JSON.stringify(published) } : {}) })
    .where('page_id', '=', id)
    .where('version', '=', version);
  if (scheduledAt !== undefined) update = update.where('scheduled_at', '=', scheduledAt);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The schedule's sweeper: every draft whose publish is due (on any website) is published by its scheduler. Safe on
 * several instances at once: each due page is claimed by a conditional update (its version and due time as read)
 * in the transaction that publishes it, so exactly one instance publishes it and the others' claims change nothing.
 * A draft that has problems when due is not published: its schedule ends, with an audit row and a log line.
 */
export async function publishDuePages(db: DB, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('page_drafts as d')
    .innerJoin('pages as p', 'p.id', 'd.page_id')
    .select(['d.page_id', 'p.website_id', 'd.url', 'd.document_json', 'd.version', 'd.scheduled_at', 'd.scheduled_by'])
    .where('d.scheduled_at', '<=', now.toISOString())
    .orderBy('d.scheduled_at')
    .limit(50)
    .execute();
  let published = 0;
  for (const page of due) {
    const draft = JSON.parse(page.document_json) as unknown;
    const errors = await draftErrors(db, { id: page.page_id, website_id: page.website_id, url: page.url }, draft);
    const by = page.scheduled_by;
    const at = new Date().toISOString();
    const doc = Object.keys(errors).length ? undefined : PageDocument.parse(draft);
    const done = await inTransaction(db, async (trx: DB) => {
      if (!(await claimDraft(trx, page.page_id, page.version, null, at, page.scheduled_at!, doc))) return false;
      if (!doc) {
        if (by !== null) await auditPage(trx, { websiteId: page.website_id, userId: by, action: 'page.schedule_failed', pageId: page.page_id, after: { problems: problemLines(errors).slice(0, 5) } }, at);
        log.warn(`${page.url}: the scheduled publish was not made, the draft has problems: ${problemLines(errors)[0]}`);
        return false;
      }
      const version = await putLive(trx, page.page_id, doc, by, at);
      if (by !== null) await auditPage(trx, { websiteId: page.website_id, userId: by, action: 'page.published', pageId: page.page_id, after: { url: page.url, version, scheduled: page.scheduled_at } }, at);
      return true;
    });
    if (done) published += 1;
  }
  return published;
}

/** POST /api/pages/{id}/unpublish: shoppers no longer see the page (the home cannot be unpublished); the draft stays. */
export async function unpublishPage(db: DB, editor: Editor, id: number): Promise<void> {
  const row = await pageOf(db, editor.websiteId, id);
  if (row.live_url === HOME) throw new ApiError(409, 'The home page cannot be unpublished: publish a new version of it instead');
  if (row.live !== 1) throw new ApiError(409, 'This page is not published');
  const at = new Date().toISOString();
  await inTransaction(db, async (trx: DB) => {
    await trx.updateTable('pages').set({ live: 0, updated_at: at }).where('id', '=', id).execute();
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action: 'page.unpublished', pageId: id, before: { url: row.live_url } }, at);
  });
}

/** Makes `document` the draft (discard, restore): a new draft version, saved by the editor, any schedule ended. */
async function replaceDraft(db: DB, editor: Editor, row: PageRow, document: string, action: string, details: Record<string, unknown>): Promise<void> {
  const doc = JSON.parse(document) as { url?: unknown; title?: unknown };
  const url = typeof doc.url === 'string' ? doc.url : row.url;
  // A kept version's path may since have gone to another page (or is the home's, which stays): the draft keeps its own.
  const keepPath = url !== row.url && (row.url === HOME || (await pathProblem(db, editor.websiteId, url, row.id)) !== null);
  const json = keepPath ? JSON.stringify({ ...doc, url: row.url }) : document;
  const finalUrl = keepPath ? row.url : url;
  const at = new Date().toISOString();
  await inTransaction(db, async (trx: DB) => {
    await trx
      .updateTable('page_drafts')
      .set({ url: finalUrl, title: typeof doc.title === 'string' ? doc.title : row.title, document_json: json, version: sql`version + 1`, saved_at: at, saved_by: editor.userId, scheduled_at: null, scheduled_by: null })
      .where('page_id', '=', row.id)
      .execute();
    if (row.live !== 1 && finalUrl !== row.live_url) await trx.updateTable('pages').set({ url: finalUrl }).where('id', '=', row.id).execute().catch(takenOnConflict(finalUrl));
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action, pageId: row.id, before: { version: row.version }, after: details }, at);
  });
}

/**
 * POST /api/pages/{id}/unschedule: ends a scheduled publish, the draft kept as it is (409 when none is scheduled).
 * The schedule is taken by a conditional update on the due time as read, as the sweeper's claim is: whichever of
 * the two comes first wins, and the other changes nothing.
 */
export async function unschedulePage(db: DB, editor: Editor, id: number): Promise<void> {
  await pageOf(db, editor.websiteId, id);
  const at = new Date().toISOString();
  const ended = await inTransaction(db, async (trx: DB) => {
    const draft = await trx.selectFrom('page_drafts').select('scheduled_at').where('page_id', '=', id).executeTakeFirst();
    if (!draft?.scheduled_at) return false;
    const taken = await trx.updateTable('page_drafts').set({ scheduled_at: null, scheduled_by: null }).where('page_id', '=', id).where('scheduled_at', '=', draft.scheduled_at).executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action: 'page.unscheduled', pageId: id, before: { at: draft.scheduled_at } }, at);
    return true;
  });
  if (!ended) throw new ApiError(409, 'No publish of this page is scheduled (it may have just been published)');
}

/** POST /api/pages/{id}/discard: the draft back to what was last published (409 for a page never published). */
export async function discardDraft(db: DB, editor: Editor, id: number): Promise<void> {
  const row = await pageOf(db, editor.websiteId, id);
  const published = await lastVersion(db, id);
  if (!published) throw new ApiError(409, 'This page was never published: there is no published version to go back to');
  await replaceDraft(db, editor, row, published.document_json, 'page.draft_discarded', { to_version: published.version });
}

/** POST /api/pages/{id}/versions/{version}/restore: a kept version as the draft (not published). */
export async function restoreVersion(db: DB, editor: Editor, id: number, version: number): Promise<void> {
  const row = await pageOf(db, editor.websiteId, id);
  const kept = await db.selectFrom('page_versions').select('document_json').where('page_id', '=', id).where('version', '=', version).executeTakeFirst();
  if (!kept) throw new ApiError(404, `This page has no version ${version}`);
  await replaceDraft(db, editor, row, kept.document_json, 'page.version_restored', { from_version: version });
}

/** DELETE /api/pages/{id}: the page, its draft and its versions (the home cannot be deleted). */
export async function deletePage(db: DB, editor: Editor, id: number): Promise<void> {
  const row = await pageOf(db, editor.websiteId, id);
  if (row.live_url === HOME || row.url === HOME) throw new ApiError(409, 'The home page cannot be deleted');
  const at = new Date().toISOString();
  await inTransaction(db, async (trx: DB) => {
    await trx.deleteFrom('pages').where('id', '=', id).execute();
    await auditPage(trx, { websiteId: editor.websiteId, userId: editor.userId, action: 'page.deleted', pageId: id, before: { url: row.url, title: row.title, live: row.live === 1 } }, at);
  });
}

/** GET /api/pages/{id}/versions: every kept version, newest first. */
export async function pageVersions(db: DB, websiteId: number, id: number): Promise<{ data: PageVersion[] }> {
  await pageOf(db, websiteId, id);
  const rows = await db.selectFrom('page_versions').select(['version', 'published_at', 'published_by', 'summary']).where('page_id', '=', id).orderBy('version', 'desc').limit(1000).execute();
  const names = await namesOf(db, rows.map((r) => r.published_by));
  return { data: rows.map((r) => ({ version: r.version, published_at: r.published_at, published_by: staffName(names, r.published_by), summary: r.summary })) };
}

/** GET /api/pages/{id}/versions/{version}: the document that version published. */
export async function versionDocument(db: DB, websiteId: number, id: number, version: number): Promise<PageDocument> {
  await pageOf(db, websiteId, id);
  const kept = await db.selectFrom('page_versions').select('document_json').where('page_id', '=', id).where('version', '=', version).executeTakeFirst();
  const document = kept ? keptDocument(kept.document_json) : null;
  if (!document) throw new ApiError(404, `This page has no version ${version}`);
  return document;
}

/** GET /api/pages/{id}/preview: the draft (or a kept version) resolved as the live page would be. */
export async function pagePreview(db: Db, websiteId: number, id: number, version?: number): Promise<PageData> {
  if (version !== undefined) return documentPageData(db, await versionDocument(db.kysely, websiteId, id, version));
  const row = await pageOf(db.kysely, websiteId, id);
  return documentPageData(db, JSON.parse(row.document_json));
}

