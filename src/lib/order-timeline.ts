/**
 * An order's timeline in words (docs/orders.md#the-timeline): the one place that decides what each reader may
 * see of an order's steps (the rows of order_events) and how each step reads. The shopper's order page, the
 * sales agent's, the back office's order page and the API's answers to shoppers and agents all go through it.
 *
 * - A **shopper** sees every step of their order with its time, said in their words ("Confirmed by the shop",
 *   "Cancelled by you"), the rider's name and phone when the shop gave them, the cash they paid at the door, the
 *   reason the shop gave for a cancel or a refund (the reason their message said), and each refund with its
 *   amount (a refund paid by hand with its bank reference). Never a person's name (staff, agents: "the shop",
 *   "your sales agent"), never the shop's own notes (a note on the cash collected, on a refund settled by hand),
 *   never a refund sent again, a payment's provider reference, or the staff audit.
 * - A **sales agent** sees every step with who made it, by name, and the notes.
 * - **Staff** see every row as recorded; the back office's page shows who made it itself.
 *
 * Times are shown on India's clock (lib/india-time: UTC+05:30).
 */
import type { OrderEvent, OrderRefundEntry } from '../contract/order';
import type { OrderStatus } from '../contract/order-constants';
import { formatDateTime } from './format';
import { formatRupees, toRupees } from './money';
import type { orders as ordersWords } from './i18n/messages/en/orders';
import type { Say } from './i18n/words';

/**
 * A shopper's timeline in the page's language: the orders' words and how a moment is written (lib/i18n/dates).
 * Absent, the timeline speaks English as it always has; an agent's and the staff's timelines stay English.
 */
export interface TimelineSpeech {
  say: Say<keyof typeof ordersWords>;
  when: (at: string) => string;
}

export type TimelineReader = 'shopper' | 'agent' | 'staff';

/** A timeline row as the back office's answer or the shopper's carries it (the back office's details are any JSON). */
export interface TimelineEventInput {
  at: string;
  actor: { kind: OrderEvent['actor']['kind']; name: string | null };
  kind: OrderEvent['kind'];
  from: OrderStatus | null;
  to: OrderStatus | null;
  note: string | null;
  details: Record<string, unknown> | null;
}

/** One step as a page shows it: when (India's time), what, by whom, and its particulars, one sentence each. */
export interface TimelineEntry {
  at: string;
  when: string;
  title: string;
  by: string | null;
  details: string[];
  /** The order status the step moved it to (null for a refund or a note). */
  status: OrderStatus | null;
}

const text = (details: Record<string, unknown> | null, key: string) => (typeof details?.[key] === 'string' && details[key] ? (details[key] as string) : null);
const int = (details: Record<string, unknown> | null, key: string) => (typeof details?.[key] === 'number' && Number.isInteger(details[key]) ? (details[key] as number) : null);
const paise = (amount: number) => formatRupees(toRupees(amount));

/**
 * Which refund step a refund row records (src/server/orders/staff.ts writes three): one paid by hand carries the
 * transfer's `reference`; a part refund its `lines` (an amount refund an empty list); a refund sent again neither.
 */
export function refundStep(details: Record<string, unknown> | null): 'by_hand' | 'part' | 'retried' {
  if (text(details, 'reference')) return 'by_hand';
  if (Array.isArray(details?.lines)) return 'part';
  return 'retried';
}

/** The particulars a reader gets of a step (everything else the row recorded is left out). */
function detailsFor(event: TimelineEventInput, reader: Exclude<TimelineReader, 'staff'>): OrderEvent['details'] {
  const d = event.details;
  const kept: NonNullable<OrderEvent['details']> = {};
  if (event.kind === 'status' && event.to === 'out_for_delivery') {
    if (text(d, 'rider_name')) kept.rider_name = text(d, 'rider_name')!;
    if (text(d, 'rider_phone')) kept.rider_phone = text(d, 'rider_phone')!;
  }
  if (event.kind === 'status' && event.to === 'delivered') {
    if (int(d, 'collected_paise') !== null) kept.collected_paise = int(d, 'collected_paise')!;
    if (reader === 'agent' && int(d, 'due_paise') !== null) kept.due_paise = int(d, 'due_paise')!;
  }
  if (event.kind === 'refund') {
    if (int(d, 'refund_id') !== null) kept.refund_id = int(d, 'refund_id')!;
    if (int(d, 'amount_paise') !== null) kept.amount_paise = int(d, 'amount_paise')!;
    if (text(d, 'reference')) kept.reference = text(d, 'reference')!;
    if (Array.isArray(d?.lines)) {
      kept.lines = (d.lines as unknown[]).flatMap((l) => {
        const line = l as Record<string, unknown>;
        const id = int(line, 'order_line_id');
        const quantity = int(line, 'quantity');
        return id !== null && quantity !== null ? [{ order_line_id: id, quantity, amount_paise: int(line, 'amount_paise') ?? 0 }] : [];
      });
    }
  }
  return Object.keys(kept).length ? kept : null;
}

/** Whether a step's note is a reason the shopper was told: a cancel by the shop (or their agent), or a part refund. */
const noteForShopper = (event: TimelineEventInput) =>
  (event.kind === 'status' && event.to === 'cancelled' && (event.actor.kind === 'staff' || event.actor.kind === 'agent')) ||
  (event.kind === 'refund' && refundStep(event.details) === 'part');

/**
 * A row as a shopper or a sales agent may see it (the API's answers to them), or null when it is not theirs to
 * see: a shopper gets no notes of the shop's (kind 'note'), no refund sent again, no names and only the reasons
 * they were told; an agent gets every row, names and notes.
 */
export function eventFor(event: TimelineEventInput, reader: Exclude<TimelineReader, 'staff'>): OrderEvent | null {
  if (reader === 'shopper') {
    if (event.kind === 'note') return null;
    if (event.kind === 'refund' && refundStep(event.details) === 'retried') return null;
  }
  return {
    at: event.at,
    actor: { kind: event.actor.kind, name: reader === 'agent' ? event.actor.name : null },
    kind: event.kind,
    from: event.from,
    to: event.to,
    note: reader === 'agent' || noteForShopper(event) ? event.note : null,
    details: detailsFor(event, reader),
  };
}

/** Who made a step, in the reader's words: "you", "the shop", "your sales agent"; by name for agents and staff. */
function byWhom(actor: TimelineEventInput['actor'], reader: TimelineReader, speech?: TimelineSpeech): string | null {
  if (reader === 'shopper' && speech) {
    const { say } = speech;
    return actor.kind === 'shopper' ? say('orders.by.you') : actor.kind === 'agent' ? say('orders.by.agent') : actor.kind === 'staff' ? say('orders.by.shop') : null;
  }
  if (reader === 'shopper') return actor.kind === 'shopper' ? 'you' : actor.kind === 'agent' ? 'your sales agent' : actor.kind === 'staff' ? 'the shop' : null;
  const named = (role: string, fallback: string) => (actor.name ? `${actor.name} (${role})` : fallback);
  if (actor.kind === 'shopper') return named('the customer', 'the customer');
  if (actor.kind === 'agent') return named('sales agent', 'a sales agent');
  if (actor.kind === 'staff') return named('shop staff', 'the shop');
  return null;
}

/** What a status change is called: the step it reached, and how (paid, or the time to pay ran out). */
function statusTitle(event: TimelineEventInput, speech?: TimelineSpeech): string {
  if (speech) return spokenStatusTitle(event, speech.say);
  switch (event.to) {
    case 'pending_payment':
      return event.from === null ? 'Order placed' : 'Waiting for payment again';
    case 'placed':
      if (event.from === 'pending_payment' && event.actor.kind === 'provider') return 'Payment received, order placed';
      if (event.from === 'pending_payment' || event.from === 'payment_failed') return 'Order placed, to pay on delivery';
      return 'Order placed';
    case 'payment_failed':
      return event.actor.kind === 'sweeper' ? 'The time to pay ran out' : 'The payment did not go through';
    case 'confirmed':
      return 'Confirmed';
    case 'packed':
      return 'Packed';
    case 'out_for_delivery':
      return 'Sent out for delivery';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'Status changed';
  }
}

/** statusTitle in the page's words. */
function spokenStatusTitle(event: TimelineEventInput, say: TimelineSpeech['say']): string {
  switch (event.to) {
    case 'pending_payment':
      return event.from === null ? say('orders.step.placed') : say('orders.step.waitingAgain');
    case 'placed':
      if (event.from === 'pending_payment' && event.actor.kind === 'provider') return say('orders.step.paidPlaced');
      if (event.from === 'pending_payment' || event.from === 'payment_failed') return say('orders.step.placedCod');
      return say('orders.step.placed');
    case 'payment_failed':
      return event.actor.kind === 'sweeper' ? say('orders.step.timeRanOut') : say('orders.step.paymentFailed');
    case 'confirmed':
      return say('orders.step.confirmed');
    case 'packed':
      return say('orders.step.packed');
    case 'out_for_delivery':
      return say('orders.step.sentOut');
    case 'delivered':
      return say('orders.step.delivered');
    case 'cancelled':
      return say('orders.step.cancelled');
    default:
      return say('orders.step.changed');
  }
}

/**
 * One row in words for a reader. `lineName` names an order line (the back office's page knows its lines), so a
 * part refund can say which items it gave back.
 */
export function describeEvent(event: TimelineEventInput, reader: TimelineReader, lineName?: (lineId: number) => string | undefined, speech?: TimelineSpeech): TimelineEntry {
  const d = event.details;
  const shopper = reader === 'shopper';
  if (shopper && speech) return spokenForShopper(event, speech, lineName);
  const details: string[] = [];
  const note = event.note?.trim() || null;
  let title: string;
  let by = byWhom(event.actor, reader);
  if (event.kind === 'status') {
    title = statusTitle(event);
    if (event.actor.kind === 'provider' || event.actor.kind === 'sweeper') by = null;
    if (event.to === 'pending_payment' && event.from === null) details.push('Waiting for the payment');
    if (event.to === 'out_for_delivery') {
      const rider = [text(d, 'rider_name'), text(d, 'rider_phone')].filter(Boolean).join(', ');
      if (rider) details.push(`${shopper ? 'Your rider' : 'Rider'}: ${rider}`);
    }
    const collected = int(d, 'collected_paise');
    if (event.to === 'delivered' && collected !== null) {
      const due = int(d, 'due_paise');
      details.push(shopper ? `You paid ${paise(collected)} in cash` : `Cash collected: ${paise(collected)}${due !== null && due !== collected ? ` (${paise(due)} was due)` : ''}`);
    }
    if (!shopper && event.actor.kind === 'provider' && text(d, 'reference')) details.push(`Payment ${[text(d, 'provider'), text(d, 'reference')].filter(Boolean).join(' ')}`);
    if (note) details.push(event.to === 'cancelled' ? `Reason: ${note}` : `Note: ${note}`);
  } else if (event.kind === 'refund') {
    const amount = int(d, 'amount_paise');
    const money = amount !== null ? `${paise(amount)} ` : '';
    const step = refundStep(d);
    // A shopper's refunds are the shop's by nature: "Refund of ₹45.00 started", not "… by the shop".
    if (shopper) by = null;
    if (step === 'by_hand') {
      title = shopper ? `Refund of ${money}paid to you directly` : `Refund of ${money}made by hand`;
      details.push(`Reference: ${text(d, 'reference')}`);
      if (!shopper && note && note !== 'Refunded by hand') details.push(`Note: ${note}`);
    } else if (step === 'part') {
      title = shopper ? `Refund of ${money}started` : `Part refund of ${money}started`;
      if (note) details.push(`Reason: ${note}`);
      const lines = Array.isArray(d?.lines) ? (d.lines as Record<string, unknown>[]) : [];
      const named = lineName ? lines.map((l) => ({ name: lineName(int(l, 'order_line_id') ?? 0), quantity: int(l, 'quantity') })).filter((l) => l.name) : [];
      if (named.length) details.push(`Items: ${named.map((l) => `${l.quantity} × ${l.name}`).join('; ')}`);
      if (!shopper && d?.restock === true) details.push('Goods back to stock');
    } else {
      title = `Refund of ${money}sent again`;
    }
  } else {
    title = 'Note';
    if (note) details.push(note);
  }
  return { at: event.at, when: formatDateTime(event.at), title, by, details, status: event.kind === 'status' ? event.to : null };
}

/** A shopper's row in the page's words (describeEvent's shopper branch, said by `speech`). */
function spokenForShopper(event: TimelineEventInput, speech: TimelineSpeech, lineName?: (lineId: number) => string | undefined): TimelineEntry {
  const { say } = speech;
  const d = event.details;
  const details: string[] = [];
  const note = event.note?.trim() || null;
  let title: string;
  let by = byWhom(event.actor, 'shopper', speech);
  if (event.kind === 'status') {
    title = statusTitle(event, speech);
    if (event.actor.kind === 'provider' || event.actor.kind === 'sweeper') by = null;
    if (event.to === 'pending_payment' && event.from === null) details.push(say('orders.step.waitingPayment'));
    if (event.to === 'out_for_delivery') {
      const rider = [text(d, 'rider_name'), text(d, 'rider_phone')].filter(Boolean).join(', ');
      if (rider) details.push(say('orders.step.yourRider', { rider }));
    }
    const collected = int(d, 'collected_paise');
    if (event.to === 'delivered' && collected !== null) details.push(say('orders.step.youPaidCash', { amount: paise(collected) }));
    if (note) details.push(event.to === 'cancelled' ? say('orders.reason', { reason: note }) : say('orders.step.note', { note }));
  } else if (event.kind === 'refund') {
    const amount = int(d, 'amount_paise');
    const money = amount !== null ? `${paise(amount)} ` : '';
    const step = refundStep(d);
    by = null;
    if (step === 'by_hand') {
      title = say('orders.step.refundDirect', { money });
      details.push(say('orders.step.reference', { reference: text(d, 'reference') ?? '' }));
    } else if (step === 'part') {
      title = say('orders.step.refundStarted', { money });
      if (note) details.push(say('orders.reason', { reason: note }));
      const lines = Array.isArray(d?.lines) ? (d.lines as Record<string, unknown>[]) : [];
      const named = lineName ? lines.map((l) => ({ name: lineName(int(l, 'order_line_id') ?? 0), quantity: int(l, 'quantity') })).filter((l) => l.name) : [];
      if (named.length) details.push(say('orders.step.items', { items: named.map((l) => `${l.quantity} × ${l.name}`).join('; ') }));
    } else {
      title = say('orders.step.refundAgain', { money });
    }
  } else {
    title = say('orders.step.noteTitle');
    if (note) details.push(note);
  }
  return { at: event.at, when: speech.when(event.at), title, by, details, status: event.kind === 'status' ? event.to : null };
}

/** A step's headline: "Confirmed by the shop", "Cancelled by you", "Payment received, order placed". */
export const headline = (entry: Pick<TimelineEntry, 'title' | 'by'>) => (entry.by ? `${entry.title} by ${entry.by}` : entry.title);

/** headline in the page's words: 'ऑर्डर पक्का हुआ (दुकान ने किया)'. */
export const spokenHeadline = (say: TimelineSpeech['say']) => (entry: Pick<TimelineEntry, 'title' | 'by'>) => (entry.by ? say('orders.by', { title: entry.title, who: entry.by }) : entry.title);

/**
 * The timeline a shopper's or an agent's order page shows, oldest first: its steps (as the API gave them to
 * that reader), and where a refund has no step of its own (a cancel's, or a payment the order could not keep)
 * when it started, and when a refund reached the payment it came from.
 */
export function orderTimeline(order: { timeline: TimelineEventInput[]; refunds: OrderRefundEntry[] }, reader: Exclude<TimelineReader, 'staff'>, speech?: TimelineSpeech): TimelineEntry[] {
  // The page's words are the shopper's only: an agent's timeline keeps its English.
  const spoken = reader === 'shopper' ? speech : undefined;
  const entries = order.timeline.map((event) => describeEvent(event, reader, undefined, spoken));
  const stepped = new Set(order.timeline.map((e) => int(e.details, 'refund_id')).filter((id) => id !== null));
  const extra = (at: string, title: string, details: string[] = []): TimelineEntry => ({ at, when: spoken ? spoken.when(at) : formatDateTime(at), title, by: null, details, status: null });
  for (const refund of order.refunds) {
    const amount = formatRupees(refund.amount);
    if (!stepped.has(refund.id)) {
      const reason = refund.reason ? [spoken ? spoken.say('orders.reason', { reason: refund.reason }) : `Reason: ${refund.reason}`] : [];
      entries.push(extra(refund.created_at, spoken ? spoken.say('orders.step.refundOf', { amount }) : `Refund of ${amount} started`, reason));
    }
    if (refund.status === 'processed' && refund.processed_at && !refund.reference) {
      entries.push(extra(refund.processed_at, spoken ? spoken.say('orders.step.refundedTo', { amount }) : `${amount} refunded to ${reader === 'shopper' ? 'your' : "the customer's"} original payment method`));
    }
  }
  // Oldest first; a step and what it started at the same moment keep their order (Array.prototype.sort is stable).
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
