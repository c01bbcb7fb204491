import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { refreshListing } from '../listing';

/**
 * Listing at scale: the columns the listing sorts and searches by, their indexes, and full-text search
 * (SQLite FTS5 with Porter stemming and prefix indexes; PostgreSQL tsvector with a GIN index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('products').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('min_price_paise', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('products').addColumn('discount_pct', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.createIndex('products_active_price').on('products').columns(['is_active', 'min_price_paise', 'id']).execute();
  await db.schema.createIndex('products_active_discount').on('products').columns(['is_active', 'discount_pct', 'id']).execute();
  await db.schema.createIndex('products_active_newest').on('products').columns(['is_active', 'created_at', 'id']).execute();
  await db.schema.dropIndex('products_category').execute();
  await db.schema.dropIndex('products_brand').execute();
  await db.schema.createIndex('products_category').on('products').columns(['category_id', 'is_active', 'popularity']).execute();
  await db.schema.createIndex('products_brand').on('products').columns(['brand_id', 'is_active', 'popularity']).execute();

  if (isPg) {
    await sql`create index products_search on products using gin (to_tsvector('english', search_text))`.execute(db);
  } else {
    await sql`create virtual table products_fts using fts5(search_text, content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    await sql`create trigger products_fts_insert after insert on products begin
      insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`create trigger products_fts_delete after delete on products begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
    await sql`create trigger products_fts_update after update of search_text on products begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  }
  await refreshListing(db);
}
