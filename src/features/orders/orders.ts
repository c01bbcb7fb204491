import { ORDER_STATUSES, type OrderStatus } from '../../contract/order-constants';
import type { Order, OrderRefund, OrderRefundEntry } from '../../contract/order';
import { formatDate, formatRupees } from '../../lib/format';
import { ROWS_PER_PAGE_OPTIONS } from '../../lib/pagination';
import { english, speak, type Say } from '../../lib/i18n/words';
import { orders as ordersWords } from '../../lib/i18n/messages/en/orders';

/** A translator over the orders' words (messages/en/orders.ts): the page's, or English by default. */
export type OrdersSay = Say<keyof typeof ordersWords>;
export const ENGLISH_ORDERS: OrdersSay = speak(english(ordersWords));
/** A date as the words' language writes it ('Nov 22, 2026' in English; lib/i18n/dates.ts for Hindi). */
export type WriteDate = (date: string) => string;

/** How each status reads to a shopper, and its badge's colours. */
export const STATUS: Record<OrderStatus, { label: string; tone: string }> = {
  pending_payment: { label: 'Awaiting payment', tone: 'bg-amber-100 text-amber-900' },
  placed: { label: 'Placed', tone: 'bg-sky-100 text-sky-900' },
  confirmed: { label: 'Confirmed', tone: 'bg-sky-100 text-sky-900' },
  packed: { label: 'Packed', tone: 'bg-indigo-100 text-indigo-900' },
  out_for_delivery: { label: 'Out for delivery', tone: 'bg-indigo-100 text-indigo-900' },
  delivered: { label: 'Delivered', tone: 'bg-green-100 text-green-900' },
  cancelled: { label: 'Cancelled', tone: 'bg-muted text-muted-foreground' },
  payment_failed: { label: 'Payment failed', tone: 'bg-red-100 text-red-900' },
};

/** A status's name in the page's language: 'Out for delivery' / 'डिलीवरी के लिए निकला'. */
export const statusLabel = (status: OrderStatus, say: OrdersSay = ENGLISH_ORDERS) => say(`orders.status.${status}`);

/** The steps an order goes through, and where it stands: done, the current one, or still to come. */
const STEPS: OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];
export function timeline(status: OrderStatus, say: OrdersSay = ENGLISH_ORDERS): { status: OrderStatus; label: string; state: 'done' | 'current' | 'todo' }[] {
  const at = STEPS.indexOf(status);
  return STEPS.map((step, i) => ({ status: step, label: statusLabel(step, say), state: i < at ? 'done' : i === at ? 'current' : 'todo' }));
}

/** The orders list's state, as its URL keeps it (reload and back keep the page, rows per page and filter). */
export interface OrdersQuery {
  page: number;
  perPage: number;
  status: OrderStatus | null;
}
export const DEFAULT_PER_PAGE = 10;

/** Reads the list's state from the URL; anything unknown falls back to the first page, 10 rows, every status. */
export function readOrdersQuery(search: URLSearchParams): OrdersQuery {
  const page = Number(search.get('page'));
  const perPage = Number(search.get('perPage'));
  const status = search.get('status') as OrderStatus | null;
  return {
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    perPage: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    status: status && (ORDER_STATUSES as readonly string[]).includes(status) ? status : null,
  };
}

/** The list's address for a state (on `path`: the account's list, or a customer's on the agent's dashboard); defaults are left out. */
export function ordersHref(q: OrdersQuery, path = '/account/orders'): string {
  const search = new URLSearchParams();
  if (q.status) search.set('status', q.status);
  if (q.perPage !== DEFAULT_PER_PAGE) search.set('perPage', String(q.perPage));
  if (q.page > 1) search.set('page', String(q.page));
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/** What a reorder did, in a sentence: how many items went back in the cart, and that some could not. */
export function reorderSummary(r: { added: { quantity: number }[]; skipped: unknown[] }, say: OrdersSay = ENGLISH_ORDERS): string {
  const items = r.added.reduce((sum, a) => sum + a.quantity, 0);
  const added = items === 0 ? say('orders.reorderNothing') : say('orders.reorderAdded', { count: items });
  return r.skipped.length && items ? say('orders.reorderSome', { added }) : r.skipped.length ? say('orders.reorderItems', { added }) : added;
}

/** Statuses in which an order paid online has been paid (cancelling one of them refunds it). */
const PAID: OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

/** What cancelling an order says: a paid online order is refunded; cash on delivery and unpaid ones cost nothing. */
export function cancelQuestion(order: Pick<Order, 'status' | 'payment_method' | 'total'>, say: OrdersSay = ENGLISH_ORDERS): string {
  const refunded = order.payment_method !== 'cod' && PAID.includes(order.status);
  return refunded ? say('orders.cancelRefunded', { amount: formatRupees(order.total) }) : say('orders.cancelFree');
}

/**
 * The Confirm dialog (and its no-JavaScript step) for cancelling an order, in this use's own words: the question
 * is the title, the buttons say what they do. The widget's own defaults ('Please ', Cancel, Confirm) stay.
 */
export function cancelDialog(order: Pick<Order, 'ordernumber' | 'status' | 'payment_method' | 'total'>, say: OrdersSay = ENGLISH_ORDERS) {
  return { title: say('orders.cancelTitle', { number: order.ordernumber }), message: cancelQuestion(order, say), confirmText: say('orders.cancel'), cancelText: say('orders.keep') };
}

/**
 * How an order stands with its payment, in words, next to its status: cash on delivery is paid at the door
 * (charged once delivered); online, it is not paid yet while it waits, paid once placed, and a cancelled one
 * either was paid and is refunded or was never charged.
 */
export function paymentWords(order: Pick<Order, 'status' | 'payment_method' | 'refund'>, say: OrdersSay = ENGLISH_ORDERS): string {
  if (order.status === 'cancelled') return order.refund ? say('orders.pay.refunded') : say('orders.pay.notCharged');
  if (order.payment_method === 'cod') return order.status === 'delivered' ? say('orders.pay.codPaid') : say('orders.pay.cod');
  if (order.status === 'pending_payment') return say('orders.pay.pending');
  if (order.status === 'payment_failed') return say('orders.pay.failed');
  return say('orders.pay.online');
}

/** Where an order's refund stands, in a sentence (amounts in rupees, dates in India's time). */
export function refundNote(refund: OrderRefund, say: OrdersSay = ENGLISH_ORDERS, writeDate: WriteDate = formatDate): string {
  const why = refund.reason ? say('orders.refund.why', { reason: refund.reason }) : '';
  return why + refundStands(refund, say, writeDate);
}

function refundStands(refund: OrderRefund, say: OrdersSay, writeDate: WriteDate): string {
  const amount = formatRupees(refund.amount);
  if (refund.status === 'processed') return say('orders.refund.processed', { amount, date: writeDate(refund.processed_at ?? refund.created_at) });
  if (refund.status === 'failed') return say('orders.refund.failed', { amount });
  return say('orders.refund.started', { amount, date: writeDate(refund.created_at) });
}

/** What the shopper paid in the end: the total less what was refunded (refunds that failed are not back yet). */
export const netPaid = (order: Pick<Order, 'total' | 'refunded'>) => (Math.round(order.total * 100) - Math.round(order.refunded * 100)) / 100;

/** Where one of an order's refunds stands, in words for the shopper (or their sales agent); dates in India's time. */
export function refundStateWords(
  refund: Pick<OrderRefundEntry, 'status' | 'created_at' | 'processed_at' | 'reference'>,
  reader: 'shopper' | 'agent' = 'shopper',
  say?: OrdersSay,
  writeDate: WriteDate = formatDate,
): string {
  if (say && reader === 'shopper') {
    if (refund.status === 'processed') {
      const date = writeDate(refund.processed_at ?? refund.created_at);
      return refund.reference ? say('orders.refundState.byHand', { date, reference: refund.reference }) : say('orders.refundState.processed', { date });
    }
    if (refund.status === 'failed') return say('orders.refundState.failed');
    return say('orders.refundState.started', { date: writeDate(refund.created_at) });
  }
  const whose = reader === 'shopper' ? 'your' : "the customer's";
  if (refund.status === 'processed') {
    return refund.reference
      ? `Paid back directly on ${formatDate(refund.processed_at ?? refund.created_at)} (reference ${refund.reference})`
      : `Refunded on ${formatDate(refund.processed_at ?? refund.created_at)} to ${whose} original payment method`;
  }
  if (refund.status === 'failed') return `Could not go through automatically: the shop will pay it back directly`;
  return `Started on ${formatDate(refund.created_at)}: it reaches ${whose} account in 5–7 working days`;
}
