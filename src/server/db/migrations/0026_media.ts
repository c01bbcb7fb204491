import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The page builder's media library (docs/page-builder.md#media-library): one row per uploaded image of a website,
 * its files named by `key` (`<key>-<width>.webp`, at each width in `widths_json`), its size in pixels as uploaded
 * (upright), the bytes of the file uploaded, its file name and alt text, and who uploaded it when.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('media')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id'))
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('alt', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('widths_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .execute();
    await db.schema.createIndex('media_website').on('media').columns(['website_id', 'id']).execute();
  });
}
