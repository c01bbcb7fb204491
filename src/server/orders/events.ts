/**
 * An order's timeline (order_events), written inside the transaction of the change it records, so a change without
 * its row, or a row without its change, cannot be committed (the staff audit is services/audit.ts).
 */
import type { Kysely } from 'kysely';
import type { OrderEvent as TimelineEvent } from '../../contract/order';
import { eventFor, type TimelineEventInput } from '../../lib/order-timeline';
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

/** An order's timeline rows, oldest first, with the name of the person who made each (none for a provider or the sweeper). */
async function timelineOf(db: DB, orderId: number): Promise<TimelineEventInput[]> {
  const rows = await db.selectFrom('order_events as e').leftJoin('users as u', 'u.id', 'e.actor_id').selectAll('e').select('u.name').where('e.order_id', '=', orderId).orderBy('e.id').execute();
  return rows.map((e) => ({
    at: e.at,
    actor: { kind: e.actor_kind, name: e.name ?? null },
    kind: e.kind,
    from: e.from_status,
    to: e.to_status,
    note: e.note,
    details: e.details_json ? (JSON.parse(e.details_json) as Record<string, unknown>) : null,
  }));
}

/** An order's timeline as a shopper or a sales agent may see it (lib/order-timeline.ts decides what that is). */
export async function timelineFor(db: DB, orderId: number, reader: 'shopper' | 'agent'): Promise<TimelineEvent[]> {
  return (await timelineOf(db, orderId)).flatMap((event) => eventFor(event, reader) ?? []);
}
