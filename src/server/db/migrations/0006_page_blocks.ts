import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/** Content pages made of blocks, and what shoppers send through their forms. */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    const id = (c: any) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
    await db.schema
      .createTable('page_components')
      .addColumn('id', 'integer', id)
      .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('settings_json', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('page_components_page').on('page_components').columns(['page_id', 'position']).execute();
    await db.schema
      .createTable('webui_submissions')
      .addColumn('id', 'integer', id)
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('formtype', 'text', (c) => c.notNull())
      .addColumn('formdata_json', 'text', (c) => c.notNull())
      .addColumn('emailactivation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  });
}
