import { expect, it } from 'vitest';
import { ProductList, WishlistUpdated, Wishlists } from '../../src/contract';
import { describeApi, type TestShop, type Visitor } from './shop';

async function signedIn(shop: TestShop, phone: string): Promise<Visitor> {
  const visitor = await shop.visitor().start();
  await visitor.post('/auth/login', { identifier: phone });
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${phone}`)).json();
  expect((await visitor.post('/auth/verify', { code: /\b(\d{6})\b/.exec(messages[0].text)![1] })).status).toBe(200);
  return visitor;
}
const flags = async (visitor: Visitor) =>
  new Map(ProductList.parse(await (await visitor.get('/products?perPage=5')).json()).data.map((p) => [p.product_id, p.wishlist]));

describeApi('wishlists', (shop) => {
  it('are for signed-in users only: 401 otherwise, and nothing changes', async () => {
    const visitor = await shop().visitor().start();
    expect((await visitor.get('/wishlist')).status).toBe(401);
    expect((await visitor.post('/wishlist/update', { product_id: 1 })).status).toBe(401);
    expect((await visitor.post('/wishlistCategory', { name: 'Monthly' })).status).toBe(401);
    expect(await shop().deps.db.kysely.selectFrom('wishlist_items').selectAll().execute()).toEqual([]);
  });

  it('toggle a product in the Default list and in named lists, and flag it in the listing for its owner only', async () => {
    const asha = await signedIn(shop(), '9876500001');
    const ravi = await signedIn(shop(), '9876500002');
    const first = [...(await flags(asha)).keys()][0]!;
    const added = WishlistUpdated.parse(await (await asha.post('/wishlist/update', { product_id: first })).json());
    expect(added).toEqual({ product_id: first, wishlist: true, lists: [null] });
    expect((await flags(asha)).get(first)).toBe(true);
    expect((await flags(ravi)).get(first)).toBe(false);
    expect((await flags(shop().visitor())).get(first)).toBe(false);

    const created = await asha.post('/wishlistCategory', { name: '  Monthly staples ' });
    expect(created.status).toBe(200);
    const monthly = (await created.json()) as { id: number; name: string };
    expect(monthly.name).toBe('Monthly staples');
    expect((await asha.post('/wishlistCategory', { name: 'Monthly staples' })).status).toBe(409);
    expect((await asha.post('/wishlistCategory', { name: '' })).status).toBe(400);

    const both = WishlistUpdated.parse(await (await asha.post('/wishlist/update', { product_id: first, wishlist_category_id: monthly.id })).json());
    expect(both.lists.sort()).toEqual([monthly.id, null].sort());
    const offDefault = WishlistUpdated.parse(await (await asha.post('/wishlist/update', { product_id: first })).json());
    expect(offDefault).toEqual({ product_id: first, wishlist: true, lists: [monthly.id] });
    const gone = WishlistUpdated.parse(await (await asha.post('/wishlist/update', { product_id: first, wishlist_category_id: monthly.id })).json());
    expect(gone.wishlist).toBe(false);
    expect((await flags(asha)).get(first)).toBe(false);

    const lists = Wishlists.parse(await (await asha.get('/wishlist')).json());
    expect(lists.WishlistCategories).toEqual([{ id: monthly.id, name: 'Monthly staples' }]);
    // Another user's list is not Asha's to fill.
    expect((await ravi.post('/wishlist/update', { product_id: first, wishlist_category_id: monthly.id })).status).toBe(404);
    expect((await asha.post('/wishlist/update', { product_id: 99999999 })).status).toBe(404);
  });

  it('mark the catalogue answers of a signed-in user private: their flags are never kept by a shared cache', async () => {
    const asha = await signedIn(shop(), '9876500001');
    const slug = ProductList.parse(await (await asha.get('/products?perPage=1')).json()).data[0]!.slug;
    for (const path of ['/products?perPage=5', `/products/${slug}`]) {
      expect((await asha.get(path)).headers.get('cache-control'), path).toBe('private, no-store');
      // A visitor without a user or a pincode gets the catalogue as everyone does.
      expect((await shop().visitor().get(path)).headers.get('cache-control'), path).toBeNull();
    }
  });
});
