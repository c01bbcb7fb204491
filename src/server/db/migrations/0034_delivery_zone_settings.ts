import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * What the back office's delivery screen edits on a zone beyond its charges (docs/back-office-delivery.md):
 * - its delivery window, `window_start` and `window_end` as 24-hour 'HH:MM' in India's time; every zone had the
 *   morning slot, 7:00 to 11:00, until now;
 * - `cod_limit_paise`, the most an order paid cash on delivery may come to there; null keeps the shop's own limit
 *   (COD_LIMIT_RUPEES), which is what every zone had until now;
 * - one name per zone, whatever its case (a pincode refused for being in another zone names that zone): names
 *   already shared are told apart by their id first;
 * - an index on pincodes (zone_id, pincode): a zone's pincodes, in order, without reading every pincode.
 *
 * delivery_zones is a page table (migration 0015): on SQLite its update trigger lists the columns it compares,
 * so it is made again with the new columns, in the words 0015 used. PostgreSQL's compares whole rows already.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    await db.schema.alterTable('delivery_zones').addColumn('window_start', 'text', (c) => c.notNull().defaultTo('07:00')).execute();
    await db.schema.alterTable('delivery_zones').addColumn('window_end', 'text', (c) => c.notNull().defaultTo('11:00')).execute();
    await db.schema.alterTable('delivery_zones').addColumn('cod_limit_paise', 'integer').execute();
    await sql`
      update delivery_zones set name = name || ' #' || cast(id as text)
      where exists (select 1 from delivery_zones d where lower(d.name) = lower(delivery_zones.name) and d.id < delivery_zones.id)`.execute(db);
    await db.schema.createIndex('delivery_zones_name').on('delivery_zones').unique().expression(sql`lower(name)`).execute();
    await db.schema.createIndex('pincodes_zone').on('pincodes').columns(['zone_id', 'pincode']).execute();
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await sqliteUpdateTrigger(db, 'delivery_zones');
  });
}

/** A page table's SQLite update trigger, as migration 0015 makes it: the generation rises when a column changed. */
async function sqliteUpdateTrigger(db: Kysely<any>, table: string): Promise<void> {
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
  const changed = columns.map((c) => `old."${c}" is not new."${c}"`);
  await sql.raw(`drop trigger if exists page_generation_${table}_update`).execute(db);
  await sql
    .raw(`create trigger page_generation_${table}_update after update on "${table}" when ${changed.join(' or ')} begin update page_generation set generation = generation + 1 where id = 1; end`)
    .execute(db);
}
