import type { Kysely, Selectable } from 'kysely';
import {
  changedSections,
  countItems,
  MAX_ITEMS,
  SiteDocument,
  shapeErrors,
  siteDocumentErrors,
  THEME_KEYS,
  type SiteLinkItem,
  type SiteSettings,
  type SiteVersion,
} from '../../contract/site-settings';
import { formatTime } from '../../lib/format';
import { staleSaveMessage } from '../../contract/page-builder';
import type { Db } from '../db';
import { readPageGeneration } from '../db/page-generation';
import type { Database, NavItemTable } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/errors';
import { recordAudit } from './audit';
import { namesOf, staffName } from './staff-names';

/**
 * The page builder's website settings (docs/page-builder.md#the-website): one document per website (navigation,
 * footer, popup, theme, SEO defaults, logo and favicon) kept as a draft (site_setting_drafts) and published into
 * the tables the shop reads (websites, website_settings, nav_items), whose triggers raise the page generation so
 * every cached page is drawn again. Every publish is kept (site_setting_versions) and can be restored as the draft.
 * Each change writes one staff_audit row in its own transaction.
 */

type DB = Kysely<Database>;
export interface Staff {
  userId: number;
  websiteId: number;
}

const PREVIEW_URL = '/page-builder/preview/site';

const json = (text: string | null | undefined): Record<string, unknown> => {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const str = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** One spelling of a document: text trimmed, every item with its icon (null for none), so equal settings compare equal. */
function normalise(doc: SiteDocument): SiteDocument {
  const items = (list: SiteLinkItem[]): SiteLinkItem[] => list.map((i) => ({ name: i.name.trim(), link: i.link.trim(), icon: i.icon?.trim() || null, children: items(i.children) }));
  const colours = Object.fromEntries(Object.entries(doc.theme.colours).flatMap(([k, v]) => (v?.trim() ? [[k, v.trim()]] : [])));
  return {
    navigation: items(doc.navigation),
    footer: items(doc.footer),
    popup: doc.popup ? { ...doc.popup, image: doc.popup.image.trim(), alt: doc.popup.alt.trim(), link: doc.popup.link.trim() } : null,
    theme: { colours, font_family: doc.theme.font_family.trim() },
    seo: { og_title: doc.seo.og_title.trim(), og_description: doc.seo.og_description.trim(), meta_keywords: doc.seo.meta_keywords.trim(), og_image: doc.seo.og_image.trim() },
    logo: doc.logo.trim(),
    favicon: doc.favicon.trim(),
  };
}

/** The items of one kind as a tree, in order. */
function itemTree(rows: Selectable<NavItemTable>[]): SiteLinkItem[] {
  const nodes = new Map(rows.map((row) => [row.id, { name: row.name, link: row.link ?? '', icon: row.show_icon === 1 ? row.icon : null, children: [] as SiteLinkItem[] }]));
  const roots: SiteLinkItem[] = [];
  for (const row of rows) {
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

/** What shoppers see now, read from the shop's own tables. */
async function liveDocument(db: DB, websiteId: number): Promise<SiteDocument> {
  const [website, settings, rows] = await Promise.all([
    db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirstOrThrow(),
    db.selectFrom('website_settings').selectAll().where('website_id', '=', websiteId).executeTakeFirst(),
    db.selectFrom('nav_items').selectAll().where('website_id', '=', websiteId).orderBy('position').orderBy('id').execute(),
  ]);
  const popup = settings?.popup_json ? json(settings.popup_json) : null;
  const theme = json(settings?.theme_json);
  const seo = json(settings?.seo_json);
  return normalise({
    navigation: itemTree(rows.filter((r) => r.kind === 'nav')),
    footer: itemTree(rows.filter((r) => r.kind === 'footer')),
    popup: popup
      ? { image: str(popup.image), alt: str(popup.alt), link: str(popup.link), duration: Number.isInteger(popup.duration) ? Number(popup.duration) : 5, once: popup.once === true }
      : null,
    theme: {
      colours: Object.fromEntries(THEME_KEYS.flatMap((key) => (typeof theme[key] === 'string' ? [[key, theme[key]]] : []))),
      font_family: website.font_family,
    },
    seo: {
      og_title: str(seo.og_title ?? website.name),
      og_description: str(seo.og_description ?? website.description),
      meta_keywords: str(seo.meta_keywords),
      og_image: str(seo.og_image),
    },
    logo: website.logo ?? '',
    favicon: website.favicon ?? '',
  });
}

/** The draft's row, made from what is live (as version 1) the first time the settings are opened. */
async function draftRow(db: DB, websiteId: number, at = new Date()) {
  const row = await db.selectFrom('site_setting_drafts').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
  if (row) return row;
  const document = JSON.stringify(await liveDocument(db, websiteId));
  const now = at.toISOString();
  await db.insertInto('site_setting_drafts').values({ website_id: websiteId, version: 1, document_json: document, saved_at: now, saved_by: null }).onConflict((oc) => oc.column('website_id').doNothing()).execute();
  await db
    .insertInto('site_setting_versions')
    .values({ website_id: websiteId, version: 1, document_json: document, published_at: now, published_by: null, summary: 'The settings as they were' })
    .onConflict((oc) => oc.columns(['website_id', 'version']).doNothing())
    .execute();
  return db.selectFrom('site_setting_drafts').selectAll().where('website_id', '=', websiteId).executeTakeFirstOrThrow();
}

/** A stored document, read as the contract has it (a stored one that no longer fits reads as what is live). */
function storedDocument(text: string): SiteDocument | null {
  try {
    const parsed = SiteDocument.safeParse(JSON.parse(text));
    return parsed.success ? normalise(parsed.data) : null;
  } catch {
    return null;
  }
}

/** GET /api/site-settings: the draft, what is live, the version and the draft's problems. */
export async function siteSettings(db: Db, websiteId: number): Promise<SiteSettings> {
  const k = db.kysely;
  const row = await draftRow(k, websiteId);
  const published = await liveDocument(k, websiteId);
  const draft = storedDocument(row.document_json) ?? published;
  const last = await k.selectFrom('site_setting_versions').selectAll().where('website_id', '=', websiteId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  const names = await namesOf(k, [row.saved_by, last?.published_by]);
  return {
    version: row.version,
    draft,
    published,
    changed: JSON.stringify(draft) !== JSON.stringify(published),
    errors: siteDocumentErrors(draft),
    saved_at: row.saved_at,
    saved_by: staffName(names, row.saved_by),
    published_at: last?.published_at ?? null,
    published_by: staffName(names, last?.published_by),
    preview_url: PREVIEW_URL,
  };
}

/** A document of the right shape, or a 400 with its problems by field path (nothing is saved). */
function parseDocument(input: unknown): SiteDocument {
  const parsed = SiteDocument.safeParse(input);
  if (!parsed.success) {
    const errors = shapeErrors(parsed.error);
    throw new ApiError(400, Object.values(errors)[0]?.[0] ?? 'The settings are not valid', errors);
  }
  if (countItems(parsed.data.navigation) > MAX_ITEMS * 2 || countItems(parsed.data.footer) > MAX_ITEMS * 2) {
    throw new ApiError(400, `At most ${MAX_ITEMS} items`, { document: [`At most ${MAX_ITEMS} items`] });
  }
  return normalise(parsed.data);
}

/** "Changed by Meera Iyer at 3:42 PM — reload to see their version" (409), naming who saved since. */
async function conflict(db: DB, websiteId: number): Promise<ApiError> {
  const row = await db.selectFrom('site_setting_drafts').selectAll().where('website_id', '=', websiteId).executeTakeFirstOrThrow();
  const by = staffName(await namesOf(db, [row.saved_by]), row.saved_by);
  return new ApiError(409, staleSaveMessage(by?.name ?? null, formatTime(row.saved_at)), undefined, { version: row.version, saved_at: row.saved_at, saved_by: by });
}

/** One staff_audit row for a change to the settings, in the change's transaction (the one audit writer: orders/events.ts). */
function audit(db: DB, staff: Staff, action: string, before: unknown, after: unknown, at: Date) {
  return recordAudit(db, { websiteId: staff.websiteId, userId: staff.userId, action, subject: { kind: 'site_settings', id: staff.websiteId }, orderId: null, before, after }, at);
}

/**
 * Replaces the draft when it is still at `version` (one conditional update: of two saves from the same version
 * exactly one wins, the other gets 409), with one audit row in the same transaction. Returns the new version.
 */
async function replaceDraft(db: DB, staff: Staff, version: number | undefined, document: SiteDocument, action: string, details: Record<string, unknown>, at: Date): Promise<number> {
  const current = await draftRow(db, staff.websiteId, at);
  const from = version ?? current.version;
  const updated = await db
    .updateTable('site_setting_drafts')
    .set((eb) => ({ version: eb('version', '+', 1), document_json: JSON.stringify(document), saved_at: at.toISOString(), saved_by: staff.userId }))
    .where('website_id', '=', staff.websiteId)
    .where('version', '=', from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw await conflict(db, staff.websiteId);
  await audit(db, staff, action, { version: from }, { version: from + 1, ...details }, at);
  return from + 1;
}

/** PUT /api/site-settings/draft: saves the draft (with its problems, which publish refuses). */
export async function saveSiteDraft(db: Db, staff: Staff, body: { version: number; document: unknown }) {
  const document = parseDocument(body.document);
  const at = new Date();
  const version = await inTransaction(db.kysely, async (trx: DB) => {
    const before = storedDocument((await draftRow(trx, staff.websiteId, at)).document_json);
    return replaceDraft(trx, staff, body.version, document, 'site_settings.saved', { changed: changedSections(before, document) }, at);
  });
  return { version, saved_at: at.toISOString(), errors: siteDocumentErrors(document) };
}

/** The rows of one kind of item, parents before children. */
async function writeItems(db: DB, websiteId: number, kind: 'nav' | 'footer', items: SiteLinkItem[], parentId: number | null, group: number) {
  for (const [position, item] of items.entries()) {
    const link = item.link.trim() || null;
    const groupNo = parentId === null && kind === 'footer' ? position + 1 : group;
    const { id } = await db
      .insertInto('nav_items')
      .values({
        website_id: websiteId,
        kind,
        parent_id: parentId,
        group_no: groupNo,
        name: item.name.trim(),
        icon: item.icon ?? null,
        show_icon: item.icon ? 1 : 0,
        link,
        value: link,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeItems(db, websiteId, kind, item.children, id, groupNo);
  }
}

/** Writes a document into the tables the shop reads. */
async function writeLive(db: DB, websiteId: number, doc: SiteDocument) {
  const none = (text: string) => (text.trim() ? text.trim() : null);
  await db.updateTable('websites').set({ logo: none(doc.logo), favicon: none(doc.favicon), font_family: doc.theme.font_family.trim() }).where('id', '=', websiteId).execute();
  const values = {
    popup_json: doc.popup ? JSON.stringify({ image: doc.popup.image.trim(), alt: doc.popup.alt.trim(), duration: doc.popup.duration, link: none(doc.popup.link), once: doc.popup.once }) : null,
    theme_json: JSON.stringify(Object.fromEntries(Object.entries(doc.theme.colours).filter(([, v]) => v?.trim()).map(([k, v]) => [k, v!.trim()]))),
    seo_json: JSON.stringify({ og_title: doc.seo.og_title.trim(), og_description: doc.seo.og_description.trim(), meta_keywords: doc.seo.meta_keywords.trim(), og_image: none(doc.seo.og_image) }),
  };
  const updated = await db.updateTable('website_settings').set(values).where('website_id', '=', websiteId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('website_settings').values({ website_id: websiteId, nav_setting_json: '{}', address_json: '{}', ...values }).execute();
  // Children first would break nothing (the parent's delete cascades), but one statement is enough.
  await db.deleteFrom('nav_items').where('website_id', '=', websiteId).execute();
  await writeItems(db, websiteId, 'nav', doc.navigation, null, 0);
  await writeItems(db, websiteId, 'footer', doc.footer, null, 0);
}

/**
 * POST /api/site-settings/publish: refuses a draft with problems (400, by field path); else writes it into the
 * shop's tables, keeps it as the next version and raises the draft's version, all in one transaction.
 */
export async function publishSiteSettings(db: Db, staff: Staff, version: number | undefined): Promise<SiteSettings> {
  const at = new Date();
  await inTransaction(db.kysely, async (trx: DB) => {
    const row = await draftRow(trx, staff.websiteId, at);
    if (version !== undefined && version !== row.version) throw await conflict(trx, staff.websiteId);
    const draft = storedDocument(row.document_json);
    if (!draft) throw new ApiError(400, 'The draft cannot be read: discard it and start again');
    const errors = siteDocumentErrors(draft);
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new ApiError(400, `Fix the problems before publishing: ${first}`, errors);
    const before = await liveDocument(trx, staff.websiteId);
    await writeLive(trx, staff.websiteId, draft);
    const last = await trx.selectFrom('site_setting_versions').select('version').where('website_id', '=', staff.websiteId).orderBy('version', 'desc').limit(1).executeTakeFirst();
    const number = (last?.version ?? 0) + 1;
    const summary = changedSections(before, draft);
    await trx
      .insertInto('site_setting_versions')
      .values({ website_id: staff.websiteId, version: number, document_json: JSON.stringify(draft), published_at: at.toISOString(), published_by: staff.userId, summary })
      .execute();
    await replaceDraft(trx, staff, row.version, draft, 'site_settings.published', { published_version: number, changed: summary }, at);
  });
  // This process reads the new generation now: its copies of the website's record are read again (http/website.ts).
  await readPageGeneration(db.kysely);
  return siteSettings(db, staff.websiteId);
}

/** POST /api/site-settings/discard: the draft becomes what is live again. */
export async function discardSiteDraft(db: Db, staff: Staff, version: number | undefined): Promise<SiteSettings> {
  const at = new Date();
  await inTransaction(db.kysely, async (trx: DB) => {
    const live = await liveDocument(trx, staff.websiteId);
    await replaceDraft(trx, staff, version, live, 'site_settings.discarded', {}, at);
  });
  return siteSettings(db, staff.websiteId);
}

/** GET /api/site-settings/versions: every published version, newest first. */
export async function siteVersions(db: Db, websiteId: number): Promise<{ data: SiteVersion[] }> {
  await draftRow(db.kysely, websiteId);
  const rows = await db.kysely
    .selectFrom('site_setting_versions as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .select(['v.version', 'v.published_at', 'v.published_by', 'v.summary', 'u.name'])
    .where('v.website_id', '=', websiteId)
    .orderBy('v.version', 'desc')
    .limit(200)
    .execute();
  return {
    data: rows.map((r) => ({
      version: r.version,
      published_at: r.published_at,
      published_by: r.published_by !== null && r.name !== null ? { id: r.published_by, name: r.name } : null,
      summary: r.summary,
    })),
  };
}

/** POST /api/site-settings/versions/{version}/restore: that version becomes the draft (publish makes it live). */
export async function restoreSiteVersion(db: Db, staff: Staff, number: number): Promise<SiteSettings> {
  const at = new Date();
  await inTransaction(db.kysely, async (trx: DB) => {
    const kept = await trx.selectFrom('site_setting_versions').select('document_json').where('website_id', '=', staff.websiteId).where('version', '=', number).executeTakeFirst();
    if (!kept) throw new ApiError(404, `No version ${number}`);
    const document = storedDocument(kept.document_json);
    if (!document) throw new ApiError(409, `Version ${number} cannot be read any more`);
    await replaceDraft(trx, staff, undefined, document, 'site_settings.restored', { restored_version: number }, at);
  });
  return siteSettings(db, staff.websiteId);
}
