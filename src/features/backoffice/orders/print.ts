/**
 * The back office's printouts (docs/back-office.md#pick-list-and-packing-slips): the addresses of the pick list
 * and of packing slips for what the queue shows, what a page passes on to the API, and how a slip reads. Plain
 * functions: the queue's island, the print pages and the tests share them.
 */
import { MAX_SLIPS } from '../../../contract/order-constants';
import { ApiCallError } from '../../../lib/api/client';
import { formatCalendarDate } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';

const PICK_LIST_PATH = '/bos/admin/print/pick-list';
const PACKING_SLIPS_PATH = '/bos/admin/print/packing-slips';

/** The queue's filters a printout keeps: the delivery date, window and warehouse. */
export interface DayFilters {
  date: string;
  window: string;
  warehouse: string;
}

const dayQuery = (day: DayFilters, today: string) => {
  const search = new URLSearchParams({ date: day.date || today });
  if (day.window) search.set('window', day.window);
  if (day.warehouse) search.set('warehouse', day.warehouse);
  return search.toString();
};

/** The pick list of the queue's date (today without one), window and warehouse. */
export const pickListHref = (day: DayFilters, today: string) => `${PICK_LIST_PATH}?${dayQuery(day, today)}`;

/** Packing slips of the chosen orders (at most MAX_SLIPS of them), or of the queue's date, window and warehouse. */
export const packingSlipsHref = (day: DayFilters, today: string, chosen: readonly number[]) =>
  chosen.length > 0 ? `${PACKING_SLIPS_PATH}?ids=${chosen.slice(0, MAX_SLIPS).join(',')}` : `${PACKING_SLIPS_PATH}?${dayQuery(day, today)}`;

/**
 * What a print page asks the API for: the address's own ids, date, window and warehouse as given (the API judges
 * them, a bad one answers 400 with what is wrong); no ids and no date is today's date.
 */
export function printQuery(search: URLSearchParams, today: string, withIds: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of withIds ? ['ids', 'date', 'window', 'warehouse'] : ['date', 'window', 'warehouse']) {
    const value = search.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  if (!out.ids && !out.date) out.date = today;
  return out;
}

/** "Nov 28, 2026, 7:00 AM – 11:00 AM"; "any time" without a window's times. */
export function windowText(delivery: { date: string | null; start: string | null; end: string | null }): string {
  if (!delivery.date) return 'No delivery window';
  return `${formatCalendarDate(delivery.date)}, ${delivery.start && delivery.end ? `${delivery.start} – ${delivery.end}` : 'any time'}`;
}

/** What the rider collects at the door, in words for a slip. */
export const collectText = (slip: { payment_method: string; collect_paise: number }) =>
  slip.collect_paise > 0 ? `Collect ${formatRupees(toRupees(slip.collect_paise))} in cash` : slip.payment_method === 'cod' ? 'Nothing to collect' : 'Paid online: nothing to collect';

/** The heading of a day's printout: "Nov 28, 2026 · 7:00 AM · Bengaluru (BLR)". */
export function dayTitle(day: { date: string; window: string | null; warehouse: { code: string; name: string } | null }): string {
  return [formatCalendarDate(day.date), day.window ?? 'every window', day.warehouse ? `${day.warehouse.name} (${day.warehouse.code})` : 'every warehouse'].join(' · ');
}

/** The queue's To pack tab for the same day, to go back to. */
export function queueHrefFor(query: Record<string, string>): string {
  const search = new URLSearchParams({ tab: 'to_pack' });
  for (const key of ['date', 'window', 'warehouse']) if (query[key]) search.set(key, query[key]);
  return `/bos/admin?${search}`;
}

/** A printout's answer, or the API's refusal (400 for a bad address, 404 for an order not found) to show instead. */
export async function printAnswer<T>(answer: Promise<T>): Promise<{ ok: true; data: T } | { ok: false; status: number; message: string }> {
  try {
    return { ok: true, data: await answer };
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 400 || error.status === 404)) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}
