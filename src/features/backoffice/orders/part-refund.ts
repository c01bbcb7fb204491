/**
 * The order page's part refund (docs/back-office.md#screens): whether the order can be refunded in part and how
 * much is left to refund, what each line's units are worth (as the server reckons it), the call's body from what
 * was typed with the amount it will refund in paise, and a refusal as a person reads it. Plain functions: the
 * island and the tests share them.
 */
import type { BosOrderDetail, BosRefundBody } from '../../../contract/bos-orders';
import type { OrderStatus } from '../../../contract/order-constants';
import { formatRupees, toRupees } from '../../../lib/money';
import { toPaise } from '../../../lib/to-paise';

/** What a part refund needs of a line (the page hands the island only these). */
export type RefundLine = Pick<BosOrderDetail['lines'][number], 'id' | 'name' | 'pack' | 'quantity' | 'refunded_quantity' | 'amount_paise' | 'discount_paise'>;
type Order = Pick<BosOrderDetail, 'status' | 'payment'> & { lines: RefundLine[] };
type Line = RefundLine;

const rupees = (paise: number) => formatRupees(toRupees(paise));

/** The statuses in which an order paid online holds its payment (the server refunds part of it only then). */
const PAID: readonly OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

const PROVIDERS: Record<string, string> = { razorpay: 'Razorpay', stripe: 'Stripe' };

/** Who the money goes back through: the provider's name as people know it. */
export const refundTarget = (payment: Order['payment']) => PROVIDERS[payment.provider ?? payment.method] ?? payment.provider ?? payment.method;

export type Refundability = { possible: true; refundablePaise: number; to: string } | { possible: false; why: string };

/** Can part of this order be refunded now, and how much at most (captured less refunded); else why not, in words. */
export function partRefundOf(order: Order): Refundability {
  const { payment } = order;
  if (payment.method === 'cod') {
    return { possible: false, why: 'Cash on delivery: there is no online payment to refund part of. Collect less at the door, or give the money back by hand.' };
  }
  if (!PAID.includes(order.status) || !payment.provider || !payment.reference) {
    return { possible: false, why: order.status === 'cancelled' ? 'The order is cancelled: the cancel refunded what was left of its payment (its state is below).' : 'The order is not paid yet: there is nothing to refund.' };
  }
  const refundablePaise = payment.captured_paise - payment.refunded_paise;
  if (refundablePaise <= 0) return { possible: false, why: 'Everything paid for this order has been refunded.' };
  return { possible: true, refundablePaise, to: refundTarget(payment) };
}

/** How many of a line can still be refunded: what was bought less what was refunded of it. */
export const lineLeft = (line: Pick<Line, 'quantity' | 'refunded_quantity'>) => Math.max(0, line.quantity - line.refunded_quantity);

/**
 * What `units` more of a line refund, in paise: what the shopper paid for them, the line's amount less its share
 * of the discount, shared over its quantity, the last units taking the rounding (the server's reckoning).
 */
export function lineShare(line: Pick<Line, 'quantity' | 'refunded_quantity' | 'amount_paise' | 'discount_paise'>, units: number): number {
  const net = line.amount_paise - line.discount_paise;
  const value = (n: number) => Math.round((net * n) / line.quantity);
  return value(line.refunded_quantity + units) - value(line.refunded_quantity);
}

export interface RefundForm {
  /** Refund chosen lines (their units' worth), or an amount typed in rupees. */
  mode: 'lines' | 'amount';
  /** Units to refund by line id, as typed ('' is none). */
  quantities: Record<number, string>;
  /** Rupees, as typed. */
  amount: string;
  reason: string;
  /** Put the refunded goods back in stock (lines only). */
  restock: boolean;
}
export const EMPTY_REFUND: RefundForm = { mode: 'lines', quantities: {}, amount: '', reason: '', restock: false };

/** Where a problem is said: a line's quantity, the lines as a whole, the amount, or the reason. */
export type RefundField = `line-${number}` | 'lines' | 'amount' | 'reason';
export type RefundPlan = { body: BosRefundBody; amountPaise: number } | { problem: { field: RefundField; message: string } };

const AMOUNT_HINT = 'Enter the amount in rupees, e.g. 120 or 120.50';

/** The units typed for a line: a whole number (0 when left empty), or null when it is not one. */
const unitsOf = (typed: string | undefined): number | null => {
  const text = (typed ?? '').trim();
  if (text === '') return 0;
  return /^\d{1,5}$/.test(text) ? Number(text) : null;
};

/** The amount typed, in paise, or null when it is no amount of rupees. */
const paiseOf = (typed: string): number | null => {
  try {
    return toPaise(typed.replace(/[₹,\s]/g, ''));
  } catch {
    return null;
  }
};

/**
 * What the form asks for, as the call's body and the amount it refunds in paise; or the first thing wrong with
 * it, said where it was typed. Never more of a line than is left of it, never more than is left of the payment.
 */
export function refundPlan(order: Order, form: RefundForm): RefundPlan {
  const state = partRefundOf(order);
  if (!state.possible) return { problem: { field: 'lines', message: state.why } };
  let amountPaise = 0;
  const lines: { line_id: number; quantity: number }[] = [];
  if (form.mode === 'lines') {
    for (const line of order.lines) {
      const units = unitsOf(form.quantities[line.id]);
      const field = `line-${line.id}` as const;
      if (units === null) return { problem: { field, message: 'Enter a whole number of units' } };
      if (units === 0) continue;
      const left = lineLeft(line);
      if (units > left) return { problem: { field, message: left === 0 ? 'Every unit of this line has been refunded' : `At most ${left} of ${line.quantity} can be refunded` } };
      lines.push({ line_id: line.id, quantity: units });
      amountPaise += lineShare(line, units);
    }
    if (lines.length === 0) return { problem: { field: 'lines', message: 'Choose how many units of a line to refund' } };
    if (amountPaise <= 0) return { problem: { field: 'lines', message: 'These units cost the shopper nothing: there is nothing to refund' } };
  } else {
    const paise = paiseOf(form.amount);
    if (paise === null) return { problem: { field: 'amount', message: AMOUNT_HINT } };
    if (paise <= 0) return { problem: { field: 'amount', message: 'The refund must be more than ₹0.00' } };
    amountPaise = paise;
  }
  if (amountPaise > state.refundablePaise) {
    return { problem: { field: form.mode === 'lines' ? 'lines' : 'amount', message: `${rupees(amountPaise)} is more than is left to refund (${rupees(state.refundablePaise)})` } };
  }
  const reason = form.reason.trim();
  if (!reason) return { problem: { field: 'reason', message: 'Say why you refund it' } };
  if (reason.length > 500) return { problem: { field: 'reason', message: 'Keep the reason under 500 characters' } };
  const body: BosRefundBody = form.mode === 'lines' ? { lines, reason, ...(form.restock ? { restock: true } : {}) } : { amount_paise: amountPaise, reason };
  return { body, amountPaise };
}

/** What the form would refund now, in paise, counting only what was typed well (0 for nothing yet). */
export function refundPreview(order: Order, form: RefundForm): number {
  if (form.mode === 'amount') {
    const paise = paiseOf(form.amount);
    return paise !== null && paise > 0 ? paise : 0;
  }
  return order.lines.reduce((sum, line) => {
    const units = unitsOf(form.quantities[line.id]);
    return units && units <= lineLeft(line) ? sum + lineShare(line, units) : sum;
  }, 0);
}

/** The submit button's words: what the click does ("Refund ₹120.00 to Razorpay"). */
export const refundLabel = (amountPaise: number, to: string) => (amountPaise > 0 ? `Refund ${rupees(amountPaise)} to ${to}` : `Refund to ${to}`);

/**
 * A refused refund as a person reads it: more than is left of the payment (409, with what is left now: someone
 * may have refunded it meanwhile), or the API's own words (a line with fewer units left, a cash order).
 */
export function refusalText(status: number, body: unknown, message: string): string {
  const left = body && typeof body === 'object' && 'refundable_paise' in body && typeof body.refundable_paise === 'number' ? body.refundable_paise : null;
  if (status === 409 && left !== null) return `${message}. At most ${rupees(left)} can be refunded now: reload the page to see refunds made meanwhile.`;
  return message;
}
