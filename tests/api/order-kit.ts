/** What order tests share: fresh packs with a known stock, shoppers with an address, and order calls. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { Address, Cart, Order, OrderCreated } from '../../src/contract';
import { HOME, newShopper, type TestShop, type Visitor } from './shop';

export type Pack = { id: number; warehouse_id: number; price_paise: number };
export type Shopper = Visitor & { userId: number; address: Address };

export function orderKit(shop: () => TestShop) {
  const db = () => shop().deps.db.kysely;
  const taken = new Set<number>([0]);
  /** A Bengaluru pack no other test of the suite uses, with a known stock; the cheapest at or above a price. */
  async function freshPack(minPaise = 0, stock = 50): Promise<Pack> {
    const p = await db()
      .selectFrom('packs as pk')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .select(['pk.id', 'pk.warehouse_id', 'pk.price_paise'])
      .where('w.code', '=', 'BLR')
      .where('p.is_active', '=', 1)
      .where('pk.price_paise', '>=', minPaise)
      .where('pk.id', 'not in', [...taken])
      .orderBy('pk.price_paise')
      .orderBy('pk.id')
      .executeTakeFirstOrThrow();
    taken.add(p.id);
    await db().updateTable('packs').set({ stock, max_per_order: 20 }).where('id', '=', p.id).execute();
    return p;
  }
  const stockOf = async (id: number) => (await db().selectFrom('packs').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const orderCount = async (userId: number) => Number((await db().selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const statusOf = async (id: number) => (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** A new shopper (on a host) with a saved address at a pincode. */
  async function shopper(pincode = '560001', host = 'localhost'): Promise<Shopper> {
    const v = await newShopper(shop(), host);
    return withAddress(v, pincode);
  }
  async function withAddress<V extends Visitor>(v: V, pincode = '560001'): Promise<V & { address: Address }> {
    const address = Address.parse(await (await v.post('/addresses', { ...HOME, pincode })).json());
    return Object.assign(v, { address });
  }
  async function add(v: Visitor, p: Pack, quantity = 1) {
    const r = await v.post('/cart/add', { pack_id: p.id, warehouse_id: p.warehouse_id, quantity });
    expect(r.status, await r.clone().text()).toBe(200);
  }
  const create = (v: Visitor, body: Record<string, unknown>, key: string | null = randomUUID()) =>
    v.post('/order/create', body, { headers: key === null ? {} : { 'Idempotency-Key': key } });
  /** Places the cart as an order to the shopper's address, checking it was created. */
  async function placed(v: Visitor & { address: Address }, payment = 'cod', extra: Record<string, unknown> = {}) {
    const r = await create(v, { address_id: v.address.id, payment, ...extra });
    expect(r.status, await r.clone().text()).toBe(201);
    return OrderCreated.parse(await r.json());
  }
  const detail = async (v: Visitor, id: number) => Order.parse(await (await v.get(`/orders/${id}`)).json());
  const cartFor = async (v: Visitor, addressId: number) => Cart.parse(await (await v.get(`/cart?address_id=${addressId}&groupby_delivery=true`)).json());
  return { db, freshPack, stockOf, orderCount, statusOf, shopper, withAddress, add, create, placed, detail, cartFor };
}
