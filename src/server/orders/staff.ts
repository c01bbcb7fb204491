/**
 * What staff do to orders in the back office (docs/back-office.md): move them on (confirm, pack, send out,
 * deliver), cancel them, refund them in full or in part, and settle refunds the provider could not make.
 *
 * Each action is one transaction on the locked order (lifecycle.ts' withOrder: FOR UPDATE on PostgreSQL, an
 * immediate transaction on SQLite) holding the change, its timeline row, its audit row and the messages to the
 * shopper; refunds and messages are sent after commit (a provider or a channel that is down never fails the
 * action: the sweepers send them later). A move that is not allowed from the order's status now (another person
 * moved it first) is a 409 with that status and who set it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OrderStatus } from '../../contract';
import { ORDER_STATUS_WORDS as STATUS_WORDS } from '../../contract/order-constants';
import type { BosBulkResult, BosMoved, BosRefundBody, BosStatusBody } from '../../contract/bos-orders';
import { DEFAULT_LOCALE, isLocale } from '../../lib/i18n/locales';
import { formatRupees, toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import type { Deps } from '../env';
import { ApiError } from '../http/errors';
import { deliverNotifications, queueMessage, type MessagePayload, type Template } from '../services/notifier';
import { deliveryWindow } from '../services/notify-text';
import { recordAudit } from '../services/audit';
import { recordEvent, type Actor } from './events';
import { lockedOrder, transition, withOrder, type OrderRow } from './lifecycle';
import { owesRefundOnCancel, recordRefund, refundedOf, sendRefundsOf, type AdapterOf } from './refunds';
import { canStaffMove } from './status';
import { releaseStock } from './stock';

type DB = Kysely<Database>;

/** The staff member acting, on the website their session shows. */
export interface Staff {
  userId: number;
  websiteId: number;
}


const rupees = (paise: number) => formatRupees(toRupees(paise));
const staffActor = (staff: Staff): Actor => ({ kind: 'staff', id: staff.userId });

/** The order of this website, or 404 (an order of another website is not there for this session). */
function ownOrder(order: OrderRow | undefined, staff: Staff): OrderRow {
  if (!order || order.website_id !== staff.websiteId) throw new ApiError(404, 'Order not found');
  return order;
}

/** Who set an order's current status, and when: its latest status event. */
async function statusSetter(db: DB, orderId: number): Promise<{ kind: string; name: string | null; at: string } | null> {
  const row = await db
    .selectFrom('order_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.actor_kind', 'e.at', 'u.name'])
    .where('e.order_id', '=', orderId)
    .where('e.kind', '=', 'status')
    .orderBy('e.id', 'desc')
    .executeTakeFirst();
  return row ? { kind: row.actor_kind, name: row.name ?? null, at: row.at } : null;
}

/** The 409 of a move not allowed from the order's status: that status, and who set it when. */
async function conflict(db: DB, order: OrderRow, to: OrderStatus): Promise<ApiError> {
  const setBy = await statusSetter(db, order.id);
  const who = setBy ? ` (set by ${setBy.name ?? setBy.kind} at ${setBy.at})` : '';
  return new ApiError(409, `Order ${order.ordernumber} is ${STATUS_WORDS[order.status]}${who}; it cannot be moved to ${STATUS_WORDS[to]}`, undefined, { status: order.status, set_by: setBy });
}

/** What cash on delivery collects at the door: the total (part refunds of such an order are settled by hand, not here). */
const dueOf = (order: OrderRow) => (order.payment_method === 'cod' ? order.total_paise : null);

/** The shopper's contact and the words every message about the order carries. */
async function messageBase(trx: DB, order: OrderRow): Promise<{ to: { phone: string; email: string }; payload: MessagePayload }> {
  const user = await trx.selectFrom('users').select(['name', 'phone', 'email']).where('id', '=', order.user_id).executeTakeFirstOrThrow();
  const shop = await trx.selectFrom('websites').select('name').where('id', '=', order.website_id).executeTakeFirstOrThrow();
  // In the order's language (migration 0037), with its first delivery, kept on it at checkout (migration 0023).
  const locale = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE;
  const window = deliveryWindow(locale, order.del_date, order.del_start_time, order.del_end_time);
  return { to: { phone: user.phone, email: user.email }, payload: { shop: shop.name, ordernumber: order.ordernumber, name: user.name, locale, window } };
}

const TEMPLATE_OF: Partial<Record<OrderStatus, Template>> = {
  confirmed: 'order_confirmed',
  out_for_delivery: 'order_out_for_delivery',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
};

/**
 * Moves one order (a staff action): the checks of its move, the conditional update, the timeline and audit
 * rows and the message, in one transaction. 404 for an order of another website; 409 with its status and who set
 * it when the move does not start from its status; 422 for a cancel without a reason, or cash on delivery
 * delivered with another amount than due and no note.
 */
export async function moveByStaff(deps: Deps, adapterOf: AdapterOf, staff: Staff, orderId: number, body: BosStatusBody): Promise<BosMoved> {
  const moved = await withOrder(deps, orderId, (trx, found) => moveLocked(deps, trx, staff, found, body));
  await afterCommit(deps, adapterOf, orderId, moved.status === 'cancelled');
  return moved;
}

/** A staff move of an order locked in `trx` (moveByStaff), without what is sent after commit. */
async function moveLocked(deps: Deps, trx: DB, staff: Staff, found: OrderRow | undefined, body: BosStatusBody): Promise<BosMoved> {
  const order = ownOrder(found, staff);
  const to = body.to;
  if (!canStaffMove(order.status, to)) throw await conflict(trx, order, to);
  const details: Record<string, unknown> = {};
  const extra: Partial<MessagePayload> = {};
  if (to === 'cancelled' && !body.reason) throw new ApiError(422, 'Say why the order is cancelled', { reason: ['Reason is required'] });
  if (to === 'out_for_delivery') {
    if (body.rider_name) details.rider_name = extra.rider = body.rider_name;
    if (body.rider_phone) details.rider_phone = extra.rider_phone = body.rider_phone;
    extra.due_paise = dueOf(order);
  }
  if (to === 'delivered' && order.payment_method === 'cod') {
    const due = dueOf(order)!;
    if (body.collected_paise === undefined) throw new ApiError(422, `Enter the cash collected (${rupees(due)} was due)`, { collected_paise: ['Collected amount is required for cash on delivery'] });
    if (body.collected_paise !== due && !body.note) {
      throw new ApiError(422, `${rupees(due)} was due and ${rupees(body.collected_paise)} was collected: add a note saying why`, { note: ['A note is required when the amount collected differs from the amount due'] });
    }
    details.collected_paise = body.collected_paise;
    details.due_paise = due;
  }
  const refundPaise = to === 'cancelled' && owesRefundOnCancel(order) ? order.total_paise - (await refundedOf(trx, order.id, order.payment_ref!)) : 0;
  const note = to === 'cancelled' ? body.reason! : (body.note ?? null);
  const ok = await transition(trx, order, to, { actor: staffActor(staff), staff: true, note, details, changes: to === 'cancelled' ? { expires_at: null } : {} });
  if (!ok) throw await conflict(trx, (await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()) as OrderRow, to);
  const after = await trx.selectFrom('orders').select(['status', 'status_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
  await recordAudit(trx, {
    websiteId: staff.websiteId,
    userId: staff.userId,
    action: `order.${to}`,
    subject: { kind: 'order', id: order.id },
    orderId: order.id,
    before: { status: order.status },
    after: { status: to, ...details, ...(refundPaise > 0 ? { refund_paise: refundPaise } : {}) },
    reason: body.reason ?? body.note ?? null,
  });
  const template = TEMPLATE_OF[to];
  if (template) {
    const base = await messageBase(trx, order);
    await queueMessage(trx, deps.config, { orderId: order.id, to: base.to, template, payload: { ...base.payload, ...extra, reason: to === 'cancelled' ? body.reason : null, refund_paise: refundPaise || null } });
  }
  return { id: order.id, ordernumber: order.ordernumber, status: to, status_at: after.status_at ?? null };
}

/** How long an answer waits for what is sent after commit (refunds, messages); they finish in the background, or the sweepers send them. */
const AFTER_COMMIT_WAIT_MS = 5_000;

/** After commit: refunds just recorded go to the provider, messages to their channels; bounded, and never an error for the action. */
async function afterCommit(deps: Deps, adapterOf: AdapterOf, orderId: number, refunds: boolean): Promise<void> {
  const work = (async () => {
    if (refunds) await sendRefundsOf(deps, adapterOf, orderId).catch(() => {});
    await deliverNotifications(deps, { orderId }).catch(() => {});
  })();
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, AFTER_COMMIT_WAIT_MS).unref())]);
}

/**
 * Moves many orders the same way (confirm, pack, send out) in one transaction, each order under a savepoint
 * with its own lock and conditional update (moveByStaff's checks, timeline, audit and message): an order someone
 * moved meanwhile, or that is not where the move starts, is rolled back to its savepoint and reported with its
 * status and who set it, never overwritten. One commit for the batch, not one per order (docs/back-office.md,
 * "Benchmark"); the orders are locked by id, so two batches never wait on each other in a circle, and reported
 * in the order asked.
 */
export async function moveManyByStaff(deps: Deps, adapterOf: AdapterOf, staff: Staff, ids: number[], to: 'confirmed' | 'packed' | 'out_for_delivery'): Promise<BosBulkResult> {
  const asked = [...new Set(ids)];
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const done: BosBulkResult = { moved: [], refused: [] };
    for (const id of [...asked].sort((a, b) => a - b)) {
      await sql`savepoint bulk_move`.execute(trx);
      try {
        done.moved.push(await moveLocked(deps, trx, staff, await lockedOrder(trx, deps.db.dialect, id), { to }));
        await sql`release savepoint bulk_move`.execute(trx);
      } catch (error) {
        await sql`rollback to savepoint bulk_move`.execute(trx);
        await sql`release savepoint bulk_move`.execute(trx);
        if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409 && error.status !== 422)) throw error;
        const row = await trx.selectFrom('orders').select(['ordernumber', 'status', 'website_id']).where('id', '=', id).executeTakeFirst();
        const mine = row && row.website_id === staff.websiteId;
        done.refused.push({
          id,
          ordernumber: mine ? row.ordernumber : null,
          status: mine ? row.status : null,
          message: error.message,
          set_by: mine ? await statusSetter(trx, id) : null,
        });
      }
    }
    return done;
  });
  const position = new Map(asked.map((id, i) => [id, i]));
  const inAskedOrder = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  inAskedOrder(result.moved);
  inAskedOrder(result.refused);
  // The messages of the whole batch are sent once it is committed, not one order at a time.
  if (result.moved.length) await Promise.race([deliverNotifications(deps).catch(() => {}), new Promise((resolve) => setTimeout(resolve, AFTER_COMMIT_WAIT_MS).unref())]);
  return result;
}

/** The statuses in which an order paid online holds the money it was paid. */
const PAID_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

/**
 * Refunds part of an order paid online: lines (a quantity of each, at what the shopper paid for it after its
 * share of the discount) or an amount, never more than the payment less what is already refunded of it, and a
 * line never more than it holds less what was refunded of it. Checked and recorded under the order's lock, so
 * refunds racing each other cannot together pass the payment. The goods optionally go back to stock.
 */
export async function refundPart(deps: Deps, adapterOf: AdapterOf, staff: Staff, orderId: number, body: BosRefundBody): Promise<number> {
  const refundId = await withOrder(deps, orderId, async (trx, found) => {
    const order = ownOrder(found, staff);
    if (order.payment_method === 'cod' || !order.payment_provider || !order.payment_ref || !PAID_STATUSES.includes(order.status)) {
      throw new ApiError(409, `Order ${order.ordernumber} has no payment to refund (it is ${STATUS_WORDS[order.status]}${order.payment_method === 'cod' ? ', cash on delivery' : ''})`, undefined, { status: order.status });
    }
    const refunded = await refundedOf(trx, order.id, order.payment_ref);
    const left = order.total_paise - refunded;
    let amount = body.amount_paise ?? 0;
    const lines: { order_line_id: number; quantity: number; amount_paise: number; pack_id: number }[] = [];
    if (body.lines) {
      const rows = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute();
      const already = await trx
        .selectFrom('refund_lines as rl')
        .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
        .select(['rl.order_line_id', (eb) => eb.fn.sum<number | string>('rl.quantity').as('q')])
        .where('r.order_id', '=', order.id)
        .groupBy('rl.order_line_id')
        .execute();
      const refundedQty = new Map(already.map((a) => [a.order_line_id, Number(a.q)]));
      const seen = new Set<number>();
      for (const want of body.lines) {
        const line = rows.find((r) => r.id === want.line_id);
        if (!line) throw new ApiError(422, `Line ${want.line_id} is not a line of order ${order.ordernumber}`, { lines: [`Line ${want.line_id} is not in this order`] });
        if (seen.has(line.id)) throw new ApiError(422, `Line ${line.id} is given twice`, { lines: [`Line ${line.id} is given twice`] });
        seen.add(line.id);
        const before = refundedQty.get(line.id) ?? 0;
        if (want.quantity > line.quantity - before) {
          throw new ApiError(422, `${line.name} (${line.pack}): ${line.quantity - before} of ${line.quantity} can still be refunded`, { lines: [`At most ${line.quantity - before} of ${line.name} can be refunded`] });
        }
        // What the shopper paid for these units: the line's net amount shared over its quantity, the last units taking the rounding.
        const net = line.amount_paise - line.discount_paise;
        const value = (units: number) => Math.round((net * units) / line.quantity);
        const share = value(before + want.quantity) - value(before);
        lines.push({ order_line_id: line.id, quantity: want.quantity, amount_paise: share, pack_id: line.pack_id });
        amount += share;
      }
    }
    if (amount <= 0) throw new ApiError(422, 'Nothing to refund', { amount_paise: ['The refund must be more than nothing'] });
    if (amount > left) {
      throw new ApiError(409, `${rupees(amount)} is more than is left to refund of order ${order.ordernumber} (${rupees(left)} of ${rupees(order.total_paise)})`, undefined, { status: order.status, refundable_paise: left });
    }
    const id = await recordRefund(trx, { orderId: order.id, provider: order.payment_provider, paymentRef: order.payment_ref, amountPaise: amount, reason: body.reason, kind: 'part', restock: !!body.restock });
    if (id === null) throw new Error('a part refund was not recorded');
    if (lines.length) await trx.insertInto('refund_lines').values(lines.map(({ pack_id: _pack, ...l }) => ({ ...l, refund_id: id }))).execute();
    if (body.restock && lines.length) await releaseStock(trx, lines.map((l) => ({ pack_id: l.pack_id, quantity: l.quantity })), { orderId: order.id, userId: staff.userId, reason: 'order_returned' });
    const details = { refund_id: id, amount_paise: amount, lines: lines.map(({ pack_id: _pack, ...l }) => l), restock: !!body.restock };
    await recordEvent(trx, order.id, staffActor(staff), { kind: 'refund', note: body.reason, details });
    await recordAudit(trx, {
      websiteId: staff.websiteId,
      userId: staff.userId,
      action: 'refund.created',
      subject: { kind: 'refund', id },
      orderId: order.id,
      before: { refunded_paise: refunded },
      after: { refunded_paise: refunded + amount, ...details },
      reason: body.reason,
    });
    const base = await messageBase(trx, order);
    await queueMessage(trx, deps.config, { orderId: order.id, to: base.to, template: 'order_refunded', payload: { ...base.payload, refund_paise: amount, reason: body.reason } });
    return id;
  });
  await afterCommit(deps, adapterOf, orderId, true);
  return refundId;
}

/** A refund row locked for a staff action on it, on this website; 404 otherwise. */
async function lockedRefund(trx: DB, deps: Deps, staff: Staff, refundId: number) {
  const query = trx.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').selectAll('r').select(['o.website_id', 'o.ordernumber']).where('r.id', '=', refundId);
  const row = await (deps.db.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row || row.website_id !== staff.websiteId) throw new ApiError(404, 'Refund not found');
  return row;
}

/**
 * Sends a failed refund again: pending, with a new idempotency key (the provider answered the old one for good),
 * then to the provider after commit. 409 unless it failed.
 */
export async function retryRefund(deps: Deps, adapterOf: AdapterOf, staff: Staff, refundId: number): Promise<number> {
  const orderId = await deps.db.kysely.transaction().execute(async (trx) => {
    const refund = await lockedRefund(trx, deps, staff, refundId);
    if (refund.status !== 'failed') throw new ApiError(409, `Refund ${refund.id} of order ${refund.ordernumber} is ${refund.status}: only a failed refund can be sent again`, undefined, { status: refund.status });
    const now = new Date();
    await trx
      .updateTable('refunds')
      .set({ status: 'pending', idempotency_key: randomUUID(), provider_refund_id: null, attempts: 0, last_error: null, next_attempt_at: new Date(now.getTime() + 2 * 60_000).toISOString(), updated_at: now.toISOString() })
      .where('id', '=', refund.id)
      .where('status', '=', 'failed')
      .execute();
    await recordEvent(trx, refund.order_id, staffActor(staff), { kind: 'refund', note: 'Refund sent again', details: { refund_id: refund.id, amount_paise: refund.amount_paise } });
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'refund.retried', subject: { kind: 'refund', id: refund.id }, orderId: refund.order_id, before: { status: 'failed', last_error: refund.last_error }, after: { status: 'pending' } });
    return refund.order_id;
  });
  await afterCommit(deps, adapterOf, orderId, true);
  return orderId;
}

/**
 * Records a failed refund as made by hand (a bank transfer) with its reference: processed, by whom. 409 for any
 * other: a pending refund may still reach the provider (the sweeper sends it), and paying it by hand too would pay it twice.
 */
export async function markRefunded(deps: Deps, staff: Staff, refundId: number, body: { reference: string; note?: string }): Promise<number> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const refund = await lockedRefund(trx, deps, staff, refundId);
    if (refund.status !== 'failed') throw new ApiError(409, `Refund ${refund.id} of order ${refund.ordernumber} is ${refund.status}: only a failed refund can be settled by hand`, undefined, { status: refund.status });
    const at = new Date().toISOString();
    await trx
      .updateTable('refunds')
      .set({ status: 'processed', manual_reference: body.reference, settled_by: staff.userId, processed_at: at, next_attempt_at: null, updated_at: at })
      .where('id', '=', refund.id)
      .where('status', '=', 'failed')
      .execute();
    await recordEvent(trx, refund.order_id, staffActor(staff), { kind: 'refund', note: body.note ?? 'Refunded by hand', details: { refund_id: refund.id, amount_paise: refund.amount_paise, reference: body.reference } });
    await recordAudit(trx, {
      websiteId: staff.websiteId,
      userId: staff.userId,
      action: 'refund.marked_refunded',
      subject: { kind: 'refund', id: refund.id },
      orderId: refund.order_id,
      before: { status: refund.status, last_error: refund.last_error },
      after: { status: 'processed', manual_reference: body.reference },
      reason: body.note ?? null,
    });
    return refund.order_id;
  });
}
