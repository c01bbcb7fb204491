/**
 * Returns of a sale at the counter (docs/pos.md#returns): some lines, some quantities. The goods go back to stock
 * through the ledger (order_returned), and the money back is recorded as a refund of the order (refunds with its
 * refund_lines, so the back office's order page shows it and the quantities returned), from the drawer of the till
 * it is made at. In one transaction, with the order's row locked: two returns of the same line cannot both give
 * back its last unit.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PosPaymentMode, PosReturn, PosReturnBody } from '../../contract/pos';
import { formatRupees, toRupees } from '../../lib/money';
import { refundFor, unitsLeft } from '../../lib/pos-refund';
import type { Database } from '../db/schema';
import type { Deps } from '../env';
import { ApiError } from '../http/errors';
import { recordEvent } from '../orders/events';
import { lockedOrder } from '../orders/lifecycle';
import { releaseStock } from '../orders/stock';
import type { Payments } from '../orders/payments/providers';
import { sendRefundsOf } from '../orders/refunds';
import { recordAudit } from '../services/audit';
import { lockedTill, mustBeOpen, type Cashier } from './tills';
import { refundableUpi } from './upi';

type DB = Kysely<Database>;

/** POST /pos/sales/{id}/returns. */
export async function createReturn(deps: Deps, payments: Payments, cashier: Cashier, orderId: number, body: PosReturnBody): Promise<PosReturn> {
  const made = await recordReturn(deps, cashier, orderId, body);
  if (made.refund_mode !== 'upi') return made;
  // The provider's refund, sent after commit (bounded in time; the sweeper sends it again if it does not answer).
  await sendRefundsOf(deps, payments.get, orderId);
  const row = await deps.db.kysely.selectFrom('refunds').select('status').where('id', '=', made.return_id).executeTakeFirstOrThrow();
  return { ...made, refund_state: row.status };
}

async function recordReturn(deps: Deps, cashier: Cashier, orderId: number, body: PosReturnBody): Promise<PosReturn> {
  return deps.db.kysely.transaction().execute(async (trx): Promise<PosReturn> => {
    const order = await lockedOrder(trx, deps.db.dialect, orderId);
    if (!order || order.website_id !== cashier.websiteId || order.channel !== 'pos' || order.till_id === null) throw new ApiError(404, 'No such sale');
    if (order.status === 'pending_payment') throw new ApiError(409, 'This sale is still waiting for its UPI payment: nothing was paid to give back');
    if (order.status === 'cancelled') throw new ApiError(409, 'This sale was cancelled');
    const till = await lockedTill(trx, deps.db.dialect, cashier.websiteId, body.till_id ?? order.till_id);
    if (till.status !== 'open') throw new ApiError(409, `Till ${till.id} is closed: make the return at an open till (till_id)`);
    mustBeOpen(till);

    const payments = await trx.selectFrom('pos_payments').select('mode').where('order_id', '=', order.id).where('state', '=', 'paid').execute();
    const mode: PosPaymentMode = body.refund_mode ?? (payments.every((p) => p.mode === 'upi') ? 'upi' : payments.every((p) => p.mode === 'card') ? 'card' : 'cash');

    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute();
    const given = await trx
      .selectFrom('refund_lines as rl')
      .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
      .select(['rl.order_line_id'])
      .select((eb) => [eb.fn.sum<number | string>('rl.quantity').as('q'), eb.fn.sum<number | string>('rl.amount_paise').as('paise')])
      .where('r.order_id', '=', order.id)
      .groupBy('rl.order_line_id')
      .execute();
    const errors: Record<string, string[]> = {};
    const asked = new Map<number, number>();
    body.lines.forEach((l, n) => {
      if (!lines.some((x) => x.id === l.line_id)) errors[`lines.${n}.line_id`] = ['Not a line of this sale'];
      asked.set(l.line_id, (asked.get(l.line_id) ?? 0) + l.quantity);
    });
    const returned = [...asked].flatMap(([lineId, quantity]) => {
      const line = lines.find((x) => x.id === lineId);
      if (!line) return [];
      const before = given.find((g) => g.order_line_id === lineId);
      const returnable = { quantity: line.quantity, net_paise: line.amount_paise - line.discount_paise, returned: Number(before?.q ?? 0), refunded_paise: Number(before?.paise ?? 0) };
      const left = unitsLeft(returnable);
      if (quantity > left) {
        errors[`lines.${body.lines.findIndex((l) => l.line_id === lineId)}.quantity`] = [left ? `At most ${left} of ${line.name} ${line.pack} can still be returned` : `${line.name} ${line.pack} was returned already`];
        return [];
      }
      // What the customer paid for these units: the line's net share; the last units take what is left of it.
      return [{ line, quantity, amount: refundFor(returnable, quantity) }];
    });
    if (Object.keys(errors).length) throw new ApiError(422, 'Some lines cannot be returned', errors);

    const now = new Date();
    const at = now.toISOString();
    const amount = returned.reduce((s, r) => s + r.amount, 0);
    // UPI goes back through the provider's refund of the payment that paid it (pending until it answers).
    const upi = mode === 'upi' ? await upiRefundOf(trx, order.id, amount) : undefined;
    const refund = await trx
      .insertInto('refunds')
      .values({
        order_id: order.id,
        provider: upi ? upi.provider! : mode,
        payment_ref: upi ? upi.provider_ref! : `pos-${order.ordernumber}`,
        payment_id: upi ? upi.provider_payment_id : null,
        amount_paise: amount,
        currency: 'INR',
        status: upi ? 'pending' : 'processed',
        provider_refund_id: null,
        idempotency_key: randomUUID(),
        last_error: null,
        // The lease of the call made after commit; the sweeper takes it after that if it was not sent.
        next_attempt_at: upi ? new Date(now.getTime() + 2 * 60_000).toISOString() : null,
        created_at: at,
        updated_at: at,
        processed_at: upi ? null : at,
        reason: body.note || 'Returned at the counter',
        kind: 'part',
        manual_reference: upi ? null : `till ${till.id}`,
        settled_by: cashier.userId,
        restock: 1,
        till_id: till.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('refund_lines')
      .values(returned.map((r) => ({ refund_id: refund.id, order_line_id: r.line.id, quantity: r.quantity, amount_paise: r.amount })))
      .execute();
    await releaseStock(trx, returned.map((r) => ({ pack_id: r.line.pack_id, quantity: r.quantity })), { orderId: order.id, userId: cashier.userId, reason: 'order_returned' });
    // The shape of a part refund's step (lib/order-timeline.ts): every timeline reads it as one.
    const details = { refund_id: refund.id, amount_paise: amount, restock: true, mode, till_id: till.id, lines: returned.map((r) => ({ order_line_id: r.line.id, quantity: r.quantity, amount_paise: r.amount })) };
    await recordEvent(trx, order.id, { kind: 'staff', id: cashier.userId }, { kind: 'refund', note: body.note || null, details }, now);
    await recordAudit(trx, { websiteId: cashier.websiteId, userId: cashier.userId, action: 'pos.returned', subject: { kind: 'refund', id: refund.id }, orderId: order.id, before: null, after: details, reason: body.note || null }, now);
    return {
      return_id: refund.id,
      order_id: order.id,
      till_id: till.id,
      lines: returned.map((r) => ({ line_id: r.line.id, pack_id: r.line.pack_id, quantity: r.quantity, amount: toRupees(r.amount) })),
      amount: toRupees(amount),
      refund_mode: mode,
      refund_state: upi ? 'pending' : 'processed',
      created_at: at,
    };
  });
}

/** The sale's UPI payment that gives back `amount` through the provider; 422 when none can. */
async function upiRefundOf(trx: DB, orderId: number, amount: number) {
  // Razorpay refunds ₹1 at least.
  if (amount < 100) throw new ApiError(422, `The payment provider refunds ₹1 or more: give back ${formatRupees(toRupees(amount))} in cash (refund_mode cash)`, { refund_mode: ['Less than ₹1 through the provider'] });
  const payment = await refundableUpi(trx, orderId, amount);
  if (!payment) throw new ApiError(422, `No UPI payment of this sale can give back ${formatRupees(toRupees(amount))} through the provider: give it in cash (refund_mode cash)`, { refund_mode: ['No UPI payment to refund'] });
  return payment;
}
