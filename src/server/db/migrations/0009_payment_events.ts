import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Payments: the webhook events already received (one row per provider and event id, so a replay is seen by
 * the insert itself, atomically on both backends), and the local payment simulators' own records (their
 * stand-in for the provider's database, shared by every process of the shop). Neither points at orders:
 * an event may name an order this shop never had, and the simulators are a provider, not part of the shop.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('payment_events')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('ref', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_events_provider_event', ['provider', 'event_id'])
      .execute();
    await db.schema
      .createTable('payment_simulations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_simulations_idempotency', ['provider', 'idempotency_key'])
      .execute();
  });
}
