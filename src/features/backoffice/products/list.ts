/**
 * The products list's view as the address keeps it (docs/back-office-products-screens.md#list): the search, the
 * category, brand, status and low-stock filters, the page and rows per page. Anything the address holds that it
 * cannot be is the default, never sent to the API to be refused. Plain functions: the page, the store and the
 * tests share them.
 */
import { PRODUCT_STATUSES, type ProductStatus } from '../../../contract/bos-products';
import { plural } from '../../../contract/plural';
import { ROWS_PER_PAGE_OPTIONS } from '../../../lib/pagination';

const PRODUCTS_PATH = '/bos/admin/products';
const DEFAULT_PER_PAGE = 20;
/** The longest search kept (the API's own limit is the contract's). */
const SEARCH_MAX = 120;

export const STATUSES = PRODUCT_STATUSES;
export const STATUS_LABELS: Record<ProductStatus, string> = { active: 'On sale', hidden: 'Hidden' };

export interface ProductsQuery {
  q: string;
  /** A category's id, or '' for any. */
  category: string;
  /** A brand's id, or '' for any. */
  brand: string;
  status: ProductStatus | '';
  /** Only products with a pack at or under its low-stock threshold. */
  low: boolean;
  page: number;
  perPage: number;
}

export const NO_FILTERS: Pick<ProductsQuery, 'q' | 'category' | 'brand' | 'status' | 'low'> = { q: '', category: '', brand: '', status: '', low: false };
export const DEFAULT_QUERY: ProductsQuery = { ...NO_FILTERS, page: 1, perPage: DEFAULT_PER_PAGE };

const ID = /^[1-9]\d{0,9}$/;
const id = (raw: string | null) => (raw && ID.test(raw.trim()) ? raw.trim() : '');

/** The view the address asks for (`?q=atta&category=3&low=1&page=2`). */
export function readProductsQuery(params: URLSearchParams): ProductsQuery {
  const page = /^\d{1,6}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  const perPage = Number(params.get('perPage'));
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    category: id(params.get('category')),
    brand: id(params.get('brand')),
    status: (STATUSES as readonly string[]).includes(status ?? '') ? (status as ProductStatus) : '',
    low: params.get('low') === '1',
    page: page >= 1 && page <= 100_000 ? page : 1,
    perPage: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
}

/** The address of a view: what is the default is left out, so the plain list is just /bos/admin/products. */
export function productsHref(query: ProductsQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.category) params.set('category', query.category);
  if (query.brand) params.set('brand', query.brand);
  if (query.status) params.set('status', query.status);
  if (query.low) params.set('low', '1');
  if (query.page > 1) params.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(query.perPage));
  const text = params.toString();
  return text ? `${PRODUCTS_PATH}?${text}` : PRODUCTS_PATH;
}

/** A change of view: a new search or filter starts at page 1; a page is kept only when the page is what changed. */
export function nextQuery(before: ProductsQuery, change: Partial<ProductsQuery>): ProductsQuery {
  const q = change.q === undefined ? before.q : change.q.trim().slice(0, SEARCH_MAX);
  const after = { ...before, ...change, q };
  const filtersChanged = (['q', 'category', 'brand', 'status', 'low', 'perPage'] as const).some((key) => after[key] !== before[key]);
  return { ...after, page: filtersChanged ? 1 : (change.page ?? before.page) };
}

/** Whether two views ask the API the same question (a search typed with a space more asks nothing new). */
export const sameQuestion = (a: ProductsQuery, b: ProductsQuery) => productsHref(a) === productsHref(b);

/** How many filters are set, the search aside (for "Clear filters"). */
export const activeFilters = (query: ProductsQuery) => [query.category, query.brand, query.status].filter(Boolean).length + (query.low ? 1 : 0);

/** The list's caption: "1,204 products", "3 products match “atta”", with the filters said after. */
export function listCaption(total: number, query: ProductsQuery, names: { category?: string; brand?: string } = {}): string {
  const counted = query.q ? `${plural(total, 'product matches', 'products match')} “${query.q}”` : plural(total, 'product', 'products');
  const filters = [
    names.category && `in ${names.category}`,
    names.brand && `by ${names.brand}`,
    query.status && STATUS_LABELS[query.status].toLowerCase(),
    query.low && 'low on stock',
  ].filter(Boolean);
  return filters.length ? `${counted}, ${filters.join(', ')}` : counted;
}
