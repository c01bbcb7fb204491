import type { Kysely } from 'kysely';
import { safeUrl } from '../../contract/safe-url';
import type { Database } from '../db/schema';
import type { WebsiteRow } from '../env';

type DB = Kysely<Database>;

/** Products read per query while a sitemap file streams out: memory stays flat, each query stays short. */
const BATCH = 5000;

/** One `<url>`: a path of this shop (already judged by safeUrl) and when it last changed (W3C datetime). */
export interface SitemapEntry {
  path: string;
  lastmod: string;
}

/** A stored ISO timestamp as a W3C datetime to the second (`2026-11-24T21:37:02Z`), or null when unreadable. */
function w3cDate(stored: string | null | undefined): string | null {
  const time = stored ? Date.parse(stored) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

/** The URL of a slug-addressed page: slugs are data, so encoded, then judged by the one safe-URL function. */
const productPath = (slug: string) => safeUrl(`/products/${encodeURIComponent(slug)}`, 'web');
const categoryPath = (slug: string) => safeUrl(`/products?c=${encodeURIComponent(slug)}`, 'web');
/** Content pages are served at their URL (words and dashes) by the catch-all page, the home at '/'. */
const CONTENT_URL = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/**
 * Everything but the products, in sitemap order (the home, the listing, the website's published content pages,
 * every category's listing), and how many active products follow them. Each lastmod is the best the data has: a page's updated_at; for a listing, the
 * newest active product in it (a category counts its subcategories'); else when the website was made.
 */
export async function leadingEntries(db: DB, website: WebsiteRow): Promise<{ lead: SitemapEntry[]; products: number }> {
  const fallback = w3cDate(website.created_at) ?? w3cDate(new Date().toISOString())!;
  const [pages, categories, byCategory] = await Promise.all([
    db.selectFrom('pages').select(['url', 'updated_at']).where('website_id', '=', website.id).where('live', '=', 1).orderBy('url').execute(),
    db.selectFrom('categories').select(['id', 'parent_id', 'slug']).orderBy('position').orderBy('id').execute(),
    // One pass over the active products gives both each category's newest and how many there are.
    db
      .selectFrom('products')
      .select(['category_id', (eb) => eb.fn.max('created_at').as('newest'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('is_active', '=', 1)
      .groupBy('category_id')
      .execute(),
  ]);
  const newestIn = new Map<number, string>();
  const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]));
  for (const row of byCategory) {
    // Up the tree: a parent's listing shows its subcategories' products too. Bounded by the tree's size.
    for (let id: number | null | undefined = row.category_id, hops = 0; id != null && hops <= categories.length; id = parentOf.get(id), hops++) {
      if (!newestIn.has(id) || newestIn.get(id)! < row.newest) newestIn.set(id, row.newest);
    }
  }
  const catalogueNewest = byCategory.reduce<string | null>((max, row) => (max === null || row.newest > max ? row.newest : max), null);
  const home = pages.find((p) => p.url === '/');
  const entries: (SitemapEntry | null)[] = [
    { path: '/', lastmod: w3cDate(home?.updated_at) ?? fallback },
    { path: '/products', lastmod: w3cDate(catalogueNewest) ?? fallback },
    ...pages.filter((p) => p.url !== '/' && CONTENT_URL.test(p.url)).map((p) => entry(safeUrl(p.url, 'web'), w3cDate(p.updated_at) ?? fallback)),
    ...categories.map((c) => entry(categoryPath(c.slug), w3cDate(newestIn.get(c.id)) ?? fallback)),
  ];
  return { lead: entries.filter((e): e is SitemapEntry => e !== null), products: byCategory.reduce((sum, row) => sum + Number(row.n), 0) };
}

const entry = (path: string | null, lastmod: string): SitemapEntry | null => (path ? { path, lastmod } : null);

/**
 * Active products from the `skip`th (by id) on, at most `take`, as batches of sitemap entries: each batch one
 * short keyset query (under the database's statement timeout), so 50,000 products never sit in memory at once.
 */
export async function* productEntries(db: DB, skip: number, take: number): AsyncGenerator<SitemapEntry[]> {
  const first = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(1).offset(skip).executeTakeFirst();
  let fromId = first?.id;
  let left = take;
  while (fromId !== undefined && left > 0) {
    const limit = Math.min(BATCH, left);
    const rows = await db.selectFrom('products').select(['id', 'slug', 'created_at']).where('is_active', '=', 1).where('id', '>=', fromId).orderBy('id').limit(limit).execute();
    if (!rows.length) return;
    left -= rows.length;
    // A short batch was the last one.
    fromId = rows.length < limit ? undefined : rows[rows.length - 1]!.id + 1;
    yield rows.map((r) => entry(productPath(r.slug), w3cDate(r.created_at) ?? w3cDate(new Date().toISOString())!)).filter((e): e is SitemapEntry => e !== null);
  }
}
