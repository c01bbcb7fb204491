/**
 * What the payment providers (src/server/orders/payments) call: an order's payment succeeded or failed, its
 * provider reference, and what they need to know about it.
 */
import type { Deps } from '../../env';
import { ApiError } from '../../http/errors';
import { formatRupees, toRupees } from '../../../lib/money';
import { comeBackProblem, holds, transition, withOrder, type OrderRow } from '../lifecycle';
import { recordRefund } from '../refunds';
import { PROVIDER } from '../events';

/** A payment the provider captured (its word, never the browser's): its reference and what it took, in paise. */
export interface Capture {
  provider: string;
  paymentRef: string;
  amountPaise: number;
  /** Upper-case, as the adapters answer it. */
  currency: string;
}

/**
 * What became of a capture: it paid the order ('paid'), is the payment that already paid it ('already'), is
 * refunded ('refunded': recorded here with its reason, in the same transaction; the caller sends it), or names
 * no order of this shop ('ignored': nothing can be recorded; the caller logs it for a refund by hand).
 */
export interface CaptureOutcome {
  result: 'paid' | 'already' | 'refunded' | 'ignored';
  /** The refund recorded now (null when it was recorded before: a capture reported again). */
  refundId: number | null;
  reason: string | null;
}

/**
 * A provider captured money for an order. It pays the order only when the order waits for it (pending_payment,
 * or payment_failed when it can still come back: delivery, coupon and stock re-checked under lock, as a retry
 * is) and the amount is the order's total in rupees; the payment that paid it, reported again, is 'already'.
 * Every other capture — a second payment (an old page, another reference), another amount, an order cancelled,
 * paid on delivery or that can no longer come back — is refunded in full with the reason, so that for every
 * order what was captured less what is refunded is what the order kept.
 */
export async function applyCapture(deps: Deps, orderId: number, capture: Capture): Promise<CaptureOutcome> {
  const decide = (short: string | null) =>
    withOrder(deps, orderId, async (trx, order): Promise<CaptureOutcome> => {
      if (!order) return { result: 'ignored', refundId: null, reason: null };
      const refund = async (reason: string): Promise<CaptureOutcome> => {
        const refundId = await recordRefund(trx, { orderId: order.id, provider: capture.provider, paymentRef: capture.paymentRef, amountPaise: capture.amountPaise, currency: capture.currency, reason });
        return { result: 'refunded', refundId, reason };
      };
      if (paidBy(order, capture)) return { result: 'already', refundId: null, reason: null };
      if (order.status === 'cancelled') return refund(`Order ${order.ordernumber} was cancelled`);
      if (capture.amountPaise !== order.total_paise || capture.currency !== 'INR') {
        const paid = capture.currency === 'INR' ? formatRupees(toRupees(capture.amountPaise)) : `${capture.amountPaise / 100} ${capture.currency}`;
        return refund(`The payment of ${paid} does not match the order's total of ${formatRupees(toRupees(order.total_paise))}`);
      }
      if (order.status === 'payment_failed') {
        const problem = short ?? (await comeBackProblem(trx, deps, order))?.message;
        if (problem) return refund(String(problem));
      }
      if (order.status === 'pending_payment' || order.status === 'payment_failed') {
        // The order is paid with what paid it (a payment begun before a retry with the other provider included).
        const paidWith = { payment_method: capture.provider, payment_provider: capture.provider, payment_ref: capture.paymentRef, expires_at: null };
        if (await transition(trx, order, 'placed', { actor: PROVIDER, changes: paidWith, details: { provider: capture.provider, reference: capture.paymentRef } })) return { result: 'paid', refundId: null, reason: null };
      }
      return refund(order.payment_method === 'cod' ? `Order ${order.ordernumber} is to be paid on delivery` : `Order ${order.ordernumber} was already paid`);
    });
  try {
    return await decide(null);
  } catch (error) {
    // The goods went to others meanwhile (the move rolled back what it took): the order stays failed, the payment goes back.
    if (error instanceof ApiError && error.status === 422) return decide(error.message);
    throw error;
  }
}

/** True when this capture is the payment that paid the order (reported again: Razorpay's two webhooks, a return). */
const paidBy = (order: OrderRow, capture: Capture) =>
  holds(order.status) && order.status !== 'pending_payment' && order.payment_provider === capture.provider && order.payment_ref === capture.paymentRef;

/**
 * A provider's payment failed: pending_payment → payment_failed, and the stock returns. Ignored for any other
 * status (a late failure never un-pays a paid order) and for a provider the order no longer uses.
 */
export async function markPaymentFailed(deps: Deps, orderId: number, provider: string, paymentRef: string): Promise<'failed' | 'ignored'> {
  return withOrder(deps, orderId, async (trx, order) => {
    if (!order || order.status !== 'pending_payment' || (order.payment_provider !== null && order.payment_provider !== provider)) return 'ignored';
    return (await transition(trx, order, 'payment_failed', { actor: PROVIDER, changes: { payment_ref: order.payment_ref ?? paymentRef, expires_at: null }, details: { provider, reference: paymentRef } })) ? 'failed' : 'ignored';
  });
}

/** What a payment provider needs to know about an order. */
export async function findOrderForPayment(deps: Deps, orderId: number) {
  const row = await deps.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return row
    ? {
        id: row.id,
        websiteId: row.website_id,
        userId: row.user_id,
        ordernumber: row.ordernumber,
        status: row.status,
        totalPaise: row.total_paise,
        paymentMethod: row.payment_method,
        paymentProvider: row.payment_provider,
        paymentRef: row.payment_ref,
      }
    : undefined;
}

/**
 * Records the provider's reference (its order or payment intent id) on an order waiting for payment; false
 * otherwise. With a start lock's token, only while that start still holds the order's lock (online.ts).
 */
export async function setPaymentRef(deps: Deps, orderId: number, provider: string, ref: string, lockToken?: string): Promise<boolean> {
  let update = deps.db.kysely
    .updateTable('orders')
    .set({ payment_provider: provider, payment_ref: ref, updated_at: new Date().toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment');
  if (lockToken !== undefined) update = update.where((eb) => eb.exists(eb.selectFrom('payment_starts').select('order_id').where('order_id', '=', orderId).where('token', '=', lockToken)));
  const set = await update.executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

