/**
 * The tills screen's pure logic (docs/back-office.md#tills): what the address asks for, the address of a view,
 * and the Z-report's words. No DOM, no fetch: the pages and the tests share it.
 */
import type { PosZReport } from '../../../contract/pos';
import { formatDateTime } from '../../../lib/format';
import { formatRupees } from '../../../lib/money';

const TILLS_PATH = '/bos/admin/tills';
export const TILLS_PER_PAGE = 20;

export interface TillsQuery {
  /** '' (every till), open or closed. */
  status: '' | 'open' | 'closed';
  /** The India day the tills were opened on (YYYY-MM-DD), or '' for any. */
  date: string;
  page: number;
}

export const TILL_STATES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** What the address asks for; anything unknown or malformed is the default (never sent to be refused). */
export function readTillsQuery(search: URLSearchParams): TillsQuery {
  const status = search.get('status');
  const date = (search.get('date') ?? '').trim();
  const page = Number(search.get('page'));
  return {
    status: status === 'open' || status === 'closed' ? status : '',
    date: realDate(date) ? date : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view: defaults left out. */
export function tillsHref(query: TillsQuery): string {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.date) search.set('date', query.date);
  if (query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `${TILLS_PATH}?${text}` : TILLS_PATH;
}

/** The call's query (GET /s/api/bos/pos/tills). */
export function tillsApiQuery(query: TillsQuery) {
  return { perPage: TILLS_PER_PAGE, page: query.page, ...(query.status ? { status: query.status } : {}), ...(query.date ? { date: query.date } : {}) };
}

/** '₹1,250.00'; a negative amount with its minus sign first ('−₹10.00'). */
export const rupees = (amount: number) => (amount < 0 ? `−${formatRupees(-amount)}` : formatRupees(amount));

/** A moment in India's time, said so: 'Nov 27, 2026 9:05 AM IST'. */
export const inIst = (at: string) => `${formatDateTime(at)} IST`;

const MODE_LABEL: Record<string, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

/** What the drawer's difference says: short, over or exact. */
export function differenceText(report: Pick<PosZReport, 'difference'>): { text: string; tone: 'short' | 'over' | 'exact' } {
  if (report.difference < 0) return { text: `${rupees(-report.difference)} short`, tone: 'short' };
  if (report.difference > 0) return { text: `${rupees(report.difference)} over`, tone: 'over' };
  return { text: 'Exact', tone: 'exact' };
}

/** The takings of the Z-report: each mode's sales, refunds and net, and their totals. */
export function takings(report: Pick<PosZReport, 'by_mode'>) {
  const cents = (v: number) => Math.round(v * 100);
  const total = report.by_mode.reduce((t, m) => ({ sales: t.sales + cents(m.sales), refunds: t.refunds + cents(m.refunds), net: t.net + cents(m.net) }), { sales: 0, refunds: 0, net: 0 });
  return {
    rows: report.by_mode.map((m) => ({ mode: MODE_LABEL[m.mode] ?? m.mode, sales: m.sales, refunds: m.refunds, net: m.net })),
    total: { sales: total.sales / 100, refunds: total.refunds / 100, net: total.net / 100 },
  };
}
