import { atom } from 'nanostores';
import type { BosOrderQueue } from '../../../contract/bos-orders';
import type { BosApi } from '../../../lib/api/bos';
import { errorMessage } from '../../../lib/errors';
import { apiQuery, movedText, queueHref, refusedText, toggleAll, toggleOne, type BulkMove, type QueueQuery } from './queue';

/**
 * The orders queue's state. The page renders the first view on the server (seedQueue with what it loaded) and
 * the island carries on: a tab, a filter or a page loads on its own and the address follows (a tab is a new
 * history entry, a filter or a page replaces it), and an answer that arrives after a newer question was asked
 * is dropped. Chosen orders are moved in one bulk call; what was refused is reported row by row.
 */
interface BulkReport {
  tone: 'success' | 'warning' | 'error';
  text: string;
  refused: string[];
}

export interface QueueState {
  query: QueueQuery;
  queue: BosOrderQueue;
  loading: boolean;
  error: string | null;
  chosen: number[];
  moving: BulkMove | null;
  report: BulkReport | null;
}

export type QueueApi = Pick<BosApi, 'bosOrders' | 'bosMoveMany'>;
export type QueueSeed = Pick<QueueState, 'query' | 'queue'>;

/** Writes a view's address into history: `push` for a new tab, otherwise the entry is replaced. */
export type Remember = (href: string, how: 'push' | 'replace') => void;
const rememberInHistory: Remember = (href, how) => (how === 'push' ? history.pushState(history.state, '', href) : history.replaceState(history.state, '', href));

/** Null until the island seeds it from the page's props. */
export const $queue = atom<QueueState | null>(null);
const now = () => $queue.get()!;
const update = (change: Partial<QueueState>) => $queue.set({ ...now(), ...change });

export const seededState = (seed: QueueSeed): QueueState => ({ ...seed, loading: false, error: null, chosen: [], moving: null, report: null });

export function seedQueue(seed: QueueSeed) {
  $queue.set(seededState(seed));
}

let asked = 0;
/** Loads a view: a change of tab, filters or rows per page starts at page 1; the chosen orders are let go. */
export async function showQueue(client: QueueApi, change: Partial<QueueQuery>, remember: Remember = rememberInHistory) {
  const ask = ++asked;
  const before = now().query;
  const query: QueueQuery = { ...before, ...change, page: change.page ?? 1 };
  update({ query, loading: true, error: null, chosen: [], report: change.tab !== undefined && change.tab !== before.tab ? null : now().report });
  remember(queueHref(query), change.tab !== undefined && change.tab !== before.tab ? 'push' : 'replace');
  try {
    const queue = await client.bosOrders(apiQuery(query));
    if (ask === asked) update({ queue, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: errorMessage(failure) });
  }
}

/** Back or forward through the views: the address is already there, only the view follows it. */
export async function followAddress(client: QueueApi, query: QueueQuery) {
  await showQueue(client, query, () => {});
}

export const chooseOne = (id: number) => update({ chosen: toggleOne(now().chosen, id) });
export const chooseAllShown = () => update({ chosen: toggleAll(now().chosen, now().queue.data.map((row) => row.id)) });

/**
 * Moves the chosen orders on, each alone (POST /s/api/bos/orders/status): then reports what moved and, row by
 * row, what someone else moved first, and loads the view again so moved orders leave the tab.
 */
export async function moveChosen(client: QueueApi, move: BulkMove, remember: Remember = rememberInHistory) {
  const ids = now().chosen;
  if (ids.length === 0 || now().moving) return;
  update({ moving: move, report: null });
  try {
    const result = await client.bosMoveMany(ids, move);
    const refused = result.refused.map(refusedText);
    update({ moving: null, report: { tone: refused.length === 0 ? 'success' : result.moved.length > 0 ? 'warning' : 'error', text: movedText(move, result), refused } });
    const report = now().report;
    await showQueue(client, { page: now().query.page }, remember);
    update({ report });
  } catch (failure) {
    update({ moving: null, report: { tone: 'error', text: errorMessage(failure), refused: [] } });
  }
}
