import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Names in Hindi (docs/languages.md): the catalogue's and content pages' own words, optional, shown on /hi/ pages
 * (the API answers in the request's language) and English where there are none.
 * - products: name_hi, description_hi; packs: name_hi (its label, "1 किलो"); categories and brands: name_hi;
 * - pages: title_hi, seo_title_hi, seo_description_hi.
 *
 * These are page tables (migration 0015): on SQLite their update triggers list the columns they compare, so they
 * are made again with the new columns, in the words 0015 used (a pack's stock counts only across zero).
 * PostgreSQL's compare whole rows already.
 */
const COLUMNS: Record<string, string[]> = {
  products: ['name_hi', 'description_hi'],
  packs: ['name_hi'],
  categories: ['name_hi'],
  brands: ['name_hi'],
  pages: ['title_hi', 'seo_title_hi', 'seo_description_hi'],
};

export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    for (const [table, columns] of Object.entries(COLUMNS)) {
      for (const column of columns) await db.schema.alterTable(table).addColumn(column, 'text').execute();
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await sqliteUpdateTrigger(db, table);
    }
  });
}

/** A page table's SQLite update trigger, as migration 0015 makes it: the generation rises when a column changed. */
async function sqliteUpdateTrigger(db: Kysely<any>, table: string): Promise<void> {
  const stock = table === 'packs' ? 'stock' : undefined;
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
  const changed = columns.filter((c) => c !== stock).map((c) => `old."${c}" is not new."${c}"`);
  if (stock) changed.push(`(old."${stock}" > 0) is not (new."${stock}" > 0)`);
  await sql.raw(`drop trigger if exists page_generation_${table}_update`).execute(db);
  await sql
    .raw(`create trigger page_generation_${table}_update after update on "${table}" when ${changed.join(' or ')} begin update page_generation set generation = generation + 1 where id = 1; end`)
    .execute(db);
}
