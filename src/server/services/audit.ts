/**
 * The staff audit (staff_audit): one row per staff change (who, when, what, before → after, reason), written inside
 * the transaction of the change it records, so a change without its row, or a row without its change, cannot be
 * committed.
 */
import type { Kysely } from 'kysely';
import type { AuditSubjectKind, Database } from '../db/schema';

type DB = Kysely<Database>;

export interface AuditEntry {
  websiteId: number;
  userId: number;
  action: string;
  subject: { kind: AuditSubjectKind; id: number };
  orderId: number | null;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/** One staff action, in the caller's transaction (the same as the change's). */
export async function recordAudit(trx: DB, entry: AuditEntry, at = new Date()): Promise<void> {
  await trx
    .insertInto('staff_audit')
    .values({
      at: at.toISOString(),
      website_id: entry.websiteId,
      user_id: entry.userId,
      action: entry.action,
      subject_kind: entry.subject.kind,
      subject_id: entry.subject.id,
      order_id: entry.orderId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
    })
    .execute();
}

