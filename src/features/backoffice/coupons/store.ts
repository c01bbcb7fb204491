import { atom } from 'nanostores';
import type { BosCouponsApi } from '../../../lib/api/bos-coupons';
import { errorMessage } from '../../../lib/errors';
import { couponsHref, loadCoupons, type CouponsQuery, type CouponsView } from './coupons';

/**
 * The coupons list's state. The page renders the first view from the address on the server; the island carries on:
 * a search (as the marketer types, once they pause), a status or a page loads on its own and the address follows
 * (a new status is a new history entry, a search or a page replaces it), and an answer that arrives after a newer
 * question was asked is dropped.
 */
export interface CouponsState extends CouponsView {
  loading: boolean;
  error: string | null;
}

export type CouponsApi = Pick<BosCouponsApi, 'bosCoupons'>;
type Remember = (href: string, how: 'push' | 'replace') => void;
const rememberInHistory: Remember = (href, how) => (how === 'push' ? history.pushState(history.state, '', href) : history.replaceState(history.state, '', href));

export const $coupons = atom<CouponsState | null>(null);
const now = () => $coupons.get()!;
const update = (change: Partial<CouponsState>) => $coupons.set({ ...now(), ...change });

export const seededCoupons = (seed: CouponsView): CouponsState => ({ ...seed, loading: false, error: null });
export const seedCoupons = (seed: CouponsView) => $coupons.set(seededCoupons(seed));

let asked = 0;
/** Shows a view: a new search or status starts at page 1. */
export async function showCoupons(client: CouponsApi, change: Partial<CouponsQuery>, { remember = rememberInHistory } = {}) {
  const ask = ++asked;
  const before = now().query;
  const q = change.q !== undefined ? change.q.trim() : before.q;
  const status = change.status ?? before.status;
  const fresh = q !== before.q || status !== before.status;
  const query: CouponsQuery = { q, status, page: change.page ?? (fresh ? 1 : before.page) };
  update({ query, loading: true, error: null });
  remember(couponsHref(query), status !== before.status ? 'push' : 'replace');
  try {
    const view = await loadCoupons(client, query);
    if (ask === asked) update({ ...view, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: errorMessage(failure) });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: CouponsApi, query: CouponsQuery) => showCoupons(client, query, { remember: () => {} });
