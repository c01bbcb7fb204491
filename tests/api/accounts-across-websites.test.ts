/**
 * One account across the shop's websites (docs/decisions/accounts-across-websites.md): the sign-in, the profile and
 * the coupons' per-customer counts are the shop's; addresses, wishlists, carts, orders and the sales agent are each
 * website's, and a call on one website never reads or changes another's.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Address, AddressList, OrderList, ProductList, WishlistUpdated, Wishlists } from '../../src/contract';
import { migrate, openDatabase } from '../../src/server/db';
import { assignCustomer } from '../../src/server/services/agent-customers';
import { orderKit } from './order-kit';
import { describeApi, emptyDatabase, HOME, newShopper, pgUrl, signedIn, type Backend, type Visitor } from './shop';

const AF = 'localhost';
const KB = 'shop2.localhost';

describeApi('a shopper’s account across the shop’s websites', (shop) => {
  const { db, freshPack, add, create, placed } = orderKit(shop);
  const websiteOf = async (host: string) => (await db().selectFrom('website_domains').select('website_id').where('host', '=', host).executeTakeFirstOrThrow()).website_id;
  /** A new shopper signed in on Annapurna Fresh (here) and, with the same phone, on Kirana Bazaar (there). */
  async function onBoth() {
    const here = await newShopper(shop(), AF);
    const { phone } = await db().selectFrom('users').select('phone').where('id', '=', here.userId).executeTakeFirstOrThrow();
    const there = await signedIn(shop(), phone, KB);
    return { here, there, userId: here.userId, phone };
  }
  const addresses = async (v: Visitor) => AddressList.parse(await (await v.get('/addresses')).json()).data;
  const save = async (v: Visitor, fields: Record<string, unknown>) => {
    const r = await v.post('/addresses', { ...HOME, ...fields });
    expect(r.status, await r.clone().text()).toBe(201);
    return Address.parse(await r.json());
  };
  const lists = async (v: Visitor) => Wishlists.parse(await (await v.get('/wishlist')).json());
  const hearts = async (v: Visitor) => new Map(ProductList.parse(await (await v.get('/products?perPage=5')).json()).data.map((p) => [p.product_id, p.wishlist]));

  it('keeps addresses apart: each website lists, changes, defaults and uses only its own', async () => {
    const { here, there } = await onBoth();
    const home = await save(here, { line1: '12, MG Road' });
    expect(home.is_default).toBe(true);
    expect(await addresses(there)).toEqual([]);

    // Kirana Bazaar can neither change nor delete nor use Annapurna Fresh's address.
    expect((await there.request(`/addresses/${home.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...HOME, line1: 'Changed' }) })).status).toBe(404);
    expect((await there.request(`/addresses/${home.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await addresses(here)).map((a) => [a.id, a.line1, a.is_default])).toEqual([[home.id, '12, MG Road', true]]);
    expect((await there.get(`/cart?address_id=${home.id}`)).status).toBe(404);
    await add(there, await freshPack(10_000));
    const refused = await create(there, { address_id: home.id, payment: 'cod' });
    expect(refused.status).toBe(404);
    expect(OrderList.parse(await (await there.get('/orders')).json()).data).toEqual([]);

    // Its first address there is its default there; Annapurna Fresh's default stays.
    const office = await save(there, { line1: '5, Ranade Road', type: 'work' });
    expect(office.is_default).toBe(true);
    expect((await addresses(there)).map((a) => a.id)).toEqual([office.id]);
    expect((await addresses(here)).map((a) => [a.id, a.is_default])).toEqual([[home.id, true]]);
    expect((await here.request(`/addresses/${office.id}`, { method: 'DELETE' })).status).toBe(404);
    // And it orders to it there.
    expect((await create(there, { address_id: office.id, payment: 'cod' })).status).toBe(201);
  });

  it('keeps wishlists apart: lists, what they hold and the listing’s hearts', async () => {
    const { here, there } = await onBoth();
    const [first, second] = [...(await hearts(here)).keys()];
    expect((await here.post('/wishlist/update', { product_id: first })).status).toBe(200);
    const monthly = (await (await here.post('/wishlistCategory', { name: 'Monthly' })).json()) as { id: number };
    expect((await here.post('/wishlist/update', { product_id: second, wishlist_category_id: monthly.id })).status).toBe(200);

    expect(await lists(there)).toEqual({ WishlistCategories: [], items: [], products: [] });
    expect((await hearts(there)).get(first!)).toBe(false);
    expect((await hearts(here)).get(first!)).toBe(true);
    // Another website's list is no list here; the same name is free here.
    expect((await there.post('/wishlist/update', { product_id: second, wishlist_category_id: monthly.id })).status).toBe(404);
    const theirs = await there.post('/wishlistCategory', { name: 'Monthly' });
    expect(theirs.status).toBe(200);
    // The Default list of each website is its own.
    expect(WishlistUpdated.parse(await (await there.post('/wishlist/update', { product_id: first })).json())).toEqual({ product_id: first, wishlist: true, lists: [null] });
    expect(WishlistUpdated.parse(await (await here.post('/wishlist/update', { product_id: first })).json()).wishlist).toBe(false);
    expect((await lists(there)).items).toEqual([{ product_id: first, wishlist_category_id: null }]);
    expect((await lists(here)).items).toEqual([{ product_id: second, wishlist_category_id: monthly.id }]);
  });

  it('keeps orders apart: history, detail, reorder, invoice, cancel and retry', async () => {
    const { here, there } = await onBoth();
    const address = await save(here, {});
    await add(here, await freshPack(10_000));
    const order = await placed(Object.assign(here, { address }));
    expect(OrderList.parse(await (await here.get('/orders')).json()).data.map((o) => o.id)).toEqual([order.id]);
    expect(OrderList.parse(await (await there.get('/orders')).json())).toMatchObject({ data: [], meta: { total: 0 } });
    for (const path of [`/orders/${order.id}`, `/orders/by-number/${order.ordernumber}`, `/orders/${order.id}/invoice`]) expect((await there.get(path)).status, path).toBe(404);
    expect((await there.post(`/orders/${order.id}/reorder`, {})).status).toBe(404);
    expect((await there.post(`/orders/${order.id}/retry`, { payment: 'cod' })).status).toBe(404);
    expect((await there.post(`/order/cancel/${order.id}`, {})).status).toBe(404);
    expect((await db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('placed');
  });

  it('shares the account itself: one sign-in, one profile, and the shop’s coupons count the shopper once', async () => {
    const { here, there } = await onBoth();
    expect((await there.request('/profile', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Asha on Kirana' }) })).status).toBe(200);
    expect(((await (await here.get('/profile')).json()) as { name: string }).name).toBe('Asha on Kirana');
    // A first-order coupon after an order on the other website: the shopper's first order at the shop is made.
    const address = await save(here, {});
    await add(here, await freshPack(10_000));
    await placed(Object.assign(here, { address }));
    await add(there, await freshPack(30_000));
    const apply = await there.post('/apply/coupon', { code: 'WELCOME50' });
    expect(apply.status).toBe(409);
    expect(((await apply.json()) as { message: string }).message).toBe('This coupon is for your first order only');
  });

  it('gives a sales agent the customer’s addresses on the agent’s website only, and saves theirs there', async () => {
    const { here, there, userId } = await onBoth();
    const home = await save(here, { line1: 'Home on Annapurna' });
    const work = await save(there, { line1: 'Work on Kirana', pincode: '560002' });
    const ravi = await db().selectFrom('users').select('id').where('phone', '=', '9876500002').executeTakeFirstOrThrow();
    await assignCustomer(db(), await websiteOf(AF), ravi.id, userId);
    const agentHere = await signedIn(shop(), '9876500002', AF);
    const agentThere = await signedIn(shop(), '9876500002', KB);
    const seen = async (v: Visitor) => AddressList.parse(await (await v.get(`/agent/customers/${userId}/addresses`)).json()).data.map((a) => a.id);
    expect(await seen(agentHere)).toEqual([home.id]);
    expect((await agentHere.get(`/agent/customers/${userId}/cart?address_id=${work.id}`)).status).toBe(404);
    const r = await agentHere.post(`/agent/customers/${userId}/addresses`, { ...HOME, line1: 'Saved by Ravi' });
    expect(r.status, await r.clone().text()).toBe(201);
    const saved = Address.parse(await r.json());
    expect((await addresses(here)).map((a) => a.id).sort()).toEqual([home.id, saved.id].sort());
    expect((await addresses(there)).map((a) => a.id)).toEqual([work.id]);
    // Not his customer on Kirana Bazaar.
    expect((await agentThere.get(`/agent/customers/${userId}/addresses`)).status).toBe(404);
  });
});

/** A database migrated to just before 0019, a shopper with data on both websites, then the rest of the migrations. */
async function upgradeKeepsWhatEachWebsiteShowed(backend: Backend) {
  const { url, drop } = await emptyDatabase(backend);
  const db = await openDatabase(url);
  try {
    await migrate(db, '0017_refunds');
    const k = db.kysely as unknown as Kysely<any>;
    const at = new Date().toISOString();
    const site = async (name: string) => (await k.insertInto('websites').values({ name, logo: null, favicon: null, created_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
    const [af, kb] = [await site('Annapurna Fresh'), await site('Kirana Bazaar')];
    const user = async (phone: string) => (await k.insertInto('users').values({ name: phone, email: `${phone}@example.com`, phone, created_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
    const [both, onlyKb, nowhere] = [await user('9000000001'), await user('9000000002'), await user('9000000003')];
    const address = async (userId: number, line1: string, isDefault: number) =>
      (await k.insertInto('addresses').values({ user_id: userId, name: 'A', phone: '9000000000', pincode: '560001', line1, city: 'Bengaluru', state: 'Karnataka', type: 'home', is_default: isDefault, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
    const [homeOfBoth, workOfBoth, kbAddress, nowhereAddress] = [await address(both, 'Home', 1), await address(both, 'Work', 0), await address(onlyKb, 'Kirana home', 1), await address(nowhere, 'Unused', 1)];
    const order = async (userId: number, websiteId: number, addressId: number, n: number) =>
      (await k
        .insertInto('orders')
        .values({ website_id: websiteId, user_id: userId, ordernumber: `X-${n}`, status: 'placed', payment_method: 'cod', amount_paise: 100, discount_paise: 0, delivery_charge_paise: 0, total_paise: 100, address_id: addressId, address_json: '{}', idempotency_key: `k${n}`, request_hash: 'h', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()).id as number;
    const [afOrder, kbOrder, onlyKbOrder] = [await order(both, af, homeOfBoth, 1), await order(both, kb, homeOfBoth, 2), await order(onlyKb, kb, kbAddress, 3)];
    const product = await (async () => {
      const brand = await k.insertInto('brands').values({ name: 'B', slug: 'b', logo: null }).returning('id').executeTakeFirstOrThrow();
      const category = await k.insertInto('categories').values({ parent_id: null, name: 'C', slug: 'c', avatar: null }).returning('id').executeTakeFirstOrThrow();
      return (await k.insertInto('products').values({ name: 'P', slug: 'p', description: null, info_json: null, brand_id: brand.id, category_id: category.id, supplier_id: null, created_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
    })();
    const list = (await k.insertInto('wishlist_categories').values({ user_id: both, name: 'Monthly', created_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
    await k.insertInto('wishlist_items').values([{ user_id: both, product_id: product, list_id: 0, created_at: at }, { user_id: both, product_id: product, list_id: list, created_at: at }]).execute();

    await migrate(db);

    const rows = await k.selectFrom('addresses').select(['id', 'user_id', 'website_id', 'line1', 'is_default']).orderBy('id').execute();
    const of = (userId: number, websiteId: number) => rows.filter((r) => r.user_id === userId && r.website_id === websiteId).map((r) => [r.line1, r.is_default]);
    // Used on both websites: kept on both, the default too; the orders point at their own website's copy.
    expect(of(both, af)).toEqual([['Home', 1], ['Work', 0]]);
    expect(of(both, kb)).toEqual([['Home', 1], ['Work', 0]]);
    expect(rows.find((r) => r.id === homeOfBoth)!.website_id).toBe(af);
    expect(rows.find((r) => r.id === workOfBoth)!.website_id).toBe(af);
    const orderAddress = async (id: number) => (await k.selectFrom('orders').select('address_id').where('id', '=', id).executeTakeFirstOrThrow()).address_id as number;
    expect(await orderAddress(afOrder)).toBe(homeOfBoth);
    const kbHome = rows.find((r) => r.user_id === both && r.website_id === kb && r.line1 === 'Home')!;
    expect(await orderAddress(kbOrder)).toBe(kbHome.id);
    // Used on one website: kept there only; used nowhere: on the first website.
    expect(of(onlyKb, kb)).toEqual([['Kirana home', 1]]);
    expect(of(onlyKb, af)).toEqual([]);
    expect(await orderAddress(onlyKbOrder)).toBe(kbAddress);
    expect(rows.find((r) => r.id === nowhereAddress)!.website_id).toBe(af);

    const lists = await k.selectFrom('wishlist_categories').select(['id', 'website_id', 'name']).where('user_id', '=', both).orderBy('website_id').execute();
    expect(lists.map((l) => [l.website_id, l.name])).toEqual([[af, 'Monthly'], [kb, 'Monthly']]);
    expect(lists[0]!.id).toBe(list);
    const items = await k.selectFrom('wishlist_items').select(['website_id', 'list_id']).where('user_id', '=', both).orderBy('website_id').orderBy('list_id').execute();
    expect(items).toEqual([{ website_id: af, list_id: 0 }, { website_id: af, list_id: list }, { website_id: kb, list_id: 0 }, { website_id: kb, list_id: lists[1]!.id }]);
    // New lists still get new ids, and one default address per user and website holds.
    const fresh = await k.insertInto('wishlist_categories').values({ user_id: onlyKb, website_id: kb, name: 'New', created_at: at }).returning('id').executeTakeFirstOrThrow();
    expect(fresh.id).toBeGreaterThan(lists[1]!.id);
    await expect(k.updateTable('addresses').set({ is_default: 1 }).where('user_id', '=', both).where('website_id', '=', kb).where('line1', '=', 'Work').execute()).rejects.toThrow();
  } finally {
    await db.close();
    await drop();
  }
}

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !pgUrl)(`migration 0019 keeps each shopper’s addresses and wishlists where they shopped [${backend}]`, () => {
    it('copies them to every website the shopper used, points orders at their website’s copy, and keeps ids moving', async () => {
      await upgradeKeepsWhatEachWebsiteShowed(backend);
    });
  });
}

