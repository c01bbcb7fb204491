import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office: what staff do to orders, and what shoppers are told.
 *
 * - order_events: every change of an order's status (and every refund or note), with who made it: the shopper,
 *   a sales agent, staff, a provider's webhook or the sweeper. The order's timeline.
 * - staff_audit: one row per staff action (who, when, what, before → after, reason), written in the same
 *   transaction as the change. Nothing deletes it.
 * - notifications: the durable queue of messages to shoppers, one row per message and channel, written in the
 *   same transaction as the change and sent after commit; next_attempt_at is both the retry time and the lease of
 *   whoever is sending it.
 * - refunds may now be partial and several per payment: `kind` is 'whole' (a cancel, or a payment that did not
 *   pay its order: still one per payment, a partial unique index) or 'part' (staff refunding lines or an amount);
 *   refund_lines says which lines and quantities a part refund gave back. A refund settled by hand (a bank
 *   transfer) keeps the transfer's reference and who recorded it. SQLite cannot drop the old unique constraint,
 *   so its table is rebuilt (nothing references refunds); PostgreSQL alters it.
 * - orders.status_at: when the current status was set (the queue's "delivered today"); backfilled with updated_at.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    const id = (c: any) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

    await db.schema
      .createTable('order_events')
      .addColumn('id', 'integer', id)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('note', 'text')
      .addColumn('details_json', 'text')
      .execute();
    await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

    await db.schema
      .createTable('staff_audit')
      .addColumn('id', 'integer', id)
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('website_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('staff_audit_order').on('staff_audit').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('staff_audit_subject').on('staff_audit').columns(['subject_kind', 'subject_id']).execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'integer', id)
      .addColumn('order_id', 'integer')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('payload_json', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('notifications_due').on('notifications').columns(['state', 'next_attempt_at']).execute();
    await db.schema.createIndex('notifications_order').on('notifications').columns(['order_id', 'id']).execute();

    // Refunds: several per payment, partial ones with their lines.
    if (isPg) {
      await sql`alter table refunds drop constraint refunds_provider_payment`.execute(db);
      await sql`alter table refunds add column kind text not null default 'whole'`.execute(db);
      await sql`alter table refunds add column manual_reference text`.execute(db);
      await sql`alter table refunds add column settled_by integer`.execute(db);
      await sql`alter table refunds add column restock integer not null default 0`.execute(db);
    } else {
      await db.schema
        .createTable('refunds_new')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
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
        .addColumn('reason', 'text')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('whole'))
        .addColumn('manual_reference', 'text')
        .addColumn('settled_by', 'integer')
        .addColumn('restock', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('refunds_idempotency_key_new', ['idempotency_key'])
        .execute();
      const columns = ['id', 'order_id', 'provider', 'payment_ref', 'payment_id', 'amount_paise', 'currency', 'status', 'provider_refund_id', 'idempotency_key', 'attempts', 'last_error', 'next_attempt_at', 'created_at', 'updated_at', 'processed_at', 'reason'];
      const list = sql.join(columns.map((c) => sql.ref(c)));
      await sql`insert into refunds_new (${list}) select ${list} from refunds`.execute(db);
      await db.schema.dropTable('refunds').execute();
      await db.schema.alterTable('refunds_new').renameTo('refunds').execute();
      await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
      await db.schema.createIndex('refunds_due').on('refunds').columns(['status', 'next_attempt_at']).execute();
    }
    // A whole refund (a cancel's, or a stray payment's) is still recorded once per payment, whatever races.
    await db.schema.createIndex('refunds_whole_per_payment').on('refunds').columns(['provider', 'payment_ref']).unique().where(sql.ref('kind'), '=', 'whole').execute();

    await db.schema
      .createTable('refund_lines')
      .addColumn('refund_id', 'integer', (c) => c.notNull().references('refunds.id'))
      .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('amount_paise', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('refund_lines_pk', ['refund_id', 'order_line_id'])
      .execute();
    await db.schema.createIndex('refund_lines_line').on('refund_lines').column('order_line_id').execute();

    await sql`alter table orders add column status_at text`.execute(db);
    await sql`update orders set status_at = updated_at`.execute(db);
    await db.schema.createIndex('orders_website_status').on('orders').columns(['website_id', 'status', 'status_at']).execute();
  });
}
