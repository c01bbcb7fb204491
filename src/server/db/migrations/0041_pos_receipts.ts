import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The point of sale's receipts by the notifier (docs/pos.md#the-receipt-link).
 *
 * - orders.receipt_token: a POS sale's receipt link (/receipt/<token>): 32 random characters (192 bits,
 *   base64url), never the order number, so the page needs no sign-in and cannot be guessed. Null for web orders.
 *   Unique (NULLs never collide on either backend).
 * - orders_stock_short (website_id, stock_short, created_at): the back office's queue filter for stock-short sales.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    await db.schema.alterTable('orders').addColumn('receipt_token', 'text').execute();
    await db.schema.createIndex('orders_receipt_token').on('orders').column('receipt_token').unique().execute();
    await db.schema.createIndex('orders_stock_short').on('orders').columns(['website_id', 'stock_short', 'created_at']).execute();
  });
}
