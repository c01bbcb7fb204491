import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The page builder's drafts, versions and schedule (docs/page-builder.md).
 *
 * - pages stays what shoppers see: its row and page_components are the live page. `live` says whether shoppers see
 *   it at all (a page made in the page builder and never published is not live; nor is an unpublished one);
 *   `published_at`/`published_by` say who last put it live.
 * - page_drafts: one row per page, the draft the editor shows (a page document, possibly with problems), its
 *   `version` (raised by every save, publish, discard and restore: a save names the version it started from and
 *   a conditional update refuses a stale one), who saved it last, and a scheduled publish. Drafts live in their own
 *   table so that saving one never touches the page tables (whose changes move the page generation and so the
 *   page cache).
 * - page_versions: every publish keeps the published document, numbered per page from 1, with who and a summary.
 *
 * Every existing page becomes live, its content its draft (version 1) and its first kept version.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    const id = (c: any) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

    await db.schema.alterTable('pages').addColumn('live', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('pages').addColumn('published_at', 'text').execute();
    await db.schema.alterTable('pages').addColumn('published_by', 'integer').execute();

    await db.schema
      .createTable('page_drafts')
      .addColumn('page_id', 'integer', (c) => c.primaryKey().references('pages.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('document_json', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_at', 'text', (c) => c.notNull())
      .addColumn('saved_by', 'integer')
      .addColumn('scheduled_at', 'text')
      .addColumn('scheduled_by', 'integer')
      .execute();
    await db.schema.createIndex('page_drafts_scheduled').on('page_drafts').column('scheduled_at').execute();

    await db.schema
      .createTable('page_versions')
      .addColumn('id', 'integer', id)
      .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('document_json', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'integer')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addUniqueConstraint('page_versions_page_version', ['page_id', 'version'])
      .execute();

    const pages = (await db.selectFrom('pages').selectAll().orderBy('id').execute()) as PageRow[];
    for (const page of pages) {
      const components = (await db.selectFrom('page_components').selectAll().where('page_id', '=', page.id).orderBy('position').orderBy('id').execute()) as ComponentRow[];
      const document = JSON.stringify(documentOf(page, components));
      await db.insertInto('page_drafts').values({ page_id: page.id, url: page.url, title: page.title, document_json: document, version: 1, saved_at: page.updated_at, saved_by: null }).execute();
      await db.insertInto('page_versions').values({ page_id: page.id, version: 1, document_json: document, published_at: page.updated_at, published_by: null, summary: 'Published' }).execute();
    }
    await sql`update pages set published_at = updated_at`.execute(db);
  });
}

interface PageRow {
  id: number;
  url: string;
  title: string;
  css: string;
  show_navbar: number;
  show_sub_navbar: number;
  show_footer: number;
  seo_title: string | null;
  seo_description: string | null;
  seo_keyword: string | null;
  schema_script: string | null;
  updated_at: string;
}
interface ComponentRow {
  name: string;
  type: string;
  data_json: string;
  settings_json: string | null;
  position: number;
}

/** A live page as the page document the publish command takes (a block's order from its position, as stored). */
function documentOf(page: PageRow, components: ComponentRow[]) {
  const parse = (json: string | null) => {
    if (json === null) return undefined;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return json;
    }
  };
  return {
    url: page.url,
    title: page.title,
    css: page.css,
    show_navbar: page.show_navbar === 1,
    show_sub_navbar: page.show_sub_navbar === 1,
    show_footer: page.show_footer === 1,
    seo_title: page.seo_title,
    seo_description: page.seo_description,
    seo_keyword: page.seo_keyword,
    schema_script: page.schema_script,
    components: components.map((c) => ({
      name: c.name,
      type: c.type,
      data: parse(c.data_json),
      ...(c.settings_json === null ? {} : { settings: parse(c.settings_json) }),
      order: Math.floor(c.position / 1000),
    })),
  };
}
