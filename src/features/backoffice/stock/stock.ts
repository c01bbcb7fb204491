/**
 * The stock screens (docs/back-office-products-screens.md#stock): the low-stock view and a pack's ledger as the
 * address keeps them, what each ledger entry's reason says, and the adjustment form (a count sets the level; goods
 * received add; damage takes away) with what it will do before it is sent. Plain functions: the pages, the store,
 * the island and the tests share them.
 */
import type { BosStockBody, BosStockEntry, StaffStockReason, StockReason } from '../../../contract/bos-products';
import { plural } from '../../../contract/plural';
import { readCount, signedUnits } from '../products/amounts';

const STOCK_PATH = '/bos/admin/stock';
export const LOW_STOCK_PER_PAGE = 50;
export const LEDGER_PER_PAGE = 50;

const ID = /^[1-9]\d{0,9}$/;
const idOrEmpty = (raw: string | null) => (raw && ID.test(raw.trim()) ? raw.trim() : '');
const pageOf = (raw: string | null) => (raw && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100_000 ? Number(raw) : 1);

export interface LowStockQuery {
  q: string;
  /** A warehouse's id, or '' for every warehouse. */
  warehouse: string;
  /** At or under this many units; null: the shop's default (the API's). */
  threshold: number | null;
  page: number;
}
export const DEFAULT_LOW: LowStockQuery = { q: '', warehouse: '', threshold: null, page: 1 };

/** The low-stock view the address asks for (`?warehouse=2&threshold=5&page=2`). */
export function readLowStockQuery(params: URLSearchParams): LowStockQuery {
  const threshold = params.get('threshold');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 120),
    warehouse: idOrEmpty(params.get('warehouse')),
    threshold: threshold !== null && /^\d{1,7}$/.test(threshold) && Number(threshold) <= 1_000_000 ? Number(threshold) : null,
    page: pageOf(params.get('page')),
  };
}

export function lowStockHref(query: LowStockQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.warehouse) params.set('warehouse', query.warehouse);
  if (query.threshold !== null) params.set('threshold', String(query.threshold));
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `${STOCK_PATH}?${text}` : STOCK_PATH;
}

/** The low-stock call's query for a view. */
export const lowStockCall = (query: LowStockQuery) => ({
  page: query.page,
  perPage: LOW_STOCK_PER_PAGE,
  ...(query.q ? { q: query.q } : {}),
  ...(query.warehouse ? { warehouse_id: Number(query.warehouse) } : {}),
  ...(query.threshold === null ? {} : { threshold: query.threshold }),
});

export interface LedgerQuery {
  pack: number;
  /** The warehouse whose ledger is shown, or '' for the pack's own. */
  warehouse: string;
  page: number;
}

/** A pack's ledger as the address asks for it: /bos/admin/stock/{pack}?warehouse=2&page=3. */
export function readLedgerQuery(pack: number, params: URLSearchParams): LedgerQuery {
  return { pack, warehouse: idOrEmpty(params.get('warehouse')), page: pageOf(params.get('page')) };
}

export function ledgerHref(query: LedgerQuery): string {
  const params = new URLSearchParams();
  if (query.warehouse) params.set('warehouse', query.warehouse);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return `${STOCK_PATH}/${query.pack}${text ? `?${text}` : ''}`;
}

export const ledgerCall = (query: LedgerQuery) => ({
  pack_id: query.pack,
  page: query.page,
  perPage: LEDGER_PER_PAGE,
  ...(query.warehouse ? { warehouse_id: Number(query.warehouse) } : {}),
});

/** What each reason says in the ledger. */
export const REASON_LABELS: Record<StockReason, string> = {
  count: 'Count',
  damage: 'Damaged or lost',
  received: 'Goods received',
  order: 'Order',
  order_cancelled: 'Order cancelled',
  order_returned: 'Order returned',
  opening: 'Opening stock',
};

/** Who made an entry: the person, or the shop itself (an order's sweeper, the opening entry of a migration). */
export const entryBy = (entry: Pick<BosStockEntry, 'by'>) => entry.by?.name ?? 'The shop';

/** The reasons staff choose, in the form's order, each with what its number means. */
export const STAFF_REASONS: readonly { value: StaffStockReason; label: string; amount: string; hint: string }[] = [
  { value: 'count', label: 'Count', amount: 'Units counted on the shelf', hint: 'The level becomes what you counted; the ledger records the difference.' },
  { value: 'received', label: 'Goods received', amount: 'Units received', hint: 'Added to the level.' },
  { value: 'damage', label: 'Damaged or lost', amount: 'Units damaged or lost', hint: 'Taken from the level.' },
];

export interface AdjustForm {
  reason: StaffStockReason;
  amount: string;
  note: string;
}
export const EMPTY_ADJUST: AdjustForm = { reason: 'count', amount: '', note: '' };
export type AdjustProblems = Partial<Record<'amount' | 'note' | '_', string>>;

const NOTE_MAX = 200;

/**
 * The adjustment's body for a pack in a warehouse at its level now, or what is wrong (said under the field, nothing
 * sent): a count sends the level counted, goods received a positive change, damage a negative one; a count of the
 * level there is already, or damage of more than there is, is said before it is sent.
 */
export function adjustBody(form: AdjustForm, where: { pack_id: number; warehouse_id: number; level: number }): { body: BosStockBody } | { problems: AdjustProblems } {
  const problems: AdjustProblems = {};
  const label = form.reason === 'count' ? 'count' : 'number of units';
  const read = readCount(form.amount, label);
  const note = form.note.trim();
  if (note.length > NOTE_MAX) problems.note = `Keep the note under ${NOTE_MAX} characters`;
  if (!read.ok) problems.amount = read.problem;
  else if (form.reason === 'count' && read.value === where.level) problems.amount = `The level is ${read.value.toLocaleString('en-IN')} already: a count of it changes nothing`;
  else if (form.reason !== 'count' && read.value === 0) problems.amount = 'Enter how many units, 1 or more';
  else if (form.reason === 'damage' && read.value > where.level) problems.amount = `Only ${plural(where.level, 'unit is', 'units are')} in stock: that many cannot be damaged`;
  if (!read.ok || Object.keys(problems).length > 0) return { problems };
  const base = { pack_id: where.pack_id, warehouse_id: where.warehouse_id, reason: form.reason, ...(note ? { note } : {}) };
  if (form.reason === 'count') return { body: { ...base, level: read.value } };
  return { body: { ...base, change: form.reason === 'received' ? read.value : -read.value } };
}

/** What the form will do, said beside its button before it is sent: "40 → 28 (−12)". Null while it cannot be said. */
export function adjustPreview(form: AdjustForm, level: number): string | null {
  const read = readCount(form.amount);
  if (!read.ok) return null;
  const after = form.reason === 'count' ? read.value : form.reason === 'received' ? level + read.value : level - read.value;
  if (after < 0 || after === level) return null;
  return `${level.toLocaleString('en-IN')} → ${after.toLocaleString('en-IN')} (${signedUnits(after - level)})`;
}

/** What a saved adjustment says: "Counted: the level is 28 (−12)". */
export function adjustedText(entry: Pick<BosStockEntry, 'reason' | 'change' | 'level_after'>): string {
  const what = entry.reason === 'count' ? 'Counted' : entry.reason === 'received' ? 'Received' : entry.reason === 'damage' ? 'Damage recorded' : REASON_LABELS[entry.reason];
  return `${what}: the level is ${entry.level_after.toLocaleString('en-IN')} (${signedUnits(entry.change)}).`;
}

/** The caption of the low-stock list: "12 packs at or under 10 units". */
export const lowStockCaption = (total: number, threshold: number, warehouse?: string) =>
  `${plural(total, 'pack', 'packs')} at or under ${plural(threshold, 'unit', 'units')}${warehouse ? ` in ${warehouse}` : ''}`;
