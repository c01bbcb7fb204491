/**
 * The refunds screen (docs/back-office.md#screens): its two tabs (refunds that failed, refunds still pending), the
 * view as the address keeps it, what a row says, the "mark refunded by hand" form's body, and what an action did,
 * in words. Plain functions: the store, the island, the page and the tests share them.
 */
import type { BosRefund, BosRefundList } from '../../../contract/bos-orders';
import { plural } from '../../../contract/plural';
import type { BosApi } from '../../../lib/api/bos';
import { formatRupees, toRupees } from '../../../lib/money';

export const REFUND_TABS = ['failed', 'pending'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];
export const REFUND_TAB_LABELS: Record<RefundTab, string> = { failed: 'Failed', pending: 'Pending' };
/** What each tab holds, said under the tabs. */
export const REFUND_TAB_HINTS: Record<RefundTab, string> = {
  failed: 'The provider refused these refunds. Send one again, or pay it by bank transfer and record it here.',
  pending: 'Not confirmed by the provider yet: the shop asks again on its own. Those tried 3 times or more need a look.',
};

export interface RefundsQuery {
  tab: RefundTab;
  page: number;
}
export const PER_PAGE = 20;

/** The view the address asks for (`?state=pending&page=2`); anything it cannot be falls back to failed, page 1. */
export function readRefundsQuery(params: URLSearchParams): RefundsQuery {
  const state = params.get('state');
  const page = Number(params.get('page'));
  return { tab: REFUND_TABS.includes(state as RefundTab) ? (state as RefundTab) : 'failed', page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1 };
}

/** The address of a view: failed and page 1 are left out. */
export function refundsHref({ tab, page }: RefundsQuery): string {
  const params = new URLSearchParams();
  if (tab !== 'failed') params.set('state', tab);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/bos/admin/refunds${query ? `?${query}` : ''}`;
}

/** A view of the screen: one page of a tab, and how many refunds each tab holds. */
export interface RefundsView {
  query: RefundsQuery;
  list: BosRefundList;
  counts: Record<RefundTab, number>;
}

/** Loads a view: the tab's page, and the other tab's total (one row asked for). */
export async function loadView(client: Pick<BosApi, 'bosRefunds'>, query: RefundsQuery): Promise<RefundsView> {
  const other = REFUND_TABS.find((t) => t !== query.tab)!;
  const [list, rest] = await Promise.all([client.bosRefunds({ state: query.tab, page: query.page, perPage: PER_PAGE }), client.bosRefunds({ state: other, perPage: 1 })]);
  return { query, list, counts: { [query.tab]: list.meta.total, [other]: rest.meta.total } as Record<RefundTab, number> };
}

const rupees = (paise: number) => formatRupees(toRupees(paise));
const PROVIDERS: Record<string, string> = { razorpay: 'Razorpay', stripe: 'Stripe' };
/** A provider's name as people know it. */
export const providerName = (provider: string) => PROVIDERS[provider] ?? provider;

/** How often the shop has tried to send it: "tried once", "tried 3 times". */
export const triesText = (attempts: number) => (attempts === 0 ? 'not sent yet' : attempts === 1 ? 'tried once' : `tried ${attempts} times`);

/** Only a failed refund can be sent again or settled by hand: a pending one may still reach the provider. */
export const canAct = (refund: Pick<BosRefund, 'status'>) => refund.status === 'failed';

/** What the confirm step says it will do. */
export const markQuestion = (refund: Pick<BosRefund, 'amount_paise' | 'ordernumber' | 'provider'>) =>
  `This records ${rupees(refund.amount_paise)} of order ${refund.ordernumber} as refunded by hand, by a bank transfer to the shopper you have made. ${providerName(refund.provider)} is not asked again, and the refund leaves this list.`;

export interface MarkForm {
  reference: string;
  note: string;
}
export const EMPTY_MARK: MarkForm = { reference: '', note: '' };

/** The "mark refunded by hand" call's body, or what is wrong with what was typed. */
export function markBody(form: MarkForm): { body: { reference: string; note?: string } } | { problem: { field: keyof MarkForm; message: string } } {
  const reference = form.reference.trim();
  if (!reference) return { problem: { field: 'reference', message: "Enter the bank transfer's reference (UTR)" } };
  if (reference.length > 120) return { problem: { field: 'reference', message: 'Keep the reference under 120 characters' } };
  const note = form.note.trim();
  if (note.length > 500) return { problem: { field: 'note', message: 'Keep the note under 500 characters' } };
  return { body: { reference, ...(note ? { note } : {}) } };
}

/** What sending a refund again did, as the provider answered. */
export function retriedText(refund: Pick<BosRefund, 'amount_paise' | 'ordernumber' | 'provider' | 'status' | 'last_error'>): { tone: 'success' | 'warning' | 'error'; text: string } {
  const what = `${rupees(refund.amount_paise)} of order ${refund.ordernumber}`;
  const provider = providerName(refund.provider);
  if (refund.status === 'processed') return { tone: 'success', text: `${what} refunded through ${provider}.` };
  if (refund.status === 'failed') return { tone: 'error', text: `${provider} refused ${what} again${refund.last_error ? `: ${refund.last_error}` : ''}.` };
  return { tone: 'warning', text: `${what} sent to ${provider} again; it is pending until ${provider} confirms it.` };
}

/** What marking a refund refunded by hand did. */
export const markedText = (refund: Pick<BosRefund, 'amount_paise' | 'ordernumber' | 'manual_reference'>) =>
  `${rupees(refund.amount_paise)} of order ${refund.ordernumber} recorded as refunded by hand${refund.manual_reference ? ` (${refund.manual_reference})` : ''}.`;

/** The caption of a tab's table: "2 failed refunds". */
export const listCaption = (tab: RefundTab, total: number) => `${plural(total, `${tab} refund`, `${tab} refunds`)}, newest first`;
