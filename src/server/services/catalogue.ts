import { sql, type SelectQueryBuilder } from 'kysely';
import type { Brand, Category, Product, ProductList, ProductListQuery } from '../../contract';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { MAX_BIT_WAREHOUSE } from '../db/listing';
import { ApiError } from '../http/errors';
import type { Locale } from '../../lib/i18n/locales';
import { localized, toBrand, toCategoryTree, toProduct, type ProductRow } from '../map';
import { descendantsOf } from './category-tree';
import { areaFor, packDeliveries, type Area } from './delivery';
import { namedFirst, onSearchIndex, planSearch, type SearchPlan } from './search-plan';
import { matchingPackId } from './search-units';
import type { Shopper } from './shopper';
import { wishlistedAmong } from './wishlist';

/** The listing query: products as p, and (SQLite search only) the FTS matches as s. */
type ListingDb = Database & { p: Database['products']; s: { rowid: number; rank: number } };
type Listing = SelectQueryBuilder<ListingDb, 'p' | 's', object>;

/**
 * One page of active products with their packs and images, and the total that matches. With the session's
 * pincode every pack says whether and when it is delivered there, and `deliverable=1` keeps the products with
 * such a pack (refused without a pincode).
 */
export async function listProducts(db: Db, query: ProductListQuery, shopper?: Shopper, pincode?: string | null, websiteId?: number, locale?: Locale): Promise<ProductList> {
  if (query.deliverable === '1' && !pincode) throw new ApiError(400, 'Choose your delivery pincode to see what is delivered there');
  const area = await areaOf(db, pincode);
  // Search (services/search-plan.ts): synonyms expanded, misspellings corrected when few match, a pack size apart.
  const search = await planSearch(db, websiteId, query.q);
  // A text search starts from the full-text index (search-plan.ts: onSearchIndex).
  return search?.tsquery ? onSearchIndex(db, (on) => listPage(on, query, shopper, area, search, locale)) : listPage(db, query, shopper, area, search, locale);
}

/** Active products, matching the planned search when there is one (its full-text match and pack size). */
function searched(db: Db, search: SearchPlan | null): Listing {
  let base = db.kysely.selectFrom('products as p') as unknown as Listing;
  if (search?.fts && db.dialect === 'sqlite') {
    // The FTS5 match runs once, as a derived table; its rank (BM25) orders by relevance.
    base = base.innerJoin(
      sql<{ rowid: number; rank: number }>`(select rowid, rank from products_fts where products_fts match ${search.fts})`.as('s'),
      's.rowid',
      'p.id',
    ) as Listing;
  }
  base = base.where('p.is_active', '=', 1);
  if (search?.tsquery && db.dialect === 'postgres') {
    base = base.where(sql<boolean>`p.search_vector @@ to_tsquery('english', ${search.tsquery})`);
  }
  if (search?.packKeys) {
    base = base.where(sql<boolean>`exists (select 1 from packs k where k.product_id = p.id and lower(replace(k.name, ' ', '')) in (${sql.join(search.packKeys)}))`);
  }
  return base;
}

/**
 * The search's order: what matched as typed comes before what matched only once corrected, and of that, what is
 * named with the corrected words before what has them only in its brand or category; then relevance.
 */
function byRelevance<O>(db: Db, page: SelectQueryBuilder<ListingDb, 'p' | 's', O>, search: SearchPlan | null) {
  if (search?.exactIds.length) page = page.orderBy(sql`case when p.id in (${sql.join(search.exactIds)}) then 0 else 1 end`);
  const named = search && namedFirst(search.corrected);
  if (named) page = page.orderBy(named);
  return search?.fts
    ? db.dialect === 'sqlite'
      ? page.orderBy(sql`s.rank`)
      : page.orderBy(sql`ts_rank(p.search_vector, to_tsquery('english', ${search.tsquery}))`, 'desc')
    : page.orderBy('p.popularity', 'desc');
}

/** The listing's queries for a planned search (or none): the total, the page's ids, and those products. */
async function listPage(db: Db, query: ProductListQuery, shopper: Shopper | undefined, area: Area | undefined, search: SearchPlan | null, locale?: Locale): Promise<ProductList> {
  let base = searched(db, search);
  if (query.c) base = base.where('p.category_id', 'in', await withDescendants(db, ids(query.c)));
  if (query.b) base = base.where('p.brand_id', 'in', ids(query.b));
  if (query.deliverable === '1' && area) base = base.where(deliverableTo(area));

  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const sort = query.s ?? (search?.fts ? 'relevance' : 'popularity');
  let page = base.select('p.id');
  switch (sort) {
    case 'relevance':
      page = byRelevance(db, page, search);
      break;
    case 'price_asc':
      page = page.orderBy('p.min_price_paise', 'asc');
      break;
    case 'price_desc':
      page = page.orderBy('p.min_price_paise', 'desc');
      break;
    case 'newest':
      page = page.orderBy('p.created_at', 'desc');
      break;
    case 'discount':
      page = page.orderBy('p.discount_pct', 'desc');
      break;
    default:
      page = page.orderBy('p.popularity', 'desc');
  }
  const rows = await page.orderBy('p.id', 'desc').limit(query.perPage).offset((query.page - 1) * query.perPage).execute();
  const data = await productsByIds(db, rows.map((r) => r.id), shopper, area, locale);
  const keys = search?.packKeys && new Set(search.packKeys);
  return {
    data: keys ? data.map((product) => ({ ...product, matched_pack_id: matchingPackId(product.packs, keys) })) : data,
    meta: { total: Number(total), did_you_mean: search?.didYouMean ?? null },
  };
}

/**
 * The listing's search (`q`, sorted by relevance) as ids of the active products with an active pack in one
 * warehouse, best first, at most `limit`: the till's search (pos/catalogue.ts posSearch). The plan's pack size
 * keys come back too, for the caller to pick the pack asked for.
 */
export async function searchedInWarehouse(db: Db, websiteId: number, text: string, warehouseId: number, limit: number): Promise<{ ids: number[]; packKeys: string[] | null; didYouMean: string | null }> {
  const search = await planSearch(db, websiteId, text);
  if (!search) return { ids: [], packKeys: null, didYouMean: null };
  const find = async (on: Db) => {
    const base = searched(on, search).where(sql<boolean>`exists (select 1 from packs w where w.product_id = p.id and w.warehouse_id = ${warehouseId} and w.is_active = 1)`);
    return byRelevance(on, base.select('p.id'), search).orderBy('p.id', 'desc').limit(limit).execute();
  };
  const rows = search.tsquery ? await onSearchIndex(db, find) : await find(db);
  return { ids: rows.map((r) => r.id), packKeys: search.packKeys, didYouMean: search.didYouMean };
}

/** One active product by slug with its category path (for breadcrumbs), or undefined. */
export async function productBySlug(db: Db, slug: string, shopper?: Shopper, pincode?: string | null, locale?: Locale): Promise<Product | undefined> {
  const row = await db.kysely.selectFrom('products').select(['id', 'category_id']).where('slug', '=', slug).where('is_active', '=', 1).executeTakeFirst();
  if (!row) return undefined;
  const area = await areaOf(db, pincode);
  const [[product], categories] = await Promise.all([productsByIds(db, [row.id], shopper, area, locale), db.kysely.selectFrom('categories').select(['id', 'parent_id', 'name', 'name_hi', 'slug']).execute()]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: { name: string; slug: string }[] = [];
  for (let c = byId.get(row.category_id); c && path.length < 10; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) {
    path.unshift({ name: localized(locale, c.name, c.name_hi), slug: c.slug });
  }
  return product && { ...product, categories: path };
}

/** The slug an active product has now, when `slug` is one of its earlier ones (product_slug_redirects), or null. */
export async function movedProductSlug(db: Db, slug: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('product_slug_redirects as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select('p.slug')
    .where('r.old_slug', '=', slug)
    .where('p.is_active', '=', 1)
    .executeTakeFirst();
  return row?.slug ?? null;
}

/**
 * Products with packs and media, in the order of `productIds`, each flagged when the signed-in user keeps it
 * in a wishlist on this website, and each pack with its delivery to `area` when given; four queries at most, whatever the count.
 */
export async function productsByIds(db: Db, productIds: number[], shopper?: Shopper, area?: Area, locale?: Locale): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const [rows, packs, media, wishlisted] = await Promise.all([
    db.kysely
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.name', 'p.slug', 'p.description', 'p.name_hi', 'p.description_hi', 'p.info_json', 'b.name as brand_name', 'b.name_hi as brand_name_hi', 'b.slug as brand_slug'])
      .where('p.id', 'in', productIds)
      .execute(),
    // Packs on sale only: an inactive pack (migration 0030) stays for the orders that hold it, unseen by shoppers.
    db.kysely.selectFrom('packs').selectAll().where('product_id', 'in', productIds).where('is_active', '=', 1).orderBy('product_id').orderBy('position').execute(),
    db.kysely.selectFrom('product_media').select(['product_id', 'src']).where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').execute(),
    shopper ? wishlistedAmong(db.kysely, shopper, productIds) : new Set<number>(),
  ]);
  const byId = new Map<number, ProductRow>(rows.map((r) => [r.id, r]));
  const delivery = area && packDeliveries(area);
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [toProduct(row, packs.filter((p) => p.product_id === id), media.filter((m) => m.product_id === id).map((m) => m.src), wishlisted.has(id), delivery, locale)];
  });
}

/** The category tree, named in `locale` (Hindi names where given). */
export async function categoryTree(db: Db, locale?: Locale): Promise<Category[]> {
  return toCategoryTree(await db.kysely.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute(), locale);
}

/** Every brand by its English name, named in `locale`. */
export async function allBrands(db: Db, locale?: Locale): Promise<Brand[]> {
  return (await db.kysely.selectFrom('brands').selectAll().orderBy('name').execute()).map((row) => toBrand(row, locale));
}

const ids = (list: string) => [...new Set(list.split(',').map(Number))];

/** The session's delivery area: undefined without a pincode; a pincode no longer known delivers nothing. */
async function areaOf(db: Db, pincode: string | null | undefined): Promise<Area | undefined> {
  if (!pincode) return undefined;
  return (await areaFor(db.kysely, pincode)) ?? { pincode, city: '', state: '', zone: null, warehouses: new Map() };
}

/**
 * Products with a pack the area is delivered from (services/delivery.ts: delivers): a bitwise test of the
 * product's warehouse bits (db/listing.ts) on an index, or the packs themselves for warehouse ids past the bits.
 */
function deliverableTo(area: Area) {
  const warehouseIds = area.zone ? [...area.warehouses.keys()] : [];
  if (!warehouseIds.length) return sql<boolean>`1 = 0`;
  if (warehouseIds.every((id) => id >= 1 && id <= MAX_BIT_WAREHOUSE)) {
    const bits = warehouseIds.reduce((mask, id) => mask | (1n << BigInt(id - 1)), 0n);
    return sql<boolean>`(p.warehouse_bits & ${sql.raw(bits.toString())}) <> 0`;
  }
  return sql<boolean>`exists (select 1 from packs pk where pk.product_id = p.id and pk.warehouse_id in (${sql.join(warehouseIds)}))`;
}

/** A category filter includes every category below the chosen ones. */
async function withDescendants(db: Db, roots: number[]): Promise<number[]> {
  return [...descendantsOf(await db.kysely.selectFrom('categories').select(['id', 'parent_id']).execute(), roots)];
}
