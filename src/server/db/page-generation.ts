import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The page generation: one number the database raises in the same transaction as any change a shared page could
 * show (a product, a pack's price or whether it is in stock, a category, a menu, a page, a website's settings). The
 * in-memory page cache (lib/page-cache.ts) keeps a rendered page with the generation read before rendering it and
 * serves it only while the number is unchanged, so once a change is committed no instance serves the old page:
 * exact on any number of processes and machines, by any writer (the API, a script, an import straight into the
 * tables), with no message to lose. Why a number in the database rather than Redis pub/sub or LISTEN/NOTIFY: a
 * message arrives after the commit, so a page read in between would be served old, and a subscriber that
 * reconnects has missed what was said meanwhile; the number is read with one primary-key lookup per cached answer.
 *
 * Triggers raise it. An update that changes nothing (the listing's figures recomputed to the same values after an
 * order) raises nothing, and a pack's stock raises it only when the pack goes out of or back into stock (what a
 * card shows), so orders do not empty the cache. On PostgreSQL the raise is a deferred constraint trigger, taken
 * once per transaction at commit: the generation's row is the last lock a transaction takes, so two orders selling
 * the last packs cannot deadlock on it.
 */

/** The tables whose rows a shared page shows (products' derived words included). */
export const PAGE_TABLES = [
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
] as const;

/** A pack's stock shows only as "in stock" or not. */
const STOCK_ONLY = { packs: 'stock' } as Record<string, string>;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The newest generation this process has read, per database. */
const seen = new WeakMap<Kysely<any>, number>();

/**
 * The current generation (0 before any change). The page cache reads it before each shared page it answers, and
 * every read is remembered: see seenPageGeneration.
 */
export async function readPageGeneration(db: Kysely<any>): Promise<number> {
  const row = await db.selectFrom('page_generation').select('generation').where('id', '=', 1).executeTakeFirst();
  const generation = Number(row?.generation ?? 0);
  if (generation > (seen.get(db) ?? 0)) seen.set(db, generation);
  return generation;
}

/**
 * The newest generation this process has read for that database (0 before the first read). A per-process copy of
 * page data (a website's record, its search synonyms) notes this number before it reads the rows and is not used
 * once a newer one has been read: the page cache reads the generation before rendering, so a page rendered again
 * after a change is drawn from the tables, never from a copy older than the change. Between page reads the copies
 * keep their own time limits.
 */
export function seenPageGeneration(db: Kysely<any>): number {
  return seen.get(db) ?? 0;
}

/** Creates the generation's row and (again) every trigger: a migration that adds a column to a page table calls it. */
export async function createPageGenerationTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return createPostgresTriggers(db);
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
    // TRUNCATE (an import that empties a table to load it again) fires no row trigger: once per statement, at once.
    await sql.raw(`drop trigger if exists page_generation_truncate on "${table}"`).execute(db);
    await sql.raw(`create trigger page_generation_truncate after truncate on "${table}" for each statement execute function page_generation_raise()`).execute(db);
  }
}
