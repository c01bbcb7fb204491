import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office's product list and low stock (docs/back-office-products.md), at 100,000 products:
 * - packs_low_stock: packs on sale (is_active = 1) by level, each naming its product, so neither the low-stock
 *   list nor the product list's low-stock filter reads every pack (300,000). Partial, and led by the level: an
 *   index led by is_active would be taken by SQLite for any query naming is_active (a product's packs on sale),
 *   over the product's own index;
 * - products_name: the list sorted by name reads its first page from an index instead of sorting every product.
 * A SQLite shop that was analysed (the seed runs ANALYZE) has statistics for its other indexes and none for new
 * ones, and SQLite then guesses a new index far more selective than it is; so each is analysed at once there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    // PostgreSQL runs every pending migration in one transaction with the page generation's triggers deferred to its
    // end: 0030 dated every product, and PostgreSQL refuses to index a table with trigger events pending. Fire them.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`set constraints all immediate`.execute(trx);
    await trx.schema.createIndex('packs_low_stock').on('packs').columns(['stock', 'product_id']).where(sql.ref('is_active'), '=', 1).execute();
    await trx.schema.createIndex('products_name').on('products').columns(['name', 'id']).execute();
    if (trx.getExecutor().adapter instanceof PostgresAdapter) return;
    const analysed = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(trx);
    if (Number(analysed.rows[0]?.n) > 0) await sql`analyze packs_low_stock`.execute(trx).then(() => sql`analyze products_name`.execute(trx));
  });
}
