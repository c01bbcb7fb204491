import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Listing at scale: the columns the listing sorts and searches by, their indexes, and full-text search
 * (SQLite FTS5 with Porter stemming and prefix indexes; PostgreSQL a stored tsvector with a GIN index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    const isPg = trx.getExecutor().adapter instanceof PostgresAdapter;
    await trx.schema.alterTable('products').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
    await trx.schema.alterTable('products').addColumn('min_price_paise', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await trx.schema.alterTable('products').addColumn('discount_pct', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // Fill the new columns before any search index or trigger exists, so those start from complete rows.
    await fillListingColumns(trx);

    await trx.schema.createIndex('products_active_price').on('products').columns(['is_active', 'min_price_paise', 'id']).execute();
    await trx.schema.createIndex('products_active_discount').on('products').columns(['is_active', 'discount_pct', 'id']).execute();
    await trx.schema.createIndex('products_active_newest').on('products').columns(['is_active', 'created_at', 'id']).execute();
    await trx.schema.dropIndex('products_category').execute();
    await trx.schema.dropIndex('products_brand').execute();
    await trx.schema.createIndex('products_category').on('products').columns(['category_id', 'is_active', 'popularity']).execute();
    await trx.schema.createIndex('products_brand').on('products').columns(['brand_id', 'is_active', 'popularity']).execute();

    if (isPg) {
      await sql`alter table products add column search_vector tsvector generated always as (to_tsvector('english', search_text)) stored`.execute(trx);
      await sql`create index products_search on products using gin (search_vector)`.execute(trx);
      return;
    }
    await sql`create virtual table products_fts using fts5(search_text, content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(trx);
    // External-content FTS5 must hold exactly what the table holds, or a later delete corrupts it.
    await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(trx);
    await sql`create trigger products_fts_insert after insert on products begin
      insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(trx);
    await sql`create trigger products_fts_delete after delete on products begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(trx);
    await sql`create trigger products_fts_update after update of search_text on products begin
      insert into products_fts(products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into products_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(trx);
  });
}

/**
 * The listing's columns from each product's rows, as db/listing.ts computed them when this migration was made:
 * the text search reads (name, brand, and its category with up to two ancestors), the lowest pack price, and the
 * best percentage off across packs.
 */
async function fillListingColumns(db: Kysely<any>): Promise<void> {
  await sql`
    update products set
      search_text = name
        || ' ' || coalesce((select b.name from brands b where b.id = products.brand_id), '')
        || ' ' || coalesce((select c.name from categories c where c.id = products.category_id), '')
        || ' ' || coalesce((select p.name from categories c join categories p on p.id = c.parent_id where c.id = products.category_id), '')
        || ' ' || coalesce((select g.name from categories c join categories p on p.id = c.parent_id join categories g on g.id = p.parent_id where c.id = products.category_id), ''),
      min_price_paise = coalesce((select min(pk.price_paise) from packs pk where pk.product_id = products.id), 0),
      discount_pct = coalesce((
        select max(case when pk.act_price_paise > pk.price_paise then ((pk.act_price_paise - pk.price_paise) * 100) / pk.act_price_paise else 0 end)
        from packs pk where pk.product_id = products.id), 0)`.execute(db);
}
