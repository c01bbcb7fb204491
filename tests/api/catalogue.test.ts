import { expect, it } from 'vitest';
import { Product, ProductList } from '../../src/contract';
import { describeApi } from './shop';

describeApi('GET /s/api/products and /products/{slug}', (shop) => {
  it('answers the first page: 24 products in the contract shape, and the total', async () => {
    const response = await shop().visitor().get('/products');
    expect(response.status).toBe(200);
    const list = ProductList.parse(await response.json());
    expect(list.data).toHaveLength(24);
    expect(list.meta.total).toBeGreaterThanOrEqual(300);
    for (const product of list.data) {
      expect(product.packs.length).toBeGreaterThanOrEqual(1);
      expect(product.packs.length).toBeLessThanOrEqual(4);
      expect(product.image).toBe(product.medias[0]?.src ?? '');
      for (const pack of product.packs) {
        // Rupees computed from whole paise: never more than two decimals.
        expect(Math.round(pack.price * 100)).toBe(pack.price * 100);
        expect(pack.act_price).toBeGreaterThanOrEqual(pack.price);
      }
    }
  });

  it('pages without overlap, ordered by popularity', async () => {
    const visitor = shop().visitor();
    const first = ProductList.parse(await (await visitor.get('/products')).json());
    const second = ProductList.parse(await (await visitor.get('/products?page=2')).json());
    const firstIds = new Set(first.data.map((p) => p.product_id));
    expect(second.data.some((p) => firstIds.has(p.product_id))).toBe(false);
    expect(second.meta.total).toBe(first.meta.total);
    const last = Math.ceil(first.meta.total / 24);
    const tail = ProductList.parse(await (await visitor.get(`/products?page=${last}`)).json());
    expect(tail.data.length).toBe(first.meta.total - (last - 1) * 24);
  });

  it('refuses malformed paging with 400 JSON naming the problem', async () => {
    const visitor = shop().visitor();
    for (const query of ['page=0', 'page=-3', 'page=abc', 'perPage=100000', 'perPage=0', 'c=abc', 'c=1,,2', 'b=%00']) {
      const response = await visitor.get(`/products?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.message, query).toEqual(expect.any(String));
      expect(Object.keys(body.errors), query).toHaveLength(1);
    }
  });

  it('answers one product by slug, and 404 JSON for an unknown slug', async () => {
    const visitor = shop().visitor();
    const { data } = ProductList.parse(await (await visitor.get('/products?perPage=1')).json());
    const response = await visitor.get(`/products/${data[0]!.slug}`);
    expect(response.status).toBe(200);
    const product = Product.parse(await response.json());
    expect(product).toEqual({ ...data[0], categories: expect.any(Array) });
    // The breadcrumb path runs from a root category down to the product's own.
    const path = product.categories!;
    const rows = await shop().deps.db.kysely.selectFrom('categories').select(['slug', 'parent_id']).execute();
    expect(rows.find((r) => r.slug === path[0]!.slug)!.parent_id).toBeNull();
    expect(path.length).toBeGreaterThanOrEqual(2);
    const missing = await visitor.get('/products/no-such-thing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Product not found' });
  });
});
