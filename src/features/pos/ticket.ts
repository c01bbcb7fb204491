import { POS_LINE_DISCOUNT_MAX_PERCENT, POS_MAX_PAYMENTS, POS_MAX_QUANTITY, type PosSaleBody } from '../../contract/pos';
import { patterns } from '../../contract/validation';
import { toRupees } from '../../lib/money';

/**
 * The till's ticket as plain data and pure functions (docs/pos-client.md#ticket): lines, the cashier's line
 * discounts, a coupon, the customer and a note, and the payments that settle it. Every amount is whole paise
 * and every step is integer arithmetic; nothing here reads a clock, the network or the DOM, so the rules are
 * tested alone and `ticket-store.ts` only holds the current ticket.
 */

/** Bounds a ticket keeps whatever the screen sends: the contract's, so the server never refuses a sale for them. */
export const TICKET_LIMITS = {
  /** A line's quantity: a shop's sack count, not a typo's 10,000. */
  maxQuantity: POS_MAX_QUANTITY,
  /** The cashier's line discount when the screen passes none: a percentage of the line. */
  discountPercent: POS_LINE_DISCOUNT_MAX_PERCENT,
  /** Payments on one ticket: a split is two or three; more is a slip of the finger. */
  maxPayments: POS_MAX_PAYMENTS,
  maxNote: 500,
} as const;

/** What the ticket needs of a pack (the catalogue or a barcode look-up gives it). */
export interface PackForTicket {
  pack_id: number;
  name: string;
  pack_name: string;
  unit_paise: number;
  /** The stock the till knows for the pack at its counter (the catalogue's): a quantity over it is warned of, not refused. */
  stock?: number;
}

interface TicketLine extends PackForTicket {
  quantity: number;
  /** Off the whole line, within `lineDiscountLimit`. */
  discount_paise: number;
}

/** Cash is what the customer handed over (change comes back); UPI and card are what they were charged. */
type TicketPayment =
  | { method: 'cash'; tendered_paise: number }
  | { method: 'upi'; amount_paise: number }
  | { method: 'card'; amount_paise: number; reference: string };

export interface Ticket {
  lines: TicketLine[];
  /** The cashier's limit for a line discount, a percentage of the line. */
  discount_limit_percent: number;
  /**
   * A coupon code and the discount the server quoted for it (POST /pos/quote), with the ticket it was quoted for
   * (`pricingKey`): a ticket changed since must be quoted again before it is sold.
   */
  coupon: { code: string; discount_paise: number; priced_for: string } | null;
  customer_phone: string | null;
  note: string;
  payments: TicketPayment[];
}

/** Why a ticket cannot be completed yet. */
type TicketBlocker = 'empty' | 'due' | 'card-reference' | 'over-paid' | 'upi-offline' | 'coupon-unpriced' | 'coupon-offline';

/** Refuses an amount that is not whole paise: the screen converts rupees with `toPaise` first. */
function wholePaise(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not whole paise: ${paise}`);
  return paise;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const emptyTicket = (discountLimitPercent: number = TICKET_LIMITS.discountPercent): Ticket => ({
  lines: [],
  discount_limit_percent: discountLimitPercent,
  coupon: null,
  customer_phone: null,
  note: '',
  payments: [],
});

/**
 * The most a line may be discounted: `percent` of the line, rounded down to the paisa (the shop never gives
 * more than the limit). The percentage is taken in hundredths so that 12.5% is still integer arithmetic.
 */
export function lineDiscountLimit(line: Pick<TicketLine, 'unit_paise' | 'quantity'>, percent: number = TICKET_LIMITS.discountPercent): number {
  const gross = line.unit_paise * line.quantity;
  const hundredths = clamp(Math.round(percent * 100), 0, 10_000);
  return Math.floor((gross * hundredths) / 10_000);
}

/** The line with its quantity bounded and its discount held within the ticket's limit for that quantity. */
function bounded(line: TicketLine, percent: number): TicketLine {
  const quantity = clamp(Math.trunc(line.quantity), 1, TICKET_LIMITS.maxQuantity);
  const discount = clamp(line.discount_paise, 0, lineDiscountLimit({ unit_paise: line.unit_paise, quantity }, percent));
  return { ...line, quantity, discount_paise: discount };
}

/** Applies `change` to the line of `packId`; the same ticket when no line has it. */
function withLine(ticket: Ticket, packId: number, change: (line: TicketLine) => TicketLine): Ticket {
  const index = ticket.lines.findIndex((line) => line.pack_id === packId);
  if (index < 0) return ticket;
  const lines = ticket.lines.slice();
  lines[index] = bounded(change(lines[index]!), ticket.discount_limit_percent);
  return { ...ticket, lines };
}

/** Adds one of a pack: a new line, or one more on the pack's line (which keeps its price). */
export function addPack(ticket: Ticket, pack: PackForTicket): Ticket {
  const more = withLine(ticket, pack.pack_id, (line) => ({ ...line, quantity: line.quantity + 1 }));
  if (more !== ticket) return more;
  const line: TicketLine = { ...pack, unit_paise: wholePaise(pack.unit_paise), quantity: 1, discount_paise: 0 };
  return { ...ticket, lines: [...ticket.lines, line] };
}

/** Sets a line's quantity, bounded to 1..999. */
export const setQuantity = (ticket: Ticket, packId: number, quantity: number): Ticket =>
  withLine(ticket, packId, (line) => ({ ...line, quantity }));

/** The stepper's + and −: bounded like a typed quantity (− at one keeps the line). */
export const stepQuantity = (ticket: Ticket, packId: number, delta: number): Ticket =>
  withLine(ticket, packId, (line) => ({ ...line, quantity: line.quantity + delta }));

/** A typed quantity: a whole number of ASCII digits, bounded to 1..999; null for anything else. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  return clamp(Number(trimmed), 1, TICKET_LIMITS.maxQuantity);
}

export const removeLine = (ticket: Ticket, packId: number): Ticket => ({
  ...ticket,
  lines: ticket.lines.filter((line) => line.pack_id !== packId),
});

/** Sets a line's discount, held between 0 and the cashier's limit (`lineDiscountLimit`). */
export const setLineDiscount = (ticket: Ticket, packId: number, paise: number): Ticket => {
  wholePaise(paise);
  return withLine(ticket, packId, (line) => ({ ...line, discount_paise: paise }));
};

/**
 * What the shop prices a coupon on: the lines (pack, quantity, line discount) and the customer's phone. A coupon
 * quoted for another key is out of date.
 */
export const pricingKey = (ticket: Ticket): string =>
  JSON.stringify([ticket.lines.map((line) => [line.pack_id, line.quantity, line.discount_paise]), ticket.customer_phone]);

/**
 * Keeps a coupon and the discount the server quoted for this ticket as it is now (`pricingKey`); a blank code
 * takes the coupon off.
 */
export function setCoupon(ticket: Ticket, code: string, discountPaise: number): Ticket {
  const trimmed = code.trim().toUpperCase();
  if (!trimmed) return { ...ticket, coupon: null };
  return { ...ticket, coupon: { code: trimmed, discount_paise: Math.max(0, wholePaise(discountPaise)), priced_for: pricingKey(ticket) } };
}

/** Keeps the customer's phone when it is an Indian mobile number (spaces and +91 allowed); otherwise none. */
export function setCustomerPhone(ticket: Ticket, text: string): Ticket {
  let digits = text.replace(/[\s-]/g, '');
  if (/^(\+91|0091|91)\d{10}$/.test(digits)) digits = digits.slice(-10);
  return { ...ticket, customer_phone: patterns.phone.test(digits) ? digits : null };
}

export const setNote = (ticket: Ticket, note: string): Ticket => ({ ...ticket, note: note.trim().slice(0, TICKET_LIMITS.maxNote) });

/** What the ticket's lines and coupon come to, before payments. */
function totals(ticket: Ticket) {
  let subtotal = 0;
  let lineDiscount = 0;
  for (const line of ticket.lines) {
    subtotal += line.unit_paise * line.quantity;
    lineDiscount += line.discount_paise;
  }
  const coupon = clamp(ticket.coupon?.discount_paise ?? 0, 0, subtotal - lineDiscount);
  return { subtotal, lineDiscount, coupon, total: subtotal - lineDiscount - coupon };
}

/** What the payments so far hand over: card and UPI charged, cash tendered. */
function paidSoFar(payments: readonly TicketPayment[]) {
  let nonCash = 0;
  let cash = 0;
  for (const payment of payments) {
    if (payment.method === 'cash') cash += payment.tendered_paise;
    else nonCash += payment.amount_paise;
  }
  return { nonCash, cash };
}

/**
 * Adds a payment. Card and UPI take at most what is still due (a charge is never more than owed; only cash
 * gives change); a payment of nothing, once bounded so, is not added and the same ticket is answered.
 */
export function addPayment(ticket: Ticket, payment: TicketPayment): Ticket {
  if (ticket.payments.length >= TICKET_LIMITS.maxPayments) return ticket;
  const { total } = totals(ticket);
  const { nonCash, cash } = paidSoFar(ticket.payments);
  const due = Math.max(0, total - nonCash - cash);
  let taken: TicketPayment;
  if (payment.method === 'cash') {
    taken = { method: 'cash', tendered_paise: wholePaise(payment.tendered_paise) };
    if (taken.tendered_paise <= 0) return ticket;
  } else {
    const amount = Math.min(wholePaise(payment.amount_paise), due);
    if (amount <= 0) return ticket;
    taken = payment.method === 'card' ? { method: 'card', amount_paise: amount, reference: payment.reference.trim() } : { method: 'upi', amount_paise: amount };
  }
  return { ...ticket, payments: [...ticket.payments, taken] };
}

export const removePayment = (ticket: Ticket, index: number): Ticket => ({
  ...ticket,
  payments: ticket.payments.filter((_, i) => i !== index),
});

/**
 * Where the ticket stands: its totals, what is paid and still due, the change to hand back (from the cash
 * alone: card and UPI cover their part first), and whether it can be completed, with what stops it.
 * `online: false` blocks UPI, which needs the network to be confirmed, and a coupon, whose rules are the shop's.
 */
export function settle(ticket: Ticket, { online = true }: { online?: boolean } = {}) {
  const { subtotal, lineDiscount, coupon, total } = totals(ticket);
  const { nonCash, cash } = paidSoFar(ticket.payments);
  const leftForCash = Math.max(0, total - nonCash);
  const change = Math.max(0, cash - leftForCash);
  const due = Math.max(0, leftForCash - cash);
  const blockers: TicketBlocker[] = [];
  if (ticket.lines.length === 0) blockers.push('empty');
  if (due > 0) blockers.push('due');
  if (nonCash > total) blockers.push('over-paid');
  if (ticket.payments.some((p) => p.method === 'card' && !p.reference)) blockers.push('card-reference');
  if (!online && ticket.payments.some((p) => p.method === 'upi')) blockers.push('upi-offline');
  // A sale never carries a coupon the shop has not priced for this very ticket, nor one queued offline.
  if (ticket.coupon && !online) blockers.push('coupon-offline');
  else if (ticket.coupon && ticket.coupon.priced_for !== pricingKey(ticket)) blockers.push('coupon-unpriced');
  return {
    subtotal_paise: subtotal,
    line_discount_paise: lineDiscount,
    coupon_discount_paise: coupon,
    total_paise: total,
    paid_paise: nonCash + cash,
    due_paise: due,
    change_paise: change,
    can_complete: blockers.length === 0,
    blockers,
  };
}

/**
 * The sale as POST /s/api/pos/sales takes it (rupees at the edge, from whole paise, so exact). A cash payment
 * sends what was tendered; the server gives the same change. Empty optional fields are left out.
 */
export function saleBody(ticket: Ticket, tillId: number): PosSaleBody {
  return {
    till_id: tillId,
    lines: ticket.lines.map((line) => ({
      pack_id: line.pack_id,
      quantity: line.quantity,
      ...(line.discount_paise ? { discount: toRupees(line.discount_paise) } : {}),
    })),
    payments: ticket.payments.map((payment) =>
      payment.method === 'cash'
        ? { mode: 'cash', amount: toRupees(payment.tendered_paise) }
        : payment.method === 'card'
          ? { mode: 'card', amount: toRupees(payment.amount_paise), reference: payment.reference }
          : { mode: 'upi', amount: toRupees(payment.amount_paise) },
    ),
    ...(ticket.customer_phone ? { phone: ticket.customer_phone } : {}),
    ...(ticket.coupon ? { coupon: ticket.coupon.code } : {}),
    ...(ticket.note ? { note: ticket.note } : {}),
  };
}
