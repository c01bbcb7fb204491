import { atom } from 'nanostores';
import type { BosRefund } from '../../../contract/bos-orders';
import type { BosApi } from '../../../lib/api/bos';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { loadView, markBody, markedText, refundsHref, retriedText, type MarkForm, type RefundsQuery, type RefundsView } from './refunds';

/**
 * The refunds screen's state. The page renders the first view on the server (the tab and page the address asks
 * for, and both tabs' counts); the island carries on: a tab or a page loads on its own and the address follows,
 * and an answer that arrives after a newer question was asked is dropped. After an action on a row both tabs are
 * loaded again, so the row leaves (or stays, refused again) and the counts follow.
 */
export interface RefundsState extends RefundsView {
  loading: boolean;
  error: string | null;
  /** The refund an action is under way on. */
  acting: number | null;
  report: { tone: 'success' | 'warning' | 'error'; text: string } | null;
}

export type RefundsApi = Pick<BosApi, 'bosRefunds' | 'bosRetryRefund' | 'bosMarkRefunded'>;
export type RefundsSeed = RefundsView;
export type Remember = (href: string, how: 'push' | 'replace') => void;
const rememberInHistory: Remember = (href, how) => (how === 'push' ? history.pushState(history.state, '', href) : history.replaceState(history.state, '', href));

export const $refunds = atom<RefundsState | null>(null);
const now = () => $refunds.get()!;
const update = (change: Partial<RefundsState>) => $refunds.set({ ...now(), ...change });

export const seededRefunds = (seed: RefundsSeed): RefundsState => ({ ...seed, loading: false, error: null, acting: null, report: null });
export const seedRefunds = (seed: RefundsSeed) => $refunds.set(seededRefunds(seed));

let asked = 0;
/** Shows a view: a new tab is a new history entry at page 1, a page replaces the entry. `report` is kept or set. */
export async function showRefunds(client: RefundsApi, change: Partial<RefundsQuery>, { remember = rememberInHistory, report = null as RefundsState['report'] } = {}) {
  const ask = ++asked;
  const before = now().query;
  const newTab = change.tab !== undefined && change.tab !== before.tab;
  const query: RefundsQuery = { tab: change.tab ?? before.tab, page: change.page ?? (newTab ? 1 : before.page) };
  update({ query, loading: true, error: null, report });
  remember(refundsHref(query), newTab ? 'push' : 'replace');
  try {
    const view = await loadView(client, query);
    // A page emptied by an action (its last row settled) shows the page before it.
    if (view.list.data.length === 0 && query.page > 1 && view.list.meta.total > 0 && ask === asked) return showRefunds(client, { page: query.page - 1 }, { remember, report });
    if (ask === asked) update({ ...view, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: errorMessage(failure) });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: RefundsApi, query: RefundsQuery) => showRefunds(client, query, { remember: () => {} });

/** A refused action in words: the API's own (an ApiCallError carries them), and for a 409 that someone acted first. */
function refusal(refund: BosRefund, failure: unknown): string {
  const words = failure instanceof ApiCallError ? failure.message : errorMessage(failure);
  return failure instanceof ApiCallError && failure.status === 409 ? `${words}. Someone may have acted on it first: the list is loaded again.` : `Refund of order ${refund.ordernumber}: ${words}`;
}

/** Sends a failed refund again (POST /s/api/bos/refunds/{id}/retry), says what the provider answered, and reloads. */
export async function retry(client: RefundsApi, refund: BosRefund, remember: Remember = rememberInHistory) {
  if (now().acting !== null) return;
  update({ acting: refund.id, report: null });
  let report: RefundsState['report'];
  try {
    report = retriedText(await client.bosRetryRefund(refund.id));
  } catch (failure) {
    report = { tone: 'error', text: refusal(refund, failure) };
  }
  await showRefunds(client, {}, { remember, report });
  update({ acting: null });
}

/**
 * Records a failed refund as refunded by hand (POST /s/api/bos/refunds/{id}/mark-refunded) with its reference.
 * Resolves to what is wrong with the form (said in the dialog, nothing sent), or null once done (the dialog
 * closes: the report says how it went, and the list is loaded again).
 */
export async function markRefunded(client: RefundsApi, refund: BosRefund, form: MarkForm, remember: Remember = rememberInHistory): Promise<{ field: keyof MarkForm; message: string } | null> {
  const built = markBody(form);
  if ('problem' in built) return built.problem;
  if (now().acting !== null) return null;
  update({ acting: refund.id, report: null });
  let report: RefundsState['report'];
  try {
    report = { tone: 'success', text: markedText(await client.bosMarkRefunded(refund.id, built.body)) };
  } catch (failure) {
    report = { tone: 'error', text: refusal(refund, failure) };
  }
  await showRefunds(client, {}, { remember, report });
  update({ acting: null });
  return null;
}
