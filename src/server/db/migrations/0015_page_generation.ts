import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The page generation (docs/scaling-and-caching.md): one row the page tables' triggers raise on every change a shared page shows
 * (db/page-generation.ts). The triggers as db/page-generation.ts created them when this migration was made;
 * 0016 creates them again with TRUNCATE on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable('page_generation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('generation', 'bigint', (c) => c.notNull())
      .execute();
    await trx.insertInto('page_generation').values({ id: 1, generation: 0 }).execute();
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await createPostgresTriggers(trx);
    else await createSqliteTriggers(trx);
  });
}

/** The tables whose rows a shared page shows (products' derived words included). */
const PAGE_TABLES = [
  'websites',
  'website_domains',
  'website_settings',
  'nav_items',
  'pages',
  'page_components',
  'categories',
  'brands',
  'suppliers',
  'warehouses',
  'products',
  'product_media',
  'packs',
  'delivery_zones',
  'pincodes',
  'warehouse_zones',
  'search_synonyms',
  'search_words',
  'product_words',
];

/** A pack's stock shows only as "in stock" or not. */
const STOCK_ONLY: Record<string, string> = { packs: 'stock' };

/** An update raises the generation only when a column changed (a pack's stock: only across zero). */
async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const table of PAGE_TABLES) {
    const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
    const stock = STOCK_ONLY[table];
    const changed = columns.filter((c) => c !== stock).map((c) => `old."${c}" is not new."${c}"`);
    if (stock) changed.push(`(old."${stock}" > 0) is not (new."${stock}" > 0)`);
    const bump = 'begin update page_generation set generation = generation + 1 where id = 1; end';
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists page_generation_${table}_${event}`).execute(db);
      const when = event === 'update' ? ` when ${changed.join(' or ')}` : '';
      await sql.raw(`create trigger page_generation_${table}_${event} after ${event} on "${table}"${when} ${bump}`).execute(db);
    }
  }
}

/** A deferred constraint trigger per row, raising the generation once per transaction, at commit. */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  // Once per transaction: the first row's trigger raises the number and marks the transaction; the rest see the mark.
  await sql`
    create or replace function page_generation_raise() returns trigger language plpgsql as $$
    begin
      if current_setting('storefront.page_generation_raised', true) is distinct from txid_current()::text then
        update page_generation set generation = generation + 1 where id = 1;
        perform set_config('storefront.page_generation_raised', txid_current()::text, true);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of PAGE_TABLES) {
    const stock = STOCK_ONLY[table];
    const changed = stock
      ? `(to_jsonb(old) - '${stock}') is distinct from (to_jsonb(new) - '${stock}') or (old."${stock}" > 0) is distinct from (new."${stock}" > 0)`
      : 'old.* is distinct from new.*';
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists page_generation_${event} on "${table}"`).execute(db);
      const when = event === 'update' ? ` when (${changed})` : '';
      await sql
        .raw(
          `create constraint trigger page_generation_${event} after ${event} on "${table}" deferrable initially deferred ` +
            `for each row${when} execute function page_generation_raise()`,
        )
        .execute(db);
    }
  }
}
