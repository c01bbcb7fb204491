import type { Brand, Category, ProductListQuery } from '../contract';
import { PAGE_SIZE, SORTS, type Sort } from '../contract/listing-options';
import type { Translate } from './i18n/translate';

/** The product listing's state as the URL carries it (docs/product.md#listing): slugs for c and b, a sort, text, a page. */
export interface ListingState {
  categories: string[];
  brands: string[];
  sort: Sort | null;
  q: string;
  page: number;
  /** Only products delivered to the session's pincode (`deliverable=1`); left out when off. */
  deliverable?: boolean;
}

const list = (params: URLSearchParams, key: string) =>
  [...new Set(params.getAll(key).flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter((v) => /^[a-z0-9-]{1,80}$/.test(v)))];

/** Reads the listing state from a URL, normalising anything malformed rather than refusing it. */
/** Whether the address asks for only what reaches the session's pincode (`deliverable=1`). */
export const asksDeliverable = (params: URLSearchParams) => params.get('deliverable') === '1';

export function readListing(params: URLSearchParams): ListingState {
  const page = Number(params.get('page'));
  const sort = params.get('s');
  return {
    categories: list(params, 'c'),
    brands: list(params, 'b'),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : null,
    q: (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(asksDeliverable(params) && { deliverable: true }),
  };
}

/** The canonical URL of a listing state: comma-joined slugs, empty values and page 1 left out. */
export function listingHref(state: ListingState): string {
  const params: string[] = [];
  if (state.categories.length) params.push(`c=${state.categories.join(',')}`);
  if (state.brands.length) params.push(`b=${state.brands.join(',')}`);
  if (state.sort) params.push(`s=${state.sort}`);
  if (state.q) params.push(`q=${encodeURIComponent(state.q)}`);
  if (state.deliverable) params.push('deliverable=1');
  if (state.page > 1) params.push(`page=${state.page}`);
  return params.length ? `/products?${params.join('&')}` : '/products';
}

/** Every category of the tree, flattened, each with its depth. */
export function flattenCategories(tree: Category[], depth = 0): (Category & { depth: number })[] {
  return tree.flatMap((c) => [{ ...c, depth }, ...flattenCategories(c.children, depth + 1)]);
}

/** The API query for a listing state: slugs become ids (unknown slugs are dropped). */
export function listingQuery(state: ListingState, categories: Category[], brands: Brand[]): ProductListQuery {
  const categoryIds = new Map(flattenCategories(categories).map((c) => [c.slug, c.id]));
  const brandIds = new Map(brands.map((b) => [b.slug, b.id]));
  const c = state.categories.map((slug) => categoryIds.get(slug)).filter((id) => id !== undefined);
  const b = state.brands.map((slug) => brandIds.get(slug)).filter((id) => id !== undefined);
  return {
    page: state.page,
    perPage: PAGE_SIZE,
    ...(c.length ? { c: c.join(',') } : {}),
    ...(b.length ? { b: b.join(',') } : {}),
    ...(state.sort ? { s: state.sort } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(state.deliverable ? { deliverable: '1' as const } : {}),
  };
}

/**
 * The listing's heading, worded by `t` (the page's language): what the list shows. 'Results for “q”' for a search,
 * else the chosen categories' and brands' names, else 'All products'.
 */
export function listingTitle(q: string, categories: { name: string }[], brands: { name: string }[], t: Translate): string {
  if (q) return t('catalogue.resultsFor', { q });
  const names = [...categories, ...brands].map((x) => x.name);
  return names.length ? names.join(', ') : t('catalogue.allProducts');
}
