import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Profile: whether a user's phone and email were proven by a one-time code. Registration sends its code to the
 * phone, so every account made so far has a verified phone and an unverified email; signing in by code marks
 * the address used, and the profile's contact change marks the one it verified. A change waiting for its code
 * lives in otp_codes (purpose 'contact', the new value in pending_json): nothing in users changes until then.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    await db.schema.alterTable('users').addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('phone_verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('users').set({ phone_verified: 1 }).execute();
  });
}
