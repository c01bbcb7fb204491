import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office's products and stock (docs/back-office-products.md):
 * - packs get a barcode (an EAN-13, or null) and an active flag (an inactive pack is not sold);
 * - products get updated_at (the last staff change; the edit form's check that nobody saved in between);
 * - stock_moves: the ledger of every pack's stock in its warehouse (change, reason, who, when, level after), with
 *   an opening entry for every pack there is, so that packs.stock equals the sum of its ledger from here on;
 * - product_slug_redirects: a product's earlier slugs, so /products/{old} answers 301 to its page.
 * The page generation's SQLite triggers on products and packs are made again: an UPDATE trigger there lists the
 * table's columns as they were when it was made, and a change of only a new column (a pack made inactive) must
 * raise it too (PostgreSQL's compare whole rows). The triggers as db/page-generation.ts's migrations made them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
    const id = postgres ? 'serial' : 'integer';
    await trx.schema.alterTable('packs').addColumn('barcode', 'text').execute();
    await trx.schema.alterTable('packs').addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await trx.schema.createIndex('packs_barcode').on('packs').column('barcode').execute();
    await trx.schema.alterTable('products').addColumn('updated_at', 'text').execute();
    await trx.updateTable('products').set({ updated_at: sql`created_at` }).execute();

    await trx.schema
      .createTable('stock_moves')
      .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id').onDelete('cascade'))
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
      .addColumn('change', 'integer', (c) => c.notNull())
      .addColumn('level_after', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('stock_moves_pack').on('stock_moves').columns(['pack_id', 'id']).execute();
    await trx.schema.createIndex('stock_moves_order').on('stock_moves').column('order_id').execute();
    const at = new Date().toISOString();
    await sql`
      insert into stock_moves (pack_id, warehouse_id, change, level_after, reason, at)
      select id, warehouse_id, stock, stock, 'opening', ${at} from packs order by id`.execute(trx);

    await trx.schema
      .createTable('product_slug_redirects')
      .addColumn('old_slug', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema.createIndex('product_slug_redirects_product').on('product_slug_redirects').column('product_id').execute();

    if (!postgres) await createSqliteTriggers(trx, ['products', 'packs']);
  });
}

/** A pack's stock shows only as "in stock" or not. */
const STOCK_ONLY: Record<string, string> = { packs: 'stock' };

/** An update raises the generation only when a column changed (a pack's stock: only across zero). */
async function createSqliteTriggers(db: Kysely<any>, tables: string[]): Promise<void> {
  for (const table of tables) {
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
