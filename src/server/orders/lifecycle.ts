/**
 * What happens to an order after it is placed: payments arriving or failing, the shopper cancelling or paying
 * again, unpaid orders expiring. Every change locks the order's row (PostgreSQL; SQLite runs write
 * transactions one at a time), moves its status only as NEXT_STATUSES allows, and keeps stock in step: an
 * order holds its goods in the HOLDING_STATUSES and gives them back when it leaves them.
 */
import type { Kysely, Selectable } from 'kysely';
import type { OrderCreated, OrderStatus, PaymentMethodCode } from '../../contract';
import { formatRupees, toRupees } from '../../lib/money';
import type { Dialect } from '../db';
import type { Database, OrderTable } from '../db/schema';
import type { Deps } from '../env';
import { ApiError, refusal, type Refusal } from '../http/errors';
import { couponUseProblem, lockCoupon } from '../services/coupons';
import { areaFor } from '../services/delivery';
import { canMove, canStaffMove, HOLDING_STATUSES } from './status';
import { recordEvent, SWEEPER, type Actor } from './events';
import { orderLines, outOfStock, releaseStock, reserveStock } from './stock';
import { paymentProblem } from './payments/methods';
import { owesRefundOnCancel, refundOnCancel } from './refunds';

type DB = Kysely<Database>;
export type OrderRow = Selectable<OrderTable>;

export const holds = (status: OrderStatus) => (HOLDING_STATUSES as readonly OrderStatus[]).includes(status);

/** The order's row, locked until the transaction ends. */
export async function lockedOrder(trx: DB, dialect: Dialect, id: number): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** How a status change is made: who makes it (the timeline's row), what else changes on the order, and why. */
export interface Move {
  actor: Actor;
  changes?: Partial<OrderRow>;
  note?: string | null;
  details?: Record<string, unknown> | null;
  /** Staff moves: a packed order may still be cancelled (canStaffMove); a shopper's may not. */
  staff?: boolean;
}

/**
 * Moves a (locked) order to `to` with the move's changes, taking or giving back its stock as it starts or stops
 * holding it, and writes the timeline's row in the same transaction. Throws outOfStock (422, with the lines)
 * when stock is short; false when the move is not allowed from its status.
 */
export async function transition(trx: DB, order: OrderRow, to: OrderStatus, move: Move): Promise<boolean> {
  if (!(move.staff ? canStaffMove(order.status, to) : canMove(order.status, to))) return false;
  if (!holds(order.status) && holds(to)) {
    const short = await reserveStock(trx, await orderLines(trx, order.id), { orderId: order.id, userId: move.actor.id });
    if (short.length) throw outOfStock('Some items of this order are no longer in stock', short);
  }
  if (holds(order.status) && !holds(to)) await releaseStock(trx, await orderLines(trx, order.id), { orderId: order.id, userId: move.actor.id, reason: 'order_cancelled' });
  const now = new Date();
  const moved = await trx
    .updateTable('orders')
    .set({ ...move.changes, status: to, updated_at: now.toISOString(), status_at: now.toISOString() })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await recordEvent(trx, order.id, move.actor, { kind: 'status', from: order.status, to, note: move.note, details: move.details }, now);
  // A paid order cancelled, by whichever path: the refund it is owed is recorded with the cancel (sent after commit).
  if (to === 'cancelled') await refundOnCancel(trx, order);
  return true;
}

/** Runs `work` on the locked order in one transaction. */
export function withOrder<T>(deps: Deps, orderId: number, work: (trx: DB, order: OrderRow | undefined) => Promise<T>): Promise<T> {
  return deps.db.kysely.transaction().execute(async (trx) => work(trx, await lockedOrder(trx, deps.db.dialect, orderId)));
}

/** The order's answer to its creator: the same for the same order, so a repeated request gets the same body. */
export const toOrderCreated = (order: OrderRow): OrderCreated => ({
  id: order.id,
  ordernumber: order.ordernumber,
  total: toRupees(order.total_paise),
  payOptions: order.payment_method === 'cod' ? null : { provider: order.payment_provider ?? order.payment_method, id: String(order.id) },
});

/**
 * How long a payment link a sales agent sends stays payable (docs/sales-agents.md): the customer opens it when they see
 * it, not within a checkout's few minutes. The order holds its stock all that time (pending_payment is a
 * holding status); if the link is not paid by then, the sweeper fails the order and gives the stock back.
 */
export const AGENT_PAYMENT_LINK_TTL_MINUTES = 24 * 60;

/** When an order paid online stops waiting for its payment: the shop's checkout window, or a day for an agent's link. */
export const paymentExpiry = (deps: Deps, now = new Date(), agentLink = false) => {
  const minutes = agentLink ? Math.max(AGENT_PAYMENT_LINK_TTL_MINUTES, deps.config.orderPaymentTtlMinutes) : deps.config.orderPaymentTtlMinutes;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
};

/** Whose order: a shopper reaches only their own, on the website they are on; any other is a 404. */
export interface OrderOwner {
  userId: number;
  websiteId: number;
}

/** The order when it is this user's on this website; a 404 otherwise, never a hint that it exists. */
function ownOrder(order: OrderRow | undefined, owner: OrderOwner): OrderRow {
  if (!order || order.user_id !== owner.userId || order.website_id !== owner.websiteId) throw new ApiError(404, refusal('refusals.orderMissing'));
  // A sale at the point of sale (docs/pos.md) is changed at the till: a UPI sale still waiting must not be cancelled
  // or paid another way from the web shop (its goods have left the counter).
  if (order.channel === 'pos') throw new ApiError(409, refusal('refusals.counterSale', { order: order.ordernumber }));
  return order;
}


/**
 * The owner cancels an order while it is not yet packed; its goods go back to stock, and an order paid online
 * is owed its refund (recorded in the same transaction; the caller sends it after commit: sendRefundsOf). Answers
 * the words saying so, said in the request's language by the caller.
 */
export async function cancelOrder(deps: Deps, owner: OrderOwner, orderId: number): Promise<Refusal> {
  return withOrder(deps, orderId, async (trx, found) => {
    const order = ownOrder(found, owner);
    const refunding = owesRefundOnCancel(order);
    if (!(await transition(trx, order, 'cancelled', { actor: { kind: 'shopper', id: owner.userId }, changes: { expires_at: null } }))) {
      throw new ApiError(409, refusal('refusals.cannotCancel', { order: order.ordernumber, status: refusal(`refusals.status.${order.status}`) }));
    }
    return refunding
      ? refusal('refusals.cancelledRefunding', { order: order.ordernumber, amount: formatRupees(toRupees(order.total_paise)) })
      : refusal('refusals.cancelled', { order: order.ordernumber });
  });
}

/**
 * Whether a failed order may come back (placed, or waiting for a payment again) as things are now: its address
 * is still delivered to, and its coupon is still available (the coupon's row locked until the transaction ends,
 * so two orders never take its last use). Its goods are taken by the move itself (transition: 422 when short).
 * The refusal with its status (422 delivery, 409 coupon) and words, or null.
 */
export async function comeBackProblem(trx: DB, deps: Deps, order: OrderRow): Promise<{ status: 409 | 422; message: Refusal } | null> {
  const { pincode } = JSON.parse(order.address_json) as { pincode: string };
  if (!(await areaFor(trx, pincode))?.zone) return { status: 422, message: refusal('refusals.noDelivery', { pincode }) };
  if (order.coupon_id !== null) {
    await lockCoupon(trx, deps.db.dialect, order.coupon_id);
    const coupon = await trx.selectFrom('coupons').selectAll().where('id', '=', order.coupon_id).executeTakeFirstOrThrow();
    const problem = await couponUseProblem(trx, coupon, order.user_id);
    if (problem) return { status: 409, message: refusal('refusals.couponIssue', { code: coupon.code, issue: problem }) };
  }
  return null;
}

/**
 * Pays an order again, the same way or another, when its payment failed or while it still waits for one (the
 * shopper left the provider's page): online (pending_payment, a new payment window) or cash on delivery where
 * the address's zone and the total allow it (placed). A failed order takes its goods from stock again, and its
 * address and coupon must still hold (comeBackProblem); a waiting one holds both already. The same provider for
 * a waiting order changes nothing: it keeps the payment it has.
 */
export async function retryPayment(deps: Deps, userId: number, orderId: number, payment: PaymentMethodCode, websiteId: number): Promise<OrderCreated> {
  return withOrder(deps, orderId, async (trx, found) => {
    const order = ownOrder(found, { userId, websiteId });
    const waiting = order.status === 'pending_payment';
    if (!waiting && order.status !== 'payment_failed') {
      throw new ApiError(409, refusal('refusals.cannotRepay', { order: order.ordernumber, status: refusal(`refusals.status.${order.status}`) }));
    }
    const { pincode } = JSON.parse(order.address_json) as { pincode: string };
    const problem = paymentProblem(deps.config, (await areaFor(trx, pincode))?.zone ?? null, order.total_paise, payment);
    if (problem) throw new ApiError(422, problem);
    if (waiting && payment === order.payment_method) return toOrderCreated(order);
    if (waiting && payment !== 'cod') {
      // Another provider for a waiting order: its goods and coupon stay held; a new payment window opens.
      const changes = { payment_method: payment, payment_provider: payment, payment_ref: null, expires_at: paymentExpiry(deps) };
      const moved = await trx.updateTable('orders').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', order.id).where('status', '=', 'pending_payment').executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, refusal('refusals.noLongerWaitingIts', { order: order.ordernumber }));
      return toOrderCreated({ ...order, ...changes });
    }
    if (!waiting) {
      const refusal = await comeBackProblem(trx, deps, order);
      if (refusal) throw new ApiError(refusal.status, refusal.message);
    }
    const online = payment !== 'cod';
    const changes = { payment_method: payment, payment_provider: online ? payment : null, payment_ref: null, expires_at: online ? paymentExpiry(deps) : null };
    await transition(trx, order, online ? 'pending_payment' : 'placed', { actor: { kind: 'shopper', id: userId }, changes });
    return toOrderCreated({ ...order, ...changes });
  });
}

/** Staff moves an order on (confirmed, packed, out for delivery, delivered); false when that is not a forward move. */
export async function advanceOrder(deps: Deps, orderId: number, to: 'confirmed' | 'packed' | 'out_for_delivery' | 'delivered', actor: Actor = { kind: 'staff', id: null }): Promise<boolean> {
  return withOrder(deps, orderId, async (trx, order) => (order ? transition(trx, order, to, { actor, staff: true }) : false));
}

/**
 * The sweeper: orders still waiting for their online payment after their expiry fail (payment_failed) and give
 * their goods back. Answers how many it moved; safe to run on every instance at once.
 */
export async function expireUnpaidOrders(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.db.kysely
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('expires_at', '<=', now.toISOString())
    .orderBy('id')
    .limit(500)
    .execute();
  let moved = 0;
  for (const { id } of due) {
    const expired = await withOrder(deps, id, async (trx, order) =>
      order?.status === 'pending_payment' && order.expires_at !== null && order.expires_at <= now.toISOString() ? transition(trx, order, 'payment_failed', { actor: SWEEPER, changes: { expires_at: null }, note: 'The payment time ran out' }) : false,
    );
    if (expired) moved += 1;
  }
  return moved;
}
