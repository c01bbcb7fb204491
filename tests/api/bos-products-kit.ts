/** What the products and stock suites share: staff with chosen permissions, the product calls, a new product. */
import { expect } from 'vitest';
import { BosProduct, type BosProductBody } from '../../src/contract/bos-products';
import { signedIn, type TestShop, type Visitor } from './shop';

export const ADMIN = '9876500003';

let staffCount = 0;
/** A new administrator with these permissions, signed in. */
export async function staffWith(shop: TestShop, permissions: string[]): Promise<Visitor & { userId: number }> {
  staffCount += 1;
  const phone = `8${String(process.pid % 1000).padStart(3, '0')}${String(staffCount).padStart(6, '0')}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Catalogue staff ${staffCount}`, email: `cat${staffCount}.${phone}@example.com`, phone, has_admin_access: 1, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Object.assign(await signedIn(shop, phone), { userId: id });
}

/** A JSON call with another method than POST. */
export const send = (v: Visitor, method: 'PUT' | 'DELETE', path: string, body?: unknown) =>
  v.request(path, body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let made = 0;
/** A unique word for names: letters only (search words are letters), never in the demo catalogue. */
export const uniqueWord = (stem = 'Zorb') => {
  made += 1;
  return `${stem}${String.fromCharCode(97 + (made % 26))}${String.fromCharCode(97 + (Math.floor(made / 26) % 26))}${process.pid.toString(36).replace(/\d/g, 'q')}`;
};

export function productsKit(shop: () => TestShop) {
  const db = () => shop().deps.db.kysely;
  /** The demo's category, brand and warehouses to build products on. */
  async function references() {
    const [category, brand, warehouses] = await Promise.all([
      db().selectFrom('categories').select(['id', 'parent_id']).where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow(),
      db().selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow(),
      db().selectFrom('warehouses').select(['id', 'code']).orderBy('id').execute(),
    ]);
    const blr = warehouses.find((w) => w.code === 'BLR')!;
    const other = warehouses.find((w) => w.code !== 'BLR')!;
    return { category, brand, blr: blr.id, other: other.id };
  }
  /** A product body: one pack in Bengaluru (₹90 of MRP ₹100) unless told otherwise. */
  async function body(name: string, extra: Partial<BosProductBody> = {}): Promise<BosProductBody> {
    const ref = await references();
    return {
      name,
      category_id: ref.category.id,
      brand_id: ref.brand.id,
      supplier_id: null,
      description: '',
      images: [],
      status: 'active',
      packs: [{ name: '1 kg', price: 9000, mrp: 10000, max_per_order: 10, active: true, warehouse_id: ref.blr, opening_stock: 40 }],
      ...extra,
    };
  }
  /** Creates a product through the API (201), as the staff member given. */
  async function create(v: Visitor, name: string, extra: Partial<BosProductBody> = {}): Promise<BosProduct> {
    const r = await v.post('/bos/products', await body(name, extra));
    expect(r.status, await r.clone().text()).toBe(201);
    return BosProduct.parse(await r.json());
  }
  /** The body PUT takes for a product as read: every field as it is, packs by id. */
  const asBody = (p: BosProduct): BosProductBody => ({
    name: p.name,
    slug: p.slug,
    description: p.description,
    category_id: p.category.id,
    brand_id: p.brand.id,
    supplier_id: p.supplier?.id ?? null,
    images: p.images,
    status: p.status,
    packs: p.packs.map((k) => ({ id: k.id, name: k.name, price: k.price, mrp: k.mrp, max_per_order: k.max_per_order, barcode: k.barcode, active: k.active, warehouse_id: k.warehouse_id })),
    updated_at: p.updated_at,
  });
  async function save(v: Visitor, p: BosProduct, change: (b: BosProductBody) => BosProductBody) {
    const r = await send(v, 'PUT', `/bos/products/${p.id}`, change(asBody(p)));
    expect(r.status, await r.clone().text()).toBe(200);
    return BosProduct.parse(await r.json());
  }
  const auditRows = (kind: string, id: number) => db().selectFrom('staff_audit').selectAll().where('subject_kind', '=', kind as never).where('subject_id', '=', id).orderBy('id').execute();
  const ledger = (packId: number) => db().selectFrom('stock_moves').selectAll().where('pack_id', '=', packId).orderBy('id').execute();
  const level = async (packId: number) => (await db().selectFrom('packs').select('stock').where('id', '=', packId).executeTakeFirstOrThrow()).stock;
  return { db, references, body, create, asBody, save, auditRows, ledger, level };
}
