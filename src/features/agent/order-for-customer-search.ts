/** The catalogue search of ordering for a customer: as the agent types, and kept in the page's address. */
import { errorMessage } from '../../lib/errors';
import { $catalogueSearch, type OrderForCustomerApi } from './order-for-customer';

/** How long the search waits after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let searches = 0;

/** Searches the catalogue now (page `page` of `q`); an answer older than the newest search is dropped. */
export async function searchProducts(client: OrderForCustomerApi, q: string, page = 1) {
  clearTimeout(searchTimer);
  const call = ++searches;
  const { perPage } = $catalogueSearch.get();
  $catalogueSearch.set({ ...$catalogueSearch.get(), q, page, busy: true, error: null });
  try {
    const list = await client.products({ q: q.trim() || undefined, page, perPage });
    if (call === searches) $catalogueSearch.set({ ...$catalogueSearch.get(), results: list.data, total: list.meta.total, busy: false });
  } catch (failure) {
    if (call === searches) $catalogueSearch.set({ ...$catalogueSearch.get(), busy: false, error: errorMessage(failure) });
  }
}

/** The search box changed: the text shows at once, the search runs once typing pauses for `delay` ms. */
export function typeSearch(client: OrderForCustomerApi, q: string, delay = SEARCH_DEBOUNCE_MS) {
  clearTimeout(searchTimer);
  $catalogueSearch.setKey('q', q);
  searchTimer = setTimeout(() => void searchProducts(client, q, 1), delay);
}

/** The URL that keeps the search (reload and back show the same results): the page's path with ?q&page. */
export function searchUrl(path: string, q: string, page: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
