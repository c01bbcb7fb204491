/**
 * An order's timeline (order_events) and the staff audit (staff_audit): each written inside the transaction of
 * the change it records, so a change without its row, or a row without its change, cannot be committed.
 */
import type { Kysely } from 'kysely';
import type { ActorKind, Database, OrderStatus } from '../db/schema';

type DB = Kysely<Database>;

/** Who made a change: a person (shopper, sales agent, staff) by user id, or the shop itself (a provider's webhook, the sweeper). */
export interface Actor {
  kind: ActorKind;
  id: number | null;
}

export const SWEEPER: Actor = { kind: 'sweeper', id: null };
export const PROVIDER: Actor = { kind: 'provider', id: null };

export interface OrderEvent {
  kind: 'status' | 'refund' | 'note';
  from?: OrderStatus | null;
  to?: OrderStatus | null;
  note?: string | null;
  details?: Record<string, unknown> | null;
}

/** One line of the order's timeline, in the caller's transaction. */
export async function recordEvent(trx: DB, orderId: number, actor: Actor, event: OrderEvent, at = new Date()): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      order_id: orderId,
      at: at.toISOString(),
      actor_kind: actor.kind,
      actor_id: actor.id,
      kind: event.kind,
      from_status: event.from ?? null,
      to_status: event.to ?? null,
      note: event.note ?? null,
      details_json: event.details ? JSON.stringify(event.details) : null,
    })
    .execute();
}

export interface AuditEntry {
  websiteId: number;
  userId: number;
  action: string;
  subject: { kind: 'order' | 'refund'; id: number };
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
