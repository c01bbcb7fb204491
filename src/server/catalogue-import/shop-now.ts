import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ReadRow } from './cells';
import type { BarcodeOwner, PackNow, ProductNow, ShopNow } from './shop';

type DB = Kysely<Database>;

/** Values per IN list: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) found.push(...(await read(values.slice(i, i + CHUNK))));
  return found;
}

/**
 * The shop as far as a file names it (plan.ts: ShopNow), in a few queries whatever the file's size: the categories,
 * brands, suppliers and warehouses; the products the file names (by slug, and earlier slugs); all their packs; and
 * every pack holding a barcode the file gives.
 */
export async function loadShopNow(db: DB, rows: ReadRow[]): Promise<ShopNow> {
  const slugs = [...new Set(rows.map((r) => r.values.product_slug).filter(Boolean))];
  const barcodes = [...new Set(rows.map((r) => r.values.barcode).filter((b): b is string => !!b))];
  const [categories, brands, suppliers, warehouses, productRows, oldSlugRows] = await Promise.all([
    db.selectFrom('categories').select(['id', 'parent_id', 'name', 'slug']).execute(),
    db.selectFrom('brands').select(['id', 'name', 'slug']).execute(),
    db.selectFrom('suppliers').select(['id', 'name', 'slug']).execute(),
    db.selectFrom('warehouses').select(['id', 'code']).execute(),
    inChunks(slugs, (chunk) =>
      db.selectFrom('products').select(['id', 'slug', 'name', 'category_id', 'brand_id', 'supplier_id', 'description', 'is_active']).where('slug', 'in', chunk).execute(),
    ),
    inChunks(slugs, (chunk) =>
      db.selectFrom('product_slug_redirects as r').innerJoin('products as p', 'p.id', 'r.product_id').select(['r.old_slug as old', 'p.slug as now']).where('r.old_slug', 'in', chunk).execute(),
    ),
  ]);
  const products = new Map<string, ProductNow>(
    productRows.map((p) => [p.slug, { id: p.id, slug: p.slug, name: p.name, category_id: p.category_id, brand_id: p.brand_id, supplier_id: p.supplier_id, description: p.description ?? '', status: p.is_active ? 'active' : 'hidden' }]),
  );
  const packRows = await inChunks(
    productRows.map((p) => p.id),
    (chunk) =>
      db
        .selectFrom('packs')
        .select(['id', 'product_id', 'name', 'warehouse_id', 'barcode', 'price_paise', 'act_price_paise', 'stock', 'max_per_order', 'is_active', 'position'])
        .where('product_id', 'in', chunk)
        .orderBy('id')
        .execute(),
  );
  const packs: PackNow[] = packRows.map((p) => ({
    id: p.id, product_id: p.product_id, name: p.name, warehouse_id: p.warehouse_id, barcode: p.barcode, price: p.price_paise, mrp: p.act_price_paise,
    stock: p.stock, max_per_order: p.max_per_order, active: p.is_active === 1, position: p.position,
  }));
  const owners = await inChunks(barcodes, (chunk) =>
    db
      .selectFrom('packs as pk')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .select(['pk.id', 'pk.barcode', 'pk.name as pack', 'p.id as product_id', 'p.name as product', 'p.slug'])
      .where('pk.barcode', 'in', chunk)
      .execute(),
  );
  const barcodeOwners = new Map<string, BarcodeOwner[]>();
  for (const o of owners) barcodeOwners.set(o.barcode!, [...(barcodeOwners.get(o.barcode!) ?? []), { pack_id: o.id, product_id: o.product_id, label: `${o.product} – ${o.pack} (${o.slug})` }]);
  return {
    categories,
    brands,
    suppliers,
    warehouses,
    products,
    oldSlugs: new Map(oldSlugRows.filter((r) => !products.has(r.old)).map((r) => [r.old, r.now])),
    packs,
    barcodeOwners,
  };
}
