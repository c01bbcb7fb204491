import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Refunds of orders paid online (cancelled after paying, or paid after they were cancelled): one row per
 * provider payment, written in the same transaction as the change that owes it, then sent to the provider
 * after commit. `pending` until the provider says processed or failed; a row still pending whose
 * next_attempt_at has passed is taken again by the sweeper (its idempotency key makes the retry safe).
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('refunds')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('provider', 'text', (c) => c.notNull())
      // The provider's reference for the payment (the Razorpay order, the Stripe PaymentIntent), and its
      // payment once known (Razorpay's pay_…; for Stripe the PaymentIntent again).
      .addColumn('payment_ref', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text')
      .addColumn('amount_paise', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_refund_id', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .addUniqueConstraint('refunds_provider_payment', ['provider', 'payment_ref'])
      .addUniqueConstraint('refunds_idempotency_key', ['idempotency_key'])
      .execute();
    await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
    await db.schema.createIndex('refunds_due').on('refunds').columns(['status', 'next_attempt_at']).execute();
  });
}
