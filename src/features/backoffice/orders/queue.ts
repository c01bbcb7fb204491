/**
 * The orders queue's pure logic (docs/back-office.md#screens): what the page's address asks for, the address of a
 * view, which orders are chosen, what a bulk button says and what a refused row reads as. No DOM, no fetch: the
 * page, the store and the tests share it.
 */
import type { BosBulkResult, BosOrderQuery, BosQueueOptions, BosTab } from '../../../contract/bos-orders';
import { BOS_RECENT_DAYS, ORDER_STATUS_WORDS } from '../../../contract/order-constants';
import { plural } from '../../../contract/plural';
import { formatTime } from '../../../lib/format';
import { ROWS_PER_PAGE_OPTIONS } from '../../../lib/pagination';

const QUEUE_PATH = '/bos/admin';
const DEFAULT_TAB: BosTab = 'to_confirm';
const DEFAULT_PER_PAGE = 20;

export const TAB_LABELS: Record<BosTab, string> = {
  to_confirm: 'To confirm',
  to_pack: 'To pack',
  to_send: 'To send out',
  out_for_delivery: 'Out for delivery',
  delivered_today: 'Delivered today',
  // Those of the last days only (the API's answer): the label says so.
  cancelled: `Cancelled (${BOS_RECENT_DAYS} days)`,
  payment_failed: `Payment failed (${BOS_RECENT_DAYS} days)`,
};
/**
 * The tabs in the contract's order (BOS_TABS), from the labels' keys: importing the contract's constant would
 * bring its zod schemas (and zod) into the island.
 */
export const QUEUE_TABS = Object.keys(TAB_LABELS) as BosTab[];

export const PAYMENT_METHODS = [
  { value: 'cod', label: 'Cash on delivery' },
  { value: 'razorpay', label: 'Razorpay' },
  { value: 'stripe', label: 'Stripe' },
] as const;
export const PAYMENT_STATES = [
  { value: 'paid', label: 'Paid' },
  { value: 'awaiting', label: 'Awaiting payment' },
  { value: 'failed', label: 'Payment failed' },
  { value: 'on_delivery', label: 'To collect on delivery' },
] as const;

/** The filters a person sets; every one is kept in the address. */
export interface QueueFilters {
  date: string;
  window: string;
  warehouse: string;
  payment_method: string;
  payment_state: string;
  zone: string;
  pincode: string;
  agent: string;
  /** 'true': only the point of sale's stock-short sales. */
  stock_short: string;
  q: string;
}
const FILTER_KEYS = ['date', 'window', 'warehouse', 'payment_method', 'payment_state', 'zone', 'pincode', 'agent', 'stock_short', 'q'] as const satisfies readonly (keyof QueueFilters)[];
export const NO_FILTERS: QueueFilters = { date: '', window: '', warehouse: '', payment_method: '', payment_state: '', zone: '', pincode: '', agent: '', stock_short: '', q: '' };
/** The stock filter's one choice: sales at the counter that took more than the stock ledger held. */
export const STOCK_CHOICES = [{ value: 'true', label: 'Stock short (counter sales)' }] as const;

export interface QueueQuery {
  tab: BosTab;
  filters: QueueFilters;
  page: number;
  perPage: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const KEEP: Record<keyof QueueFilters, (v: string) => boolean> = {
  date: (v) => DATE.test(v),
  window: (v) => v.length <= 20,
  warehouse: (v) => ID.test(v),
  payment_method: (v) => PAYMENT_METHODS.some((m) => m.value === v),
  payment_state: (v) => PAYMENT_STATES.some((m) => m.value === v),
  zone: (v) => ID.test(v),
  pincode: (v) => /^\d{6}$/.test(v),
  agent: (v) => ID.test(v),
  stock_short: (v) => v === 'true',
  q: (v) => v.length <= 80,
};

/** A filter value as the API takes it, or '' when it cannot be one (left out, never sent to be refused). */
function cleanFilter(key: keyof QueueFilters, raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  return value && KEEP[key](value) ? value : '';
}

/** What the address asks for; anything unknown or malformed is the default. */
export function readQueueQuery(search: URLSearchParams): QueueQuery {
  const tab = search.get('tab');
  const page = Number(search.get('page'));
  const perPage = Number(search.get('perPage'));
  const filters = { ...NO_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = cleanFilter(key, search.get(key));
  return {
    tab: (QUEUE_TABS as readonly string[]).includes(tab ?? '') ? (tab as BosTab) : DEFAULT_TAB,
    filters,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    perPage: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
}

/** The address of a view: defaults left out, so the plain queue is just /bos/admin. */
export function queueHref(query: QueueQuery): string {
  const search = new URLSearchParams();
  if (query.tab !== DEFAULT_TAB) search.set('tab', query.tab);
  for (const key of FILTER_KEYS) if (query.filters[key]) search.set(key, query.filters[key]);
  if (query.page > 1) search.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PER_PAGE) search.set('perPage', String(query.perPage));
  const text = search.toString();
  return text ? `${QUEUE_PATH}?${text}` : QUEUE_PATH;
}

/** The call's query for a view (GET /s/api/bos/orders). */
export function apiQuery(query: QueueQuery): Partial<BosOrderQuery> {
  const out: Record<string, string | number> = { tab: query.tab, page: query.page, perPage: query.perPage };
  for (const key of FILTER_KEYS) if (query.filters[key]) out[key] = query.filters[key];
  return out as Partial<BosOrderQuery>;
}

/** A choice of a filter's list. */
export interface Choice {
  value: string;
  label: string;
}

/** No choices: what the lists hold until the page passes the shop's. */
export const NO_OPTIONS: BosQueueOptions = { warehouses: [], agents: [], zones: [], windows: [] };

/**
 * The lists of the warehouse, sales agent, zone and window filters, from what the server offers. A value in the
 * address that is not offered (a warehouse since removed, an agent no longer one) stays chosen, said by its
 * number, so the list shows the filter that is applied.
 */
export function filterChoices(options: BosQueueOptions, filters: QueueFilters): Record<'warehouse' | 'agent' | 'zone' | 'window', Choice[]> {
  const keep = (choices: Choice[], value: string, label: (v: string) => string) => (value && !choices.some((c) => c.value === value) ? [...choices, { value, label: label(value) }] : choices);
  return {
    warehouse: keep(options.warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${w.code})` })), filters.warehouse, (v) => `Warehouse #${v}`),
    agent: keep(options.agents.map((a) => ({ value: String(a.id), label: a.name })), filters.agent, (v) => `Sales agent #${v}`),
    zone: keep(options.zones.map((z) => ({ value: String(z.id), label: `${z.name} (${plural(z.pincodes.length, 'pincode', 'pincodes')})` })), filters.zone, (v) => `Zone #${v}`),
    window: keep(options.windows.map((w) => ({ value: w.start, label: `${w.start} – ${w.end}` })), filters.window, (v) => `Starts ${v}`),
  };
}

/** How many filters are set (for the "Clear filters" button and the summary). */
export const activeFilters = (filters: QueueFilters) => FILTER_KEYS.filter((key) => filters[key] !== '').length;

/** The move a tab's orders wait for, or null where nothing is moved in bulk. */
export type BulkMove = 'confirmed' | 'packed' | 'out_for_delivery';
export const BULK_MOVE: Partial<Record<BosTab, BulkMove>> = { to_confirm: 'confirmed', to_pack: 'packed', to_send: 'out_for_delivery' };

/** What a bulk button says: what it does and to how many orders. */
export function bulkLabel(move: BulkMove, count: number): string {
  const orders = plural(count, 'order', 'orders');
  if (move === 'confirmed') return `Confirm ${orders}`;
  if (move === 'packed') return `Mark ${orders} packed`;
  return `Send ${orders} out for delivery`;
}

const DONE: Record<BulkMove, string> = { confirmed: 'confirmed', packed: 'marked packed', out_for_delivery: 'sent out for delivery' };

/** Chosen orders: one toggled. */
export const toggleOne = (chosen: readonly number[], id: number): number[] => (chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);

/** Chosen orders: all of those shown, or none of them when all are chosen already. */
export function toggleAll(chosen: readonly number[], shown: readonly number[]): number[] {
  const all = shown.length > 0 && shown.every((id) => chosen.includes(id));
  return all ? chosen.filter((id) => !shown.includes(id)) : [...new Set([...chosen, ...shown])];
}

/** The "select all" box: checked, unchecked, or mixed (some of the shown orders chosen). */
export function allState(chosen: readonly number[], shown: readonly number[]): 'all' | 'some' | 'none' {
  const n = shown.filter((id) => chosen.includes(id)).length;
  return n === 0 ? 'none' : n === shown.length ? 'all' : 'some';
}

// Said of an order someone else moved first: its status in words, a failed payment as something marked.
const STATUS_WORD = { ...ORDER_STATUS_WORDS, payment_failed: 'marked payment failed' };
const KIND_WORD: Record<string, string> = { shopper: 'the shopper', agent: 'a sales agent', staff: 'staff', provider: 'the payment provider', sweeper: 'the system' };

type Refused = BosBulkResult['refused'][number];

/** A refused row as a person reads it: "Order SHOP-12 was already packed by Meera Iyer at 10:32 AM". */
export function refusedText(row: Refused): string {
  const order = `Order ${row.ordernumber ?? `#${row.id}`}`;
  if (!row.status) return `${order}: ${row.message}`;
  const by = row.set_by ? ` by ${row.set_by.name ?? KIND_WORD[row.set_by.kind] ?? row.set_by.kind} at ${formatTime(row.set_by.at)}` : '';
  return `${order} was already ${STATUS_WORD[row.status]}${by}`;
}

/** What a bulk move did, in one sentence. */
export function movedText(move: BulkMove, result: BosBulkResult): string {
  const moved = result.moved.length;
  const refused = result.refused.length;
  const done = moved > 0 ? `${plural(moved, 'order', 'orders')} ${DONE[move]}.` : `No order was ${DONE[move]}.`;
  return refused > 0 ? `${done} ${plural(refused, 'order was', 'orders were')} not moved:` : done;
}
