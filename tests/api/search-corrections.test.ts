import { expect, it } from 'vitest';
import { ProductList, Suggestions } from '../../src/contract';
import { refreshListingOf } from '../../src/server/db/listing';
import { refreshProductWords } from '../../src/server/db/product-words';
import { describeApi, type TestShop } from './shop';

const search = async (shop: TestShop, q: string) => {
  const response = await shop.visitor().get(`/products?q=${encodeURIComponent(q)}&perPage=100`);
  expect(response.status, q).toBe(200);
  return ProductList.parse(await response.json());
};
const suggest = async (shop: TestShop, q: string) => {
  const response = await shop.visitor().get(`/search/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return Suggestions.parse(await response.json());
};

describeApi('search offers a correction only when it finds products, and suggestions correct typos too', (shop) => {
  it('finds soap for "sabun" (Hindi for soap) and offers no correction', async () => {
    const soap = await search(shop(), 'soap');
    expect(soap.meta.total).toBeGreaterThan(0);
    for (const q of ['sabun', 'साबुन']) {
      const found = await search(shop(), q);
      expect(found.data.map((p) => p.product_name).sort(), q).toEqual(soap.data.map((p) => p.product_name).sort());
      expect(found.data[0]!.product_name, q).toMatch(/Soap/);
      expect(found.meta.did_you_mean ?? null, q).toBeNull();
    }
  });

  it('never offers a correction that finds nothing', async () => {
    // "saunff" is one edit from the synonym "saunf", which no product of the shop matches.
    const fennel = await search(shop(), 'saunff');
    expect(fennel.meta.total).toBe(0);
    expect(fennel.meta.did_you_mean ?? null).toBeNull();
    // Whatever is offered finds products when followed.
    for (const q of ['gheee', 'turmerik', 'panner', 'chinni', 'masor dal']) {
      const offered = (await search(shop(), q)).meta.did_you_mean;
      expect(offered, q).toBeTruthy();
      expect((await search(shop(), offered!)).meta.total, `${q} → ${offered}`).toBeGreaterThan(0);
    }
  });

  it('does not correct a short word to a different word two edits away ("maggi" is not "ragi")', async () => {
    const maggi = await search(shop(), 'maggi');
    expect(maggi.meta.did_you_mean ?? null).toBeNull();
    expect(maggi.data.filter((p) => /Ragi/.test(p.product_name))).toEqual([]);
    expect((await suggest(shop(), 'maggi')).products.filter((p) => /Ragi/.test(p.name))).toEqual([]);
  });

  it('suggests what the corrected word finds as the shopper types a typo, and nothing for a correction that finds nothing', async () => {
    const panner = await suggest(shop(), 'panner');
    expect(panner.products.length).toBeGreaterThan(0);
    for (const product of panner.products) {
      expect(product.name).toMatch(/Paneer/);
      expect(product.parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Paneer']);
    }
    expect(panner.categories.map((c) => c.name)).toContain('Milk, Curd & Paneer');
    expect((await suggest(shop(), 'malai panner')).products.every((p) => /Malai Paneer/.test(p.name))).toBe(true);
    expect((await suggest(shop(), 'turmerik')).products.map((p) => p.name).some((name) => /Turmeric/.test(name))).toBe(true);
    // Sabun is Hindi for soap: soaps, and the bars whose Hindi names call them soap (कपड़े धोने का साबुन, a detergent bar).
    expect((await suggest(shop(), 'sabun')).products.map((p) => p.name).filter((name) => !/Soap|Detergent Bar|Dishwash Bar/.test(name))).toEqual([]);
    expect((await suggest(shop(), 'sabun')).products.length).toBeGreaterThan(0);
    const fennel = await suggest(shop(), 'saunff');
    expect([fennel.products, fennel.categories, fennel.brands]).toEqual([[], [], []]);
    // A word as typed that starts a name is never corrected.
    expect((await suggest(shop(), 'pane')).products.every((p) => /Paneer/.test(p.name))).toBe(true);
  });
});

describeApi('a corrected search lists the products named with the corrected word first', (shop) => {
  it('ranks paneer above buttermilk and curd, which mention paneer only in their category, for "panner"', async () => {
    // The shop files its paneer under a category of its own, with a long name; buttermilk and curd stay in
    // 'Milk, Curd & Paneer'. Relevance alone (BM25, ts_rank) then puts the short names of that category first.
    const { kysely } = shop().deps.db;
    const paneer = await kysely.selectFrom('products').select(['id', 'name', 'category_id']).where('name', 'like', '%Malai Paneer').orderBy('id').execute();
    expect(paneer.length).toBeGreaterThan(0);
    const { id: cheese } = await kysely
      .insertInto('categories')
      .values({ name: 'Fresh From The Creamery', slug: 'fresh-from-the-creamery', parent_id: null, avatar: null, position: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of paneer) {
      await kysely.updateTable('products').set({ category_id: cheese, name: `${p.name} Block, Soft and Fresh, Vacuum Packed for Home Kitchens` }).where('id', '=', p.id).execute();
    }
    await refreshListingOf(kysely, paneer.map((p) => p.id));
    await refreshProductWords(kysely, paneer.map((p) => p.id));

    const found = await search(shop(), 'panner');
    expect(found.meta.did_you_mean).toBe('paneer');
    const names = found.data.map((p) => p.product_name);
    expect(names.some((name) => /Buttermilk|Curd/.test(name)), names.join(', ')).toBe(true);
    const firstOther = names.findIndex((name) => !/Paneer/.test(name));
    expect(names.slice(0, paneer.length).every((name) => /Paneer/.test(name)), names.join(', ')).toBe(true);
    expect(firstOther).toBe(paneer.length);
  });
});
