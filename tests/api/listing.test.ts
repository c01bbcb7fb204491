import { expect, it } from 'vitest';
import { ProductList, type Product } from '../../src/contract';
import { describeApi, type TestShop } from './shop';

const list = async (shop: TestShop, query: string) => {
  const response = await shop.visitor().get(`/products?${query}`);
  expect(response.status, query).toBe(200);
  return ProductList.parse(await response.json());
};
/** The price a shopper can buy at: the lowest of the packs in stock, else the lowest of all (as cards show). */
const minPrice = (p: Product) => Math.min(...(p.packs.some((k) => k.in_stock) ? p.packs.filter((k) => k.in_stock) : p.packs).map((k) => k.price));
const maxDiscount = (p: Product) => Math.max(...p.packs.map((k) => k.discount));
const isSorted = (values: number[], direction: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));

describeApi('GET /s/api/products: filters, sorts, search and bad input', (shop) => {
  const db = () => shop().deps.db.kysely;
  const categoryId = async (name: string) => (await db().selectFrom('categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const brandId = async (name: string) => (await db().selectFrom('brands').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  /** Every category id in the subtree under `root`, from the database. */
  async function subtree(root: number): Promise<number[]> {
    const rows = await db().selectFrom('categories').select(['id', 'parent_id']).execute();
    const found = [root];
    for (let i = 0; i < found.length; i++) for (const r of rows) if (r.parent_id === found[i]) found.push(r.id);
    return found;
  }
  const categoryOf = async (products: Product[]) =>
    new Map((await db().selectFrom('products').select(['id', 'category_id']).where('id', 'in', products.map((p) => p.product_id)).execute()).map((r) => [r.id, r.category_id]));

  it('c: a parent category includes every product of its descendants, and only those', async () => {
    const staples = await categoryId('Staples');
    const ids = await subtree(staples);
    const expected = Number((await db().selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('category_id', 'in', ids).executeTakeFirstOrThrow()).n);
    const result = await list(shop(), `c=${staples}&perPage=100`);
    expect(result.meta.total).toBe(expected);
    expect(expected).toBeGreaterThan(50);
    for (const category of (await categoryOf(result.data)).values()) expect(ids).toContain(category);
  });

  it('c takes several ids, b filters by brand, and together they intersect', async () => {
    const basmati = await categoryId('Basmati Rice');
    const dals = await categoryId('Dals & Pulses');
    const both = await list(shop(), `c=${basmati},${dals}&perPage=100`);
    expect(new Set((await categoryOf(both.data)).values())).toEqual(new Set([basmati, dals]));

    const kaveri = await brandId('Kaveri Mills');
    const byBrand = await list(shop(), `b=${kaveri}&perPage=100`);
    expect(byBrand.meta.total).toBeGreaterThan(5);
    expect(new Set(byBrand.data.map((p) => p.brand_name))).toEqual(new Set(['Kaveri Mills']));

    const atta = await categoryId('Atta & Flours');
    const combined = await list(shop(), `c=${atta}&b=${kaveri}`);
    expect(combined.data.length).toBe(6);
    for (const p of combined.data) expect(p.brand_name).toBe('Kaveri Mills');
    expect((await list(shop(), `c=${basmati}&b=${kaveri}`)).meta.total).toBe(0);
    expect((await list(shop(), 'c=99999999')).data).toEqual([]);
  });

  it('sorts by price both ways, by discount, by newest and by popularity', async () => {
    const asc = await list(shop(), 's=price_asc&perPage=100');
    expect(isSorted(asc.data.map(minPrice), 'asc')).toBe(true);
    const desc = await list(shop(), 's=price_desc&perPage=100');
    expect(isSorted(desc.data.map(minPrice), 'desc')).toBe(true);
    expect(minPrice(desc.data[0]!)).toBeGreaterThan(minPrice(asc.data[0]!));
    const discount = await list(shop(), 's=discount&perPage=100');
    expect(isSorted(discount.data.map(maxDiscount), 'desc')).toBe(true);

    const facts = new Map((await db().selectFrom('products').select(['id', 'created_at', 'popularity']).execute()).map((r) => [r.id, r]));
    const newest = await list(shop(), 's=newest&perPage=100');
    const dates = newest.data.map((p) => facts.get(p.product_id)!.created_at);
    expect(dates.every((d, i) => i === 0 || dates[i - 1]! >= d)).toBe(true);
    for (const query of ['', 's=popularity']) {
      const popular = await list(shop(), `${query}&perPage=100`);
      expect(isSorted(popular.data.map((p) => facts.get(p.product_id)!.popularity), 'desc')).toBe(true);
    }
  });

  it('search matches name, brand and category, by word prefix and stem, whatever the case and spacing', async () => {
    const names = async (q: string) => (await list(shop(), `q=${encodeURIComponent(q)}&perPage=100`)).data.map((p) => p.product_name);
    const basmati = await names('basmati');
    expect(basmati.length).toBeGreaterThanOrEqual(8);
    for (const name of basmati) expect(name.toLowerCase()).toContain('basmati');
    expect(await names('  BASMATI    ')).toEqual(basmati);
    expect((await names('basm')).sort()).toEqual([...basmati].sort());
    expect(await names('cookie')).toEqual(expect.arrayContaining(['Cookie Katha Butter Cookies', 'Bake House Chocolate Chip Cookies']));
    const byBrand = await names('kaveri');
    expect(byBrand.length).toBeGreaterThan(5);
    for (const name of byBrand) expect(name).toMatch(/^Kaveri Mills/);
    expect(await names('bakery')).toEqual(expect.arrayContaining(['Gokul Dairy Toned Milk']));
    expect((await names('long grain basmati')).every((n) => /Long Grain Basmati/.test(n))).toBe(true);
    expect(await names('zzqqxx')).toEqual([]);
  });

  it('ranks search results by relevance: name matches before matches only by category', async () => {
    const result = await list(shop(), 'q=masala&perPage=100');
    const names = result.data.map((p) => p.product_name);
    expect(names.length).toBeGreaterThan(10);
    const firstWithout = names.findIndex((n) => !/masala/i.test(n));
    expect(firstWithout).toBeGreaterThan(2);
    expect(names.slice(0, 3).every((n) => /masala/i.test(n))).toBe(true);
    // Relevance is the default with search text; another sort can still be asked for.
    const cheap = await list(shop(), 'q=masala&s=price_asc&perPage=100');
    expect(isSorted(cheap.data.map(minPrice), 'asc')).toBe(true);
    expect(cheap.meta.total).toBe(result.meta.total);
  });

  it('refuses malformed parameters with 400 JSON and treats hostile search text as plain words', async () => {
    const visitor = shop().visitor();
    for (const query of ['page=0', 'page=-3', 'page=abc', 'page=1.5', 'perPage=100000', 'perPage=101', 'c=abc', 'c=1,,2', 'c=1;drop', 'b=%00', 's=cheapest', `q=${'x'.repeat(5000)}`]) {
      const response = await visitor.get(`/products?${query}`);
      expect(response.status, query.slice(0, 40)).toBe(400);
      expect((await response.json()).message, query.slice(0, 40)).toEqual(expect.any(String));
    }
    for (const q of ["'; drop table products; --", '"*)(OR<script>alert(1)</script>', 'NEAR(a b)', 'rice AND OR NOT', '%_\\', '*', 'dal:*&|!', '🍚']) {
      const response = await visitor.get(`/products?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      ProductList.parse(await response.json());
    }
    expect((await list(shop(), 'perPage=100')).data).toHaveLength(100);
    expect((await list(shop(), '')).meta.total).toBeGreaterThanOrEqual(300);
  });
});
