import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/** Sign-in by one-time code: the codes (hashed), the demo outbox, counters for rate limits, website switching. */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    await db.schema
      .createTable('otp_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('pending_json', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('otp_codes_identifier').on('otp_codes').columns(['identifier', 'created_at']).execute();
    await db.schema.createIndex('otp_codes_session').on('otp_codes').columns(['session_id', 'created_at']).execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'created_at']).execute();

    // A super administrator's session can look at another website than its host's.
    await db.schema.alterTable('sessions').addColumn('website_override', 'integer', (c) => c.references('websites.id').onDelete('set null')).execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .execute();
  });
}
