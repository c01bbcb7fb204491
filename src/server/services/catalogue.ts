import { sql, type Kysely } from 'kysely';
import type { Brand, Category, Product, ProductList, ProductListQuery } from '../../contract';
import type { Database } from '../db/schema';
import { toBrand, toCategoryTree, toProduct, type ProductRow } from '../map';

type DB = Kysely<Database>;

/** Sort options of the listing; unknown values fall back to popularity. */
export const SORTS = ['popularity', 'price_asc', 'price_desc', 'newest', 'discount'] as const;

/** One page of active products with their packs and images, and the total that matches. */
export async function listProducts(db: DB, query: ProductListQuery): Promise<ProductList> {
  let base = db.selectFrom('products as p').where('p.is_active', '=', 1);
  if (query.c) base = base.where('p.category_id', 'in', await withDescendants(db, ids(query.c)));
  if (query.b) base = base.where('p.brand_id', 'in', ids(query.b));
  const q = query.q?.trim().replace(/\s+/g, ' ');
  if (q) base = base.where(sql<boolean>`lower(p.name) like ${'%' + escapeLike(q.toLowerCase()) + '%'} escape '\\'`);

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const firstPrice = sql<number>`(select min(pk.price_paise) from packs pk where pk.product_id = p.id)`;
  const bestDiscount = sql<number>`(select max(pk.act_price_paise - pk.price_paise) from packs pk where pk.product_id = p.id)`;
  let page = base.select('p.id');
  switch (query.s) {
    case 'price_asc': page = page.orderBy(firstPrice, 'asc'); break;
    case 'price_desc': page = page.orderBy(firstPrice, 'desc'); break;
    case 'newest': page = page.orderBy('p.created_at', 'desc'); break;
    case 'discount': page = page.orderBy(bestDiscount, 'desc'); break;
    default: page = page.orderBy('p.popularity', 'desc');
  }
  const rows = await page.orderBy('p.id').limit(query.perPage).offset((query.page - 1) * query.perPage).execute();
  const data = await productsByIds(db, rows.map((r) => r.id));
  return { data, meta: { total: Number(total) } };
}

/** One active product by slug, or undefined. */
export async function productBySlug(db: DB, slug: string): Promise<Product | undefined> {
  const row = await db.selectFrom('products').select('id').where('slug', '=', slug).where('is_active', '=', 1).executeTakeFirst();
  return row ? (await productsByIds(db, [row.id]))[0] : undefined;
}

/** Products with packs and media, in the order of `productIds`; three queries whatever the count. */
export async function productsByIds(db: DB, productIds: number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const [rows, packs, media] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.name', 'p.slug', 'p.description', 'p.info_json', 'b.name as brand_name', 'b.slug as brand_slug'])
      .where('p.id', 'in', productIds)
      .execute(),
    db.selectFrom('packs').selectAll().where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('product_media').select(['product_id', 'src']).where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').execute(),
  ]);
  const byId = new Map<number, ProductRow>(rows.map((r) => [r.id, r]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [toProduct(row, packs.filter((p) => p.product_id === id), media.filter((m) => m.product_id === id).map((m) => m.src))];
  });
}

export async function categoryTree(db: DB): Promise<Category[]> {
  return toCategoryTree(await db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute());
}

export async function allBrands(db: DB): Promise<Brand[]> {
  return (await db.selectFrom('brands').selectAll().orderBy('name').execute()).map(toBrand);
}

const ids = (list: string) => [...new Set(list.split(',').map(Number))];

/** A category filter includes every category below the chosen ones. */
async function withDescendants(db: DB, roots: number[]): Promise<number[]> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id']).execute();
  const found = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.parent_id !== null && found.has(row.parent_id) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return [...found];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
