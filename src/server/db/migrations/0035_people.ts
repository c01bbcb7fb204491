import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office's People and Audit log (docs/back-office-people.md), on both backends.
 *
 * - users.blocked_at and users.blocked_by: a blocked user (blocked_at set) cannot sign in, and their sessions are
 *   deleted in the transaction that blocks them; blocked_by is the staff member who did it. Unblocking clears both.
 * - sessions_user (user_id): blocking deletes a user's sessions without reading every session of the shop.
 * - staff_audit_website (website_id, at, id), staff_audit_website_user (website_id, user_id, at) and
 *   staff_audit_website_subject (website_id, subject_kind, at): the audit log reads a website's rows newest first,
 *   of everyone or of one person or one kind of subject, and the CSV export pages through them by (at, id).
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    await db.schema.alterTable('users').addColumn('blocked_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('blocked_by', 'integer').execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema.createIndex('staff_audit_website').on('staff_audit').columns(['website_id', 'at', 'id']).execute();
    await db.schema.createIndex('staff_audit_website_user').on('staff_audit').columns(['website_id', 'user_id', 'at']).execute();
    await db.schema.createIndex('staff_audit_website_subject').on('staff_audit').columns(['website_id', 'subject_kind', 'at']).execute();
  });
}
