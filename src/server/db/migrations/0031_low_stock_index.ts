import { sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office's low stock (docs/back-office-products.md#stock): packs on sale (is_active = 1) by level, each
 * naming its product, as a partial index, so neither the low-stock list nor the product list's low-stock filter
 * reads every pack (300,000 at 100,000 products). Partial, and led by the level: an index led by is_active would
 * be taken by SQLite for any query naming is_active (a product's packs on sale), over the product's own index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, (trx) =>
    trx.schema.createIndex('packs_low_stock').on('packs').columns(['stock', 'product_id']).where(sql.ref('is_active'), '=', 1).execute(),
  );
}
