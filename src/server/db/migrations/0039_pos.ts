import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The point of sale (docs/pos.md), on both backends.
 *
 * - tills: a counter's day in one warehouse: opened with its opening cash, closed with the cash counted, a note
 *   and the Z-report as it was at closing (report_json), never recomputed afterwards.
 * - orders.channel: 'web' (the shop, and a sales agent's orders, which agent_id already tells apart) or 'pos';
 *   orders.till_id and orders.cashier_id: the till and the staff member of a sale at the counter;
 *   orders.stock_short: 1 when a sale took more than the ledger held (a sale queued offline, the goods already
 *   handed over): recorded anyway and flagged for the back office.
 * - orders_till_key (till_id, idempotency_key), unique: a till's queued sale sent again answers the same order.
 *   Web orders have no till (NULL), and NULLs never collide in a unique index on either backend.
 * - pos_payments: how a sale was paid, one row per payment (cash with what was tendered, UPI, card with the
 *   terminal's reference); a UPI payment stays pending until the provider says it was paid.
 * - refunds.till_id: the till whose drawer a return's cash left (the Z-report's cash refunds).
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const id = (c: any) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

    await db.schema
      .createTable('tills')
      .addColumn('id', 'integer', id)
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id'))
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('opening_cash_paise', 'integer', (c) => c.notNull())
      .addColumn('opened_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
      .addColumn('closed_at', 'text')
      .addColumn('counted_cash_paise', 'integer')
      .addColumn('note', 'text')
      .addColumn('report_json', 'text')
      .execute();
    await db.schema.createIndex('tills_website_opened').on('tills').columns(['website_id', 'opened_at']).execute();

    await db.schema.alterTable('orders').addColumn('channel', 'text', (c) => c.notNull().defaultTo('web')).execute();
    await db.schema.alterTable('orders').addColumn('till_id', 'integer', (c) => c.references('tills.id')).execute();
    await db.schema.alterTable('orders').addColumn('cashier_id', 'integer', (c) => c.references('users.id')).execute();
    await db.schema.alterTable('orders').addColumn('stock_short', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('orders_till_key').on('orders').columns(['till_id', 'idempotency_key']).unique().execute();

    await db.schema
      .createTable('pos_payments')
      .addColumn('id', 'integer', id)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('amount_paise', 'integer', (c) => c.notNull())
      .addColumn('tendered_paise', 'integer')
      .addColumn('reference', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pos_payments_order').on('pos_payments').columns(['order_id', 'position']).execute();
    await db.schema.createIndex('pos_payments_till').on('pos_payments').column('till_id').execute();

    await db.schema.alterTable('refunds').addColumn('till_id', 'integer', (c) => c.references('tills.id')).execute();
    await db.schema.createIndex('refunds_till').on('refunds').column('till_id').execute();
  });
}
