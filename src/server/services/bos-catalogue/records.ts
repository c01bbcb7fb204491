/**
 * Brands, suppliers and warehouses as staff edit them (docs/back-office-catalogue.md): a page of them found by name,
 * create, edit, and remove while nothing uses them. A slug or code is kept unique by the table's unique index (a
 * race ends as the same 409 as the check); a removal is one conditional DELETE that finds nothing to remove while
 * something uses the row, and the foreign keys refuse it if a use arrives meanwhile. Each change writes its audit
 * row in its transaction; a brand's new name is in its products' search text at once.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  slugFromName, type BosBrand, type BosBrandBody, type BosBrandList, type BosSupplier, type BosSupplierBody, type BosSupplierList, type BosWarehouse,
  type BosWarehouseList, type CatalogueListQuery,
} from '../../../contract/bos-catalogue';
import { safeUrl } from '../../../contract/safe-url';
import type { Db } from '../../db';
import type { AuditSubjectKind } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { isForeignKeyViolation, isUniqueViolation, nameHas, productsOf, refreshSearchText, shiftSearchWords, taken, usageWords, type DB, type Staff } from './shared';

const url = (value: string | undefined, use: 'web' | 'link') => (value ? safeUrl(value, use) : null);
const text = (value: string | undefined) => (value ? value : null);
const audit = (staff: Staff, kind: AuditSubjectKind, action: string, id: number) => ({ websiteId: staff.websiteId, userId: staff.userId, action: `${kind}.${action}`, subject: { kind, id }, orderId: null });
const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await query.executeTakeFirstOrThrow()).n);
const counts = (rows: { id: number | null; n: number | string }[]) => new Map(rows.map((r) => [r.id, Number(r.n)]));

/** The slug given, or one made from the name; a name without Latin letters or digits needs one typed (400). */
function slugFor(body: { name: string; slug?: string | undefined }): string {
  const slug = body.slug || slugFromName(body.name);
  if (!slug) throw new ApiError(400, 'Give a slug: the name has no letters or digits a web address can use', { slug: ['Give a slug: the name has no letters or digits a web address can use'] });
  return slug;
}

/** Runs a change; a unique index's refusal (two people taking one slug at once) becomes the field's 409. */
async function keepingUnique<T>(work: () => Promise<T>, conflict: () => ApiError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/** Removes a row only while nothing uses it (`unused`); 404 when it is gone, 409 with what uses it otherwise. */
async function removeUnused(trx: DB, table: 'brands' | 'suppliers' | 'warehouses', id: number, unused: Expression<SqlBool>, refusal: () => Promise<ApiError>): Promise<void> {
  try {
    const removed = await trx.deleteFrom(table).where('id', '=', id).where(unused).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw await refusal();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw await refusal();
    throw error;
  }
}

// Brands

const brandSlugTaken = (slug: string) => taken('slug', `Another brand already has the slug ${slug}`);

export async function listBrands(db: DB, query: CatalogueListQuery): Promise<BosBrandList> {
  let base = db.selectFrom('brands');
  if (query.q) base = base.where((eb) => eb.or([nameHas('name', query.q!), nameHas('slug', query.q!)]));
  const total = await countOf(base.select((eb) => eb.fn.countAll<number | string>().as('n')));
  const rows = await base.selectAll().orderBy('name').orderBy('id').limit(query.perPage).offset((query.page - 1) * query.perPage).execute();
  const ids = rows.map((r) => r.id);
  const [products, coupons] = ids.length
    ? await Promise.all([
        db.selectFrom('products').select(['brand_id as id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('brand_id', 'in', ids).groupBy('brand_id').execute(),
        db.selectFrom('coupons').select(['brand_id as id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('brand_id', 'in', ids).groupBy('brand_id').execute(),
      ])
    : [[], []];
  const p = counts(products);
  const c = counts(coupons);
  return { data: rows.map((row) => ({ ...row, name_hi: row.name_hi ?? '', products: p.get(row.id) ?? 0, coupons: c.get(row.id) ?? 0 })), meta: { total } };
}

async function brandUsage(db: DB, id: number) {
  return {
    products: await countOf(db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('brand_id', '=', id)),
    coupons: await countOf(db.selectFrom('coupons').select((eb) => eb.fn.countAll<number | string>().as('n')).where('brand_id', '=', id)),
  };
}

async function brandOf(db: DB, id: number): Promise<BosBrand> {
  const row = await db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such brand');
  return { ...row, name_hi: row.name_hi ?? '', ...(await brandUsage(db, id)) };
}

/** A name in Hindi as given: undefined (left out) keeps it, blank is none. */
const hindi = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);

export async function createBrand(db: Db, staff: Staff, body: BosBrandBody): Promise<BosBrand> {
  const slug = slugFor(body);
  const values = { name: body.name, name_hi: hindi(body.name_hi) ?? null, slug, logo: url(body.logo, 'web') };
  const id = await keepingUnique(
    () =>
      inTransaction(db.kysely, async (trx: DB) => {
        if (await trx.selectFrom('brands').select('id').where('slug', '=', slug).executeTakeFirst()) throw brandSlugTaken(slug);
        const { id } = await trx.insertInto('brands').values(values).returning('id').executeTakeFirstOrThrow();
        await shiftSearchWords(trx, null, body.name);
        await recordAudit(trx, { ...audit(staff, 'brand', 'created', id), before: null, after: values });
        return id;
      }),
    () => brandSlugTaken(slug),
  );
  return brandOf(db.kysely, id);
}

/** PUT /bos/brands/{id}: a new name is in the search text of the brand's products in the same transaction. */
export async function updateBrand(db: Db, staff: Staff, id: number, body: BosBrandBody): Promise<BosBrand> {
  const slug = slugFor(body);
  await keepingUnique(
    () =>
      inTransaction(db.kysely, async (trx: DB) => {
        const before = await trx.selectFrom('brands').select(['name', 'name_hi', 'slug', 'logo']).where('id', '=', id).executeTakeFirst();
        if (!before) throw new ApiError(404, 'No such brand');
        if (await trx.selectFrom('brands').select('id').where('slug', '=', slug).where('id', '!=', id).executeTakeFirst()) throw brandSlugTaken(slug);
        const given = hindi(body.name_hi);
        const after = { name: body.name, name_hi: given === undefined ? before.name_hi : given, slug, logo: url(body.logo, 'web') };
        await trx.updateTable('brands').set(after).where('id', '=', id).execute();
        if (before.name !== body.name || before.name_hi !== after.name_hi) await refreshSearchText(trx, await productsOf(trx, { brand: id }));
        if (before.name !== body.name) {
          await shiftSearchWords(trx, before.name, body.name);
        }
        await recordAudit(trx, { ...audit(staff, 'brand', 'updated', id), before, after });
      }),
    () => brandSlugTaken(slug),
  );
  return brandOf(db.kysely, id);
}

export async function removeBrand(db: Db, staff: Staff, id: number): Promise<string> {
  return inTransaction(db.kysely, async (trx: DB) => {
    const before = await trx.selectFrom('brands').select(['name', 'slug', 'logo']).where('id', '=', id).executeTakeFirst();
    if (!before) throw new ApiError(404, 'No such brand');
    await removeUnused(trx, 'brands', id, sql<SqlBool>`not exists (select 1 from products where brand_id = ${id}) and not exists (select 1 from coupons where brand_id = ${id})`, async () => {
      const usage = await brandUsage(trx, id);
      const words = usageWords(usage, { products: ['product', 'products'], coupons: ['coupon', 'coupons'] });
      return new ApiError(409, `${before.name} is used by ${words}: give ${usage.products + usage.coupons === 1 ? 'it' : 'them'} another brand first`, undefined, { in_use: usage });
    });
    await shiftSearchWords(trx, before.name, null);
    await recordAudit(trx, { ...audit(staff, 'brand', 'removed', id), before, after: null });
    return `${before.name} removed`;
  });
}

// Suppliers

const supplierSlugTaken = (slug: string) => taken('slug', `Another supplier already has the slug ${slug}`);

export async function listSuppliers(db: DB, query: CatalogueListQuery): Promise<BosSupplierList> {
  let base = db.selectFrom('suppliers');
  if (query.q) base = base.where((eb) => eb.or([nameHas('name', query.q!), nameHas('slug', query.q!), nameHas('title', query.q!)]));
  const total = await countOf(base.select((eb) => eb.fn.countAll<number | string>().as('n')));
  const rows = await base.selectAll().orderBy('name').orderBy('id').limit(query.perPage).offset((query.page - 1) * query.perPage).execute();
  const ids = rows.map((r) => r.id);
  const products = ids.length
    ? counts(await db.selectFrom('products').select(['supplier_id as id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('supplier_id', 'in', ids).groupBy('supplier_id').execute())
    : new Map<number | null, number>();
  return { data: rows.map((row) => ({ ...row, products: products.get(row.id) ?? 0 })), meta: { total } };
}

const supplierProducts = (db: DB, id: number) => countOf(db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('supplier_id', '=', id));

async function supplierOf(db: DB, id: number): Promise<BosSupplier> {
  const row = await db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such supplier');
  return { ...row, products: await supplierProducts(db, id) };
}

const supplierValues = (body: BosSupplierBody, slug: string) => ({ name: body.name, slug, image: url(body.image, 'web'), title: text(body.title), link: url(body.link, 'link') });

export async function createSupplier(db: Db, staff: Staff, body: BosSupplierBody): Promise<BosSupplier> {
  const slug = slugFor(body);
  const values = supplierValues(body, slug);
  const id = await keepingUnique(
    () =>
      inTransaction(db.kysely, async (trx: DB) => {
        if (await trx.selectFrom('suppliers').select('id').where('slug', '=', slug).executeTakeFirst()) throw supplierSlugTaken(slug);
        const { id } = await trx.insertInto('suppliers').values(values).returning('id').executeTakeFirstOrThrow();
        await recordAudit(trx, { ...audit(staff, 'supplier', 'created', id), before: null, after: values });
        return id;
      }),
    () => supplierSlugTaken(slug),
  );
  return supplierOf(db.kysely, id);
}

export async function updateSupplier(db: Db, staff: Staff, id: number, body: BosSupplierBody): Promise<BosSupplier> {
  const slug = slugFor(body);
  const after = supplierValues(body, slug);
  await keepingUnique(
    () =>
      inTransaction(db.kysely, async (trx: DB) => {
        const before = await trx.selectFrom('suppliers').select(['name', 'slug', 'image', 'title', 'link']).where('id', '=', id).executeTakeFirst();
        if (!before) throw new ApiError(404, 'No such supplier');
        if (await trx.selectFrom('suppliers').select('id').where('slug', '=', slug).where('id', '!=', id).executeTakeFirst()) throw supplierSlugTaken(slug);
        await trx.updateTable('suppliers').set(after).where('id', '=', id).execute();
        await recordAudit(trx, { ...audit(staff, 'supplier', 'updated', id), before, after });
      }),
    () => supplierSlugTaken(slug),
  );
  return supplierOf(db.kysely, id);
}

export async function removeSupplier(db: Db, staff: Staff, id: number): Promise<string> {
  return inTransaction(db.kysely, async (trx: DB) => {
    const before = await trx.selectFrom('suppliers').select(['name', 'slug', 'image', 'title', 'link']).where('id', '=', id).executeTakeFirst();
    if (!before) throw new ApiError(404, 'No such supplier');
    await removeUnused(trx, 'suppliers', id, sql<SqlBool>`not exists (select 1 from products where supplier_id = ${id})`, async () => {
      const products = await supplierProducts(trx, id);
      return new ApiError(409, `${before.name} supplies ${usageWords({ products }, { products: ['product', 'products'] })}: give ${products === 1 ? 'it' : 'them'} another supplier (or none) first`, undefined, { in_use: { products } });
    });
    await recordAudit(trx, { ...audit(staff, 'supplier', 'removed', id), before, after: null });
    return `${before.name} removed`;
  });
}

// Warehouses

const codeTaken = (code: string) => taken('code', `Another warehouse already has the code ${code}`);
type WarehouseValues = { code: string; name: string; city: string; pincode: string };

export async function listWarehouses(db: DB, query: CatalogueListQuery): Promise<BosWarehouseList> {
  let base = db.selectFrom('warehouses');
  if (query.q) base = base.where((eb) => eb.or([nameHas('name', query.q!), nameHas('code', query.q!), nameHas('city', query.q!), nameHas('pincode', query.q!)]));
  const total = await countOf(base.select((eb) => eb.fn.countAll<number | string>().as('n')));
  const rows = await base.selectAll().orderBy('code').orderBy('id').limit(query.perPage).offset((query.page - 1) * query.perPage).execute();
  const ids = rows.map((r) => r.id);
  const [packs, lines, zones] = ids.length
    ? await Promise.all(
        (['packs', 'order_lines', 'warehouse_zones'] as const).map(async (table) =>
          counts(await db.selectFrom(table).select(['warehouse_id as id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('warehouse_id', 'in', ids).groupBy('warehouse_id').execute()),
        ),
      )
    : [new Map<number | null, number>(), new Map<number | null, number>(), new Map<number | null, number>()];
  return { data: rows.map((row) => ({ ...row, packs: packs!.get(row.id) ?? 0, order_lines: lines!.get(row.id) ?? 0, zones: zones!.get(row.id) ?? 0 })), meta: { total } };
}

async function warehouseUsage(db: DB, id: number) {
  const [packs, orderLines, zones] = await Promise.all([
    countOf(db.selectFrom('packs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('warehouse_id', '=', id)),
    countOf(db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number | string>().as('n')).where('warehouse_id', '=', id)),
    countOf(db.selectFrom('warehouse_zones').select((eb) => eb.fn.countAll<number | string>().as('n')).where('warehouse_id', '=', id)),
  ]);
  return { packs, order_lines: orderLines, zones };
}

async function warehouseOf(db: DB, id: number): Promise<BosWarehouse> {
  const row = await db.selectFrom('warehouses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such warehouse');
  return { ...row, ...(await warehouseUsage(db, id)) };
}

export async function createWarehouse(db: Db, staff: Staff, values: WarehouseValues): Promise<BosWarehouse> {
  const id = await keepingUnique(
    () =>
      inTransaction(db.kysely, async (trx: DB) => {
        if (await trx.selectFrom('warehouses').select('id').where('code', '=', values.code).executeTakeFirst()) throw codeTaken(values.code);
        const { id } = await trx.insertInto('warehouses').values(values).returning('id').executeTakeFirstOrThrow();
        await recordAudit(trx, { ...audit(staff, 'warehouse', 'created', id), before: null, after: values });
        return id;
      }),
    () => codeTaken(values.code),
  );
  return warehouseOf(db.kysely, id);
}

export async function updateWarehouse(db: Db, staff: Staff, id: number, after: WarehouseValues): Promise<BosWarehouse> {
  await keepingUnique(
    () =>
      inTransaction(db.kysely, async (trx: DB) => {
        const before = await trx.selectFrom('warehouses').select(['code', 'name', 'city', 'pincode']).where('id', '=', id).executeTakeFirst();
        if (!before) throw new ApiError(404, 'No such warehouse');
        if (await trx.selectFrom('warehouses').select('id').where('code', '=', after.code).where('id', '!=', id).executeTakeFirst()) throw codeTaken(after.code);
        await trx.updateTable('warehouses').set(after).where('id', '=', id).execute();
        await recordAudit(trx, { ...audit(staff, 'warehouse', 'updated', id), before, after });
      }),
    () => codeTaken(after.code),
  );
  return warehouseOf(db.kysely, id);
}

/** A warehouse with packs, past orders or delivery zones stays: its orders name it, and its zones deliver from it. */
export async function removeWarehouse(db: Db, staff: Staff, id: number): Promise<string> {
  return inTransaction(db.kysely, async (trx: DB) => {
    const before = await trx.selectFrom('warehouses').select(['code', 'name', 'city', 'pincode']).where('id', '=', id).executeTakeFirst();
    if (!before) throw new ApiError(404, 'No such warehouse');
    const unused = sql<SqlBool>`not exists (select 1 from packs where warehouse_id = ${id}) and not exists (select 1 from order_lines where warehouse_id = ${id}) and not exists (select 1 from warehouse_zones where warehouse_id = ${id})`;
    await removeUnused(trx, 'warehouses', id, unused, async () => {
      const usage = await warehouseUsage(trx, id);
      const words = usageWords(usage, { packs: ['pack', 'packs'], order_lines: ['order line', 'order lines'], zones: ['delivery zone', 'delivery zones'] });
      return new ApiError(409, `${before.code} (${before.name}) is used by ${words}: a warehouse that ships or shipped goods stays`, undefined, { in_use: usage });
    });
    await recordAudit(trx, { ...audit(staff, 'warehouse', 'removed', id), before, after: null });
    return `${before.code} (${before.name}) removed`;
  });
}
