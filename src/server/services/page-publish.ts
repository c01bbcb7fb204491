import type { Kysely } from 'kysely';
import type { PageDocument } from '../../contract';
import { describeChanges } from '../../lib/page-changes';
import type { Database } from '../db/schema';
import { recordAudit } from './audit';

type DB = Kysely<Database>;

/**
 * Putting a page document live, the one way every publish does it (the publish command, the page builder's
 * publish and its scheduled publish): the page's row and blocks replaced (which moves the page generation, so the
 * page cache and GET /api/page/data answer the new page from the next request), the page marked live, and the
 * document kept as the page's next version with a summary of what changed. Runs in the caller's transaction.
 */
export async function putLive(trx: DB, pageId: number, doc: PageDocument, by: number | null, at: string): Promise<number> {
  await trx
    .updateTable('pages')
    .set({
      url: doc.url, title: doc.title, css: doc.css, show_navbar: doc.show_navbar ? 1 : 0, show_sub_navbar: doc.show_sub_navbar ? 1 : 0,
      show_footer: doc.show_footer ? 1 : 0, seo_title: doc.seo_title, seo_description: doc.seo_description,
      seo_keyword: doc.seo_keyword, schema_script: doc.schema_script, updated_at: at,
      title_hi: doc.title_hi || null, seo_title_hi: doc.seo_title_hi || null, seo_description_hi: doc.seo_description_hi || null, live: 1, published_at: at, published_by: by,
    })
    .where('id', '=', pageId)
    .execute();
  await trx.deleteFrom('page_components').where('page_id', '=', pageId).execute();
  for (const [position, c] of doc.components.entries()) {
    await trx
      .insertInto('page_components')
      .values({ page_id: pageId, name: c.name, type: c.type, data_json: JSON.stringify(c.data), settings_json: c.settings === undefined ? null : JSON.stringify(c.settings), position: c.order * 1000 + position })
      .execute();
  }
  const last = await lastVersion(trx, pageId);
  const version = (last?.version ?? 0) + 1;
  await trx
    .insertInto('page_versions')
    .values({ page_id: pageId, version, document_json: JSON.stringify(doc), published_at: at, published_by: by, summary: describeChanges(last ? JSON.parse(last.document_json) : null, doc) })
    .execute();
  return version;
}

/** A page's newest kept version (what was last published), if it was ever published. */
export function lastVersion(db: DB, pageId: number) {
  return db.selectFrom('page_versions').select(['version', 'document_json']).where('page_id', '=', pageId).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** One staff_audit row for a change to a page, in the change's transaction (the one audit writer: orders/events.ts). */
export function auditPage(trx: DB, entry: { websiteId: number; userId: number; action: string; pageId: number; before?: unknown; after?: unknown }, at: string): Promise<void> {
  return recordAudit(trx, { websiteId: entry.websiteId, userId: entry.userId, action: entry.action, subject: { kind: 'page', id: entry.pageId }, orderId: null, before: entry.before, after: entry.after }, new Date(at));
}
