import { type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * One live provider payment per order. `payment_starts` is the lock a start of an order's payment holds
 * while it asks the provider (one row per order: its primary key is the lock, taken by one atomic upsert,
 * with a lease so a start that died does not hold it for ever); starts racing for one order wait for it and
 * then reuse the payment it recorded. Refunds get a `reason`: why a payment that did not pay its order was
 * given back (a second payment, another amount, a coupon that went to another order), for the shopper.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    await db.schema
      .createTable('payment_starts')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('until', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('refunds').addColumn('reason', 'text').execute();
  });
}
