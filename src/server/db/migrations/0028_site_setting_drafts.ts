import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The page builder's website settings (docs/page-builder.md#the-website): a draft per website and every published
 * version. The live settings stay where the shop reads them (websites, website_settings, nav_items); a website's
 * first draft, and its version 1 (the settings as they were), are made from them when the page builder first
 * opens its settings.
 *
 * - site_setting_drafts: one row per website, the draft's document (JSON) and its version, raised by every save,
 *   publish, discard and restore; a save names the version it started from and changes the row only while it is
 *   still that one (one atomic conditional update).
 * - site_setting_versions: one row per publish, numbered from 1 per website, with who published it and what
 *   changed in words.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('site_setting_drafts')
      .addColumn('website_id', 'integer', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('document_json', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'text', (c) => c.notNull())
      .addColumn('saved_by', 'integer')
      .execute();
    await db.schema
      .createTable('site_setting_versions')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('document_json', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'integer')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addUniqueConstraint('site_setting_versions_number', ['website_id', 'version'])
      .execute();
  });
}
