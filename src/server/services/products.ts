/**
 * The back office's products (docs/back-office-products.md): the list staff search, one product with its packs,
 * saving a whole product, a pack's quick edit, and removing a product (hidden instead while orders hold it).
 *
 * The write functions take the caller's transaction, so the CSV import applies thousands of rows in one:
 * saveProduct, quickEditPack and (services/stock.ts) moveStock check everything they can before they write, and
 * throw ApiError (400/404/409/422 with field errors) having written nothing. Each recomputes in the same
 * transaction what is derived from what it wrote: the listing columns (lowest price, best discount, search text,
 * warehouse bits: refreshListingOf), the suggestion words and the typo vocabulary when a name changes; the page
 * generation follows by the tables' triggers. Each writes one staff audit row unless told not to (`audit: false`,
 * for an import that records itself once).
 */
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import {
  isSlug,
  priceProblem,
  slugify,
  type BosPack,
  type BosPackQuickBody,
  type BosProduct,
  type BosProductBody,
  type BosProductList,
  type BosProductOptions,
  type BosProductQuery,
  type BosProductRemoved,
} from '../../contract/bos-products';
import { safeUrl } from '../../contract/safe-url';
import { sanitizeMerchantHtml } from '../../lib/sanitize';
import { refreshListingOf } from '../db/listing';
import { refreshProductWords } from '../db/product-words';
import type { Database, PackTable } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { recordAudit } from './audit';
import { descendantsOf } from './category-tree';
import { addSearchWords } from './search-words';
import { fts5Match, searchTerms, tsMatch } from './search';
import { applyStockMove, moveStock } from './stock';

type DB = Kysely<Database>;
type PackRow = Selectable<PackTable>;

/** The staff member a change is made by, on the website their session shows (the audit row's). */
export interface Staff {
  userId: number;
  websiteId: number;
}

/** How saveProduct and quickEditPack write: `audit: false` leaves the audit row to the caller (an import). */
interface WriteOptions {
  audit?: boolean;
}

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The most choices of each kind the product form is offered (by name). */
const OPTIONS_MAX = 2000;

// ------------------------------------------------------------------------------------------------------------
// Reading.

/** Each product's packs as staff see them (inactive ones too), in their order, with the warehouse's name. */
async function packsOf(db: DB, productIds: number[]): Promise<Map<number, BosPack[]>> {
  const byProduct = new Map<number, BosPack[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  // Packs by the product's own index, and the warehouses' names apart (a join lets SQLite start from the warehouses).
  const rows = await db.selectFrom('packs').selectAll().where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').orderBy('id').execute();
  const names = await warehouseNames(db, rows.map((r) => r.warehouse_id));
  for (const row of rows) byProduct.get(row.product_id)!.push(toBosPack({ ...row, warehouse_name: names.get(row.warehouse_id) ?? '' }));
  return byProduct;
}

/** The names of these warehouses, by id. */
async function warehouseNames(db: DB, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  return new Map((await db.selectFrom('warehouses').select(['id', 'name']).where('id', 'in', unique).execute()).map((w) => [w.id, w.name]));
}

const toBosPack = (row: PackRow & { warehouse_name: string }): BosPack => ({
  id: row.id,
  name: row.name,
  name_hi: row.name_hi ?? '',
  price: row.price_paise,
  mrp: row.act_price_paise,
  max_per_order: row.max_per_order,
  barcode: row.barcode,
  active: row.is_active === 1,
  warehouse_id: row.warehouse_id,
  stock: [{ warehouse_id: row.warehouse_id, warehouse_name: row.warehouse_name, level: row.stock }],
  position: row.position,
});

const status = (row: { is_active: number }) => (row.is_active === 1 ? ('active' as const) : ('hidden' as const));

/**
 * GET /bos/products: a page of products (every status unless one is asked for), each with its packs. The search
 * finds words starting with what is typed in the name, brand and category (the shop's full-text index: FTS5 on
 * SQLite, the tsvector's GIN index on PostgreSQL, read from the index as search-plan.ts does), or exactly a slug, a
 * pack's barcode or a product's number (an index each).
 */
export async function listBosProducts(db: DB, query: BosProductQuery): Promise<BosProductList> {
  const terms = searchTerms(query.q);
  if (!terms.length || !isPostgres(db)) return listPage(db, query, terms);
  // PostgreSQL would price the tsquery far below its cost and read the whole table (search-plan.ts: onSearchIndex).
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return listPage(trx, query, terms);
  });
}

/** Products a search names exactly: a slug, a pack's barcode, a product's number. */
async function exactMatches(db: DB, q: string): Promise<number[]> {
  const [bySlug, byBarcode] = await Promise.all([
    isSlug(q) ? db.selectFrom('products').select('id').where('slug', '=', q).execute() : [],
    /^\d{8,14}$/.test(q) ? db.selectFrom('packs').select('product_id as id').where('barcode', '=', q).limit(100).execute() : [],
  ]);
  return [...new Set([...bySlug, ...byBarcode].map((r) => r.id).concat(/^\d{1,9}$/.test(q) ? [Number(q)] : []))];
}

async function listPage(db: DB, query: BosProductQuery, terms: string[]): Promise<BosProductList> {
  let base = db.selectFrom('products as p');
  const q = query.q?.trim();
  if (q) {
    const exact = await exactMatches(db, q);
    const slots = terms.map((term) => [[term]]);
    const ids = exact.length ? sql.join(exact) : sql`null`;
    if (!slots.length) base = base.where('p.id', 'in', exact.length ? exact : [0]);
    else if (isPostgres(db)) base = base.where(sql<boolean>`(p.search_vector @@ to_tsquery('english', ${tsMatch(slots)}) or p.id in (${ids}))`);
    // One list of ids for SQLite to start from (an OR of two would test every product against both).
    else base = base.where(sql<boolean>`p.id in (select rowid from products_fts where products_fts match ${fts5Match(slots)} union select id from products where id in (${ids}))`);
  }
  if (query.category !== undefined) {
    const tree = await db.selectFrom('categories').select(['id', 'parent_id']).execute();
    base = base.where('p.category_id', 'in', [...descendantsOf(tree, [query.category])]);
  }
  if (query.brand !== undefined) base = base.where('p.brand_id', '=', query.brand);
  if (query.supplier !== undefined) base = base.where('p.supplier_id', '=', query.supplier);
  if (query.status) base = base.where('p.is_active', '=', query.status === 'active' ? 1 : 0);
  if (query.low_stock) {
    // A range of the partial index of packs on sale by level (migration 0031), not a test of every product.
    // (Written out, not bound: SQLite takes a partial index only for a query that says is_active = 1 itself.)
    base = base.where('p.id', 'in', (eb) => eb.selectFrom('packs as l').select('l.product_id').where(sql<boolean>`l.is_active = 1 and l.stock <= ${sql.lit(query.threshold)}`));
  }

  let page = base.select('p.id');
  if (query.sort === 'name') page = page.orderBy('p.name').orderBy('p.id');
  else if (query.sort === 'stock') {
    page = page.orderBy(sql`coalesce((select min(s.stock) from packs s where s.product_id = p.id and s.is_active = 1), 0)`).orderBy('p.id');
  } else page = page.orderBy('p.id', 'desc');
  const [{ total }, ids] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    page.limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
  ]);
  const productIds = ids.map((r) => r.id);
  if (!productIds.length) return { data: [], meta: { total: Number(total), threshold: query.threshold } };
  const [rows, packs, images] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .leftJoin('suppliers as s', 's.id', 'p.supplier_id')
      .select(['p.id', 'p.name', 'p.slug', 'p.is_active', 'c.id as category_id', 'c.name as category_name', 'b.id as brand_id', 'b.name as brand_name', 's.id as supplier_id', 's.name as supplier_name'])
      .where('p.id', 'in', productIds)
      .execute(),
    packsOf(db, productIds),
    db.selectFrom('product_media').select(['product_id', 'src']).where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').orderBy('id').execute(),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const firstImage = new Map<number, string | null>();
  for (const image of images) if (!firstImage.has(image.product_id)) firstImage.set(image.product_id, safeUrl(image.src, 'web'));
  return {
    data: productIds.map((id) => {
      const row = byId.get(id)!;
      const its = packs.get(id) ?? [];
      return {
        id,
        name: row.name,
        slug: row.slug,
        status: status(row),
        category: { id: row.category_id, name: row.category_name },
        brand: { id: row.brand_id, name: row.brand_name },
        supplier: row.supplier_id === null ? null : { id: row.supplier_id, name: row.supplier_name ?? '' },
        image: firstImage.get(id) ?? null,
        packs: its,
        low_stock: its.some((p) => p.active && p.stock.some((s) => s.level <= query.threshold)),
      };
    }),
    meta: { total: Number(total), threshold: query.threshold },
  };
}

/** GET /bos/products/{id}: the product with every pack (inactive ones too), its images and earlier slugs. */
export async function bosProduct(db: DB, id: number): Promise<BosProduct> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('suppliers as s', 's.id', 'p.supplier_id')
    .selectAll('p')
    .select(['c.name as category_name', 'b.name as brand_name', 's.name as supplier_name'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('No such product');
  const [packs, images, redirects, held] = await Promise.all([
    packsOf(db, [id]),
    db.selectFrom('product_media').select('src').where('product_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('product_slug_redirects').select('old_slug').where('product_id', '=', id).orderBy('created_at', 'desc').orderBy('old_slug').limit(100).execute(),
    onOrders(db, id),
  ]);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: `/products/${encodeURIComponent(row.slug)}`,
    description: row.description ?? '',
    name_hi: row.name_hi ?? '',
    description_hi: row.description_hi ?? '',
    status: status(row),
    category: { id: row.category_id, name: row.category_name },
    brand: { id: row.brand_id, name: row.brand_name },
    supplier: row.supplier_id === null ? null : { id: row.supplier_id, name: row.supplier_name ?? '' },
    images: images.flatMap((i) => {
      const src = safeUrl(i.src, 'web');
      return src ? [{ src }] : [];
    }),
    packs: packs.get(id) ?? [],
    old_slugs: redirects.map((r) => r.old_slug),
    on_orders: held,
    created_at: row.created_at,
    updated_at: row.updated_at ?? row.created_at,
  };
}

/** Whether any order holds one of the product's packs (an order line keeps its pack's id). */
async function onOrders(db: DB, productId: number): Promise<boolean> {
  const line = await db
    .selectFrom('order_lines')
    .select('id')
    .where('pack_id', 'in', (eb) => eb.selectFrom('packs').select('id').where('product_id', '=', productId))
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

/** GET /bos/products/options: what the product form offers, by name (categories with their path). */
export async function productOptions(db: DB): Promise<BosProductOptions> {
  const [categories, brands, suppliers, warehouses] = await Promise.all([
    db.selectFrom('categories').select(['id', 'parent_id', 'name']).orderBy('position').orderBy('id').limit(OPTIONS_MAX).execute(),
    db.selectFrom('brands').select(['id', 'name']).orderBy('name').orderBy('id').limit(OPTIONS_MAX).execute(),
    db.selectFrom('suppliers').select(['id', 'name']).orderBy('name').orderBy('id').limit(OPTIONS_MAX).execute(),
    db.selectFrom('warehouses').select(['id', 'code', 'name']).orderBy('name').orderBy('id').limit(OPTIONS_MAX).execute(),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (id: number) => {
    const names: string[] = [];
    for (let c = byId.get(id); c && names.length < 10; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) names.unshift(c.name);
    return names.join(' › ');
  };
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name, path: path(c.id) })).sort((a, b) => a.path.localeCompare(b.path)),
    brands,
    suppliers,
    warehouses,
  };
}

// ------------------------------------------------------------------------------------------------------------
// Writing.

/** What the audit row keeps of a product: its fields and its packs (prices in paise), before and after. */
async function snapshot(db: DB, productId: number) {
  const product = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  const [packs, images] = await Promise.all([
    db.selectFrom('packs').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').execute(),
    db.selectFrom('product_media').select('src').where('product_id', '=', productId).orderBy('position').orderBy('id').execute(),
  ]);
  return {
    name: product.name,
    slug: product.slug,
    status: status(product),
    description: product.description ?? '',
    name_hi: product.name_hi ?? '',
    description_hi: product.description_hi ?? '',
    category_id: product.category_id,
    brand_id: product.brand_id,
    supplier_id: product.supplier_id,
    images: images.map((i) => i.src),
    packs: packs.map((p) => ({
      id: p.id,
      name: p.name,
      name_hi: p.name_hi ?? '',
      price: p.price_paise,
      mrp: p.act_price_paise,
      max_per_order: p.max_per_order,
      barcode: p.barcode,
      active: p.is_active === 1,
      warehouse_id: p.warehouse_id,
      stock: p.stock,
    })),
  };
}

const refused = (status: 400 | 409 | 422, errors: Record<string, string[]>) => new ApiError(status, Object.values(errors)[0]![0]!, errors);

/** A slug made from `base` that no product has: base, then base-2, base-3 … (one query). */
async function freeSlug(db: DB, base: string): Promise<string> {
  const stem = base.slice(0, 110).replace(/-+$/, '') || 'product';
  const taken = new Set(
    (
      await db
        .selectFrom('products')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', stem), eb('slug', 'like', `${stem.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** Checks what the body names exists: the category, brand, supplier and each pack's warehouse (422 by field). */
async function checkReferences(db: DB, body: BosProductBody) {
  const warehouseIds = [...new Set(body.packs.map((p) => p.warehouse_id))];
  const [category, brand, supplier, warehouses] = await Promise.all([
    db.selectFrom('categories').select('id').where('id', '=', body.category_id).executeTakeFirst(),
    db.selectFrom('brands').select('id').where('id', '=', body.brand_id).executeTakeFirst(),
    body.supplier_id === null ? Promise.resolve({ id: null }) : db.selectFrom('suppliers').select('id').where('id', '=', body.supplier_id).executeTakeFirst(),
    db.selectFrom('warehouses').select('id').where('id', 'in', warehouseIds).execute(),
  ]);
  const errors: Record<string, string[]> = {};
  if (!category) errors.category_id = ['No such category'];
  if (!brand) errors.brand_id = ['No such brand'];
  if (!supplier) errors.supplier_id = ['No such supplier'];
  const known = new Set(warehouses.map((w) => w.id));
  body.packs.forEach((pack, i) => {
    if (!known.has(pack.warehouse_id)) errors[`packs.${i}.warehouse_id`] = ['No such warehouse'];
  });
  if (Object.keys(errors).length) throw refused(422, errors);
}

const discountType = (price: number, mrp: number) => (mrp > price ? 'percent' : null);

/**
 * Creates a product (no `id`) or saves the whole of one, in the caller's transaction, and answers its id. Checks
 * first, writes after (a refusal writes nothing): 404 no such product; 409 `updated_at` given and not the
 * product's (someone saved in between), a slug another product has, a pack left out that orders hold; 422 a
 * category, brand, supplier or warehouse that does not exist, a pack of another product, a pack moved to another
 * warehouse. Then: the description sanitised (the shop's merchant HTML allow-list), images through safeUrl, a
 * changed slug's old one kept as a redirect, packs updated, added (with their opening stock as the ledger's first
 * entry) and removed, and everything derived recomputed.
 */
export async function saveProduct(trx: DB, staff: Staff, body: BosProductBody, options: WriteOptions & { id?: number } = {}): Promise<number> {
  const now = new Date().toISOString();
  const existing = options.id === undefined ? undefined : await trx.selectFrom('products').selectAll().where('id', '=', options.id).executeTakeFirst();
  if (options.id !== undefined && !existing) throw notFound('No such product');
  if (existing && body.updated_at !== undefined && body.updated_at !== (existing.updated_at ?? existing.created_at)) {
    throw new ApiError(409, 'Someone saved this product after you opened it: reload it to see their changes', undefined, { updated_at: existing.updated_at ?? existing.created_at });
  }
  await checkReferences(trx, body);

  const current = existing ? await trx.selectFrom('packs').selectAll().where('product_id', '=', existing.id).execute() : [];
  const currentById = new Map(current.map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  body.packs.forEach((pack, i) => {
    if (pack.id === undefined) return;
    const was = currentById.get(pack.id);
    if (!was) errors[`packs.${i}.id`] = ['This pack is not one of this product’s'];
    else if (was.warehouse_id !== pack.warehouse_id) errors[`packs.${i}.warehouse_id`] = ['A pack ships from one warehouse: add a new pack for another warehouse'];
  });
  if (Object.keys(errors).length) throw refused(422, errors);
  const kept = new Set(body.packs.map((p) => p.id).filter((id) => id !== undefined));
  const removed = current.filter((p) => !kept.has(p.id));
  if (removed.length) {
    const held = await trx.selectFrom('order_lines').select('pack_id').distinct().where('pack_id', 'in', removed.map((p) => p.id)).execute();
    if (held.length) {
      const names = removed.filter((p) => held.some((h) => h.pack_id === p.id)).map((p) => p.name);
      throw refused(409, { packs: [`${names.join(', ')}: orders hold ${names.length > 1 ? 'these packs' : 'this pack'}, so ${names.length > 1 ? 'they' : 'it'} cannot be removed; make ${names.length > 1 ? 'them' : 'it'} inactive instead`] });
    }
  }

  let slug: string;
  if (body.slug) {
    slug = body.slug;
    const other = await trx.selectFrom('products').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst();
    if (other && other.id !== existing?.id) throw refused(409, { slug: [`Another product (${other.name}) has the address ${slug}`] });
  } else slug = existing ? existing.slug : await freeSlug(trx, slugify(body.name));

  const before = existing ? await snapshot(trx, existing.id) : null;
  const fields = {
    name: body.name,
    slug,
    description: body.description ? sanitizeMerchantHtml(body.description) || null : null,
    // In Hindi (migration 0036): left out (an import that does not know them) keeps what the product has.
    name_hi: body.name_hi === undefined ? (existing?.name_hi ?? null) : body.name_hi.trim() || null,
    description_hi:
      body.description_hi === undefined ? (existing?.description_hi ?? null) : body.description_hi ? sanitizeMerchantHtml(body.description_hi) || null : null,
    category_id: body.category_id,
    brand_id: body.brand_id,
    supplier_id: body.supplier_id,
    is_active: body.status === 'active' ? 1 : 0,
    updated_at: now,
  };
  let productId: number;
  if (existing) {
    productId = existing.id;
    await trx.updateTable('products').set(fields).where('id', '=', productId).execute();
    if (existing.slug !== slug) {
      // The old address leads to the product's page (301), whatever its slug later becomes.
      await trx
        .insertInto('product_slug_redirects')
        .values({ old_slug: existing.slug, product_id: productId, created_at: now })
        .onConflict((oc) => oc.column('old_slug').doUpdateSet({ product_id: productId, created_at: now }))
        .execute();
    }
  } else {
    productId = (await trx.insertInto('products').values({ ...fields, info_json: null, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  }
  // The slug is live again (or anew): no redirect leads away from it.
  await trx.deleteFrom('product_slug_redirects').where('old_slug', '=', slug).execute();

  if (removed.length) await trx.deleteFrom('packs').where('id', 'in', removed.map((p) => p.id)).execute();
  for (const [position, pack] of body.packs.entries()) {
    const was = pack.id === undefined ? undefined : currentById.get(pack.id);
    const values = {
      name: pack.name,
      name_hi: pack.name_hi === undefined ? (was?.name_hi ?? null) : pack.name_hi.trim() || null,
      price_paise: pack.price,
      act_price_paise: pack.mrp,
      discount_type: discountType(pack.price, pack.mrp),
      max_per_order: pack.max_per_order,
      barcode: pack.barcode || null,
      is_active: pack.active ? 1 : 0,
      position,
    };
    if (pack.id !== undefined) {
      await trx.updateTable('packs').set(values).where('id', '=', pack.id).execute();
      continue;
    }
    const made = await trx.insertInto('packs').values({ ...values, product_id: productId, warehouse_id: pack.warehouse_id, stock: 0 }).returning('id').executeTakeFirstOrThrow();
    // Every pack's ledger starts with its opening entry (0 when none is given).
    await applyStockMove(trx, { packId: made.id, change: pack.opening_stock ?? 0, reason: 'opening', userId: staff.userId });
  }

  const images = body.images.map((i) => safeUrl(i.src, 'web')).filter((src): src is string => src !== null);
  if (JSON.stringify(images) !== JSON.stringify(before?.images ?? [])) {
    await trx.deleteFrom('product_media').where('product_id', '=', productId).execute();
    if (images.length) await trx.insertInto('product_media').values(images.map((src, position) => ({ product_id: productId, src, position }))).execute();
  }

  await refreshListingOf(trx, [productId]);
  if (!existing || existing.name !== body.name || existing.name_hi !== fields.name_hi) {
    await refreshProductWords(trx, [productId]);
    await addSearchWords(trx, [body.name]);
  }
  if (options.audit !== false) {
    await recordAudit(trx, {
      websiteId: staff.websiteId,
      userId: staff.userId,
      action: existing ? 'product.updated' : 'product.created',
      subject: { kind: 'product', id: productId },
      orderId: null,
      before,
      after: await snapshot(trx, productId),
    });
  }
  return productId;
}

/**
 * PUT /bos/packs/{id}, the list's quick edit, in the caller's transaction: a pack's price and MRP (paise) and its
 * counted level (a 'count' ledger entry recording the difference). 404 no such pack; 400 a price above the MRP;
 * nothing written on a refusal. Answers the pack's product id.
 */
export async function quickEditPack(trx: DB, staff: Staff, packId: number, body: BosPackQuickBody, options: WriteOptions = {}): Promise<number> {
  const pack = await trx.selectFrom('packs').selectAll().where('id', '=', packId).executeTakeFirst();
  if (!pack) throw notFound('No such pack');
  const price = body.price ?? pack.price_paise;
  const mrp = body.mrp ?? pack.act_price_paise;
  const problem = priceProblem(price, mrp);
  if (problem) throw refused(400, body.price !== undefined ? { price: [problem] } : { mrp: ['MRP cannot be less than the price'] });
  const now = new Date().toISOString();
  if (price !== pack.price_paise || mrp !== pack.act_price_paise) {
    await trx.updateTable('packs').set({ price_paise: price, act_price_paise: mrp, discount_type: discountType(price, mrp) }).where('id', '=', packId).execute();
  }
  const entry = body.level === undefined ? null : await moveStock(trx, { packId, level: body.level, reason: 'count', note: body.note ?? null, userId: staff.userId });
  await trx.updateTable('products').set({ updated_at: now }).where('id', '=', pack.product_id).execute();
  await refreshListingOf(trx, [pack.product_id]);
  if (options.audit !== false) {
    await recordAudit(trx, {
      websiteId: staff.websiteId,
      userId: staff.userId,
      action: 'pack.updated',
      subject: { kind: 'pack', id: packId },
      orderId: null,
      before: { price: pack.price_paise, mrp: pack.act_price_paise, level: pack.stock },
      after: { price, mrp, level: entry ? entry.level_after : pack.stock, ...(entry ? { entry_id: entry.id } : {}) },
      reason: body.note ?? null,
    });
  }
  return pack.product_id;
}

/** A pack as the quick edit answers it. */
export async function bosPack(db: DB, packId: number): Promise<BosPack> {
  const row = await db.selectFrom('packs as pk').innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id').selectAll('pk').select('w.name as warehouse_name').where('pk.id', '=', packId).executeTakeFirst();
  if (!row) throw notFound('No such pack');
  return toBosPack(row);
}

/**
 * DELETE /bos/products/{id}, in the caller's transaction: a product no order holds is deleted with its packs,
 * images, ledger and old slugs (carts and wishlists lose it); one that orders hold is hidden instead (status
 * hidden: gone from the shop, kept for its orders and invoices), and the answer says which.
 */
export async function removeProduct(trx: DB, staff: Staff, id: number): Promise<BosProductRemoved> {
  const product = await trx.selectFrom('products').select(['id', 'name', 'is_active']).where('id', '=', id).executeTakeFirst();
  if (!product) throw notFound('No such product');
  const before = await snapshot(trx, id);
  const audit = (action: string, after: unknown) => recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action, subject: { kind: 'product', id }, orderId: null, before, after });
  if (await onOrders(trx, id)) {
    await trx.updateTable('products').set({ is_active: 0, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    await audit('product.hidden', { ...before, status: 'hidden' });
    return { outcome: 'hidden', message: `${product.name} is on orders, so it was hidden instead of deleted: shoppers no longer see it, and its orders keep it` };
  }
  await trx.deleteFrom('products').where('id', '=', id).execute();
  await audit('product.deleted', null);
  return { outcome: 'deleted', message: `${product.name} was deleted` };
}
