/**
 * What the payment providers (src/server/payments) call: an order's payment succeeded or failed, its
 * provider reference, and what they need to know about it. Exported again from orders.ts.
 */
import type { Deps } from '../env';
import { ApiError } from '../http/errors';
import { holds, transition, withOrder } from './order-lifecycle';
import { recordRefund } from './refunds';

/**
 * A provider's payment succeeded: pending_payment → placed, or payment_failed → placed when the stock can be
 * taken again ('ignored' when it cannot, so the payment can be refunded). A paid, later or cancelled order
 * never moves: 'already' when it is paid or further along, 'ignored' when cancelled, unknown or cash on delivery;
 * a cancelled order paid online is owed a refund of this payment, recorded here (the caller sends it).
 */
export async function markOrderPaid(deps: Deps, orderId: number, provider: string, paymentRef: string): Promise<'paid' | 'already' | 'ignored'> {
  try {
    return await withOrder(deps, orderId, async (trx, order) => {
      if (!order || order.payment_method === 'cod') return 'ignored';
      // Paid after it was cancelled (the shopper cancelled while the payment was on its way): the money goes back.
      if (order.status === 'cancelled') {
        await recordRefund(trx, { orderId: order.id, provider, paymentRef, amountPaise: order.total_paise });
        return 'ignored';
      }
      if (order.status === 'pending_payment' || order.status === 'payment_failed') {
        const moved = await transition(trx, order, 'placed', { payment_provider: provider, payment_ref: paymentRef, expires_at: null });
        return moved ? 'paid' : 'ignored';
      }
      return holds(order.status) ? 'already' : 'ignored';
    });
  } catch (error) {
    // The goods went to others meanwhile: the order stays failed and the payment is left to be refunded.
    if (error instanceof ApiError && error.status === 422) return 'ignored';
    throw error;
  }
}

/**
 * A provider's payment failed: pending_payment → payment_failed, and the stock returns. Ignored for any other
 * status (a late failure never un-pays a paid order) and for a provider the order no longer uses.
 */
export async function markPaymentFailed(deps: Deps, orderId: number, provider: string, paymentRef: string): Promise<'failed' | 'ignored'> {
  return withOrder(deps, orderId, async (trx, order) => {
    if (!order || order.status !== 'pending_payment' || (order.payment_provider !== null && order.payment_provider !== provider)) return 'ignored';
    return (await transition(trx, order, 'payment_failed', { payment_ref: order.payment_ref ?? paymentRef, expires_at: null })) ? 'failed' : 'ignored';
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

/** Records the provider's reference (its order or payment intent id) on an order waiting for payment; false otherwise. */
export async function setPaymentRef(deps: Deps, orderId: number, provider: string, ref: string): Promise<boolean> {
  const set = await deps.db.kysely
    .updateTable('orders')
    .set({ payment_provider: provider, payment_ref: ref, updated_at: new Date().toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

