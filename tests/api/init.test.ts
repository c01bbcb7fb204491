import { expect, it } from 'vitest';
import { Init, type Category } from '../../src/contract';
import { describeApi } from './shop';

const depth = (nodes: Category[]): number => (nodes.length ? 1 + Math.max(...nodes.map((n) => depth(n.children))) : 0);

describeApi('GET /s/api/init', (shop) => {
  it('answers every field docs/product.md lists, in the contract shape', async () => {
    const response = await shop().visitor().get('/init');
    expect(response.status).toBe(200);
    const body = await response.json();
    const keys = ['web', 'pincode', 'navSetting', 'categories', 'brands', 'webSeo', 'webAddress', 'popup', 'webPages',
      'dynamicNavbar', 'dynamicFooter', 'navs', 'footers', 'cart', 'user', 'activetheme', 'urlOrigin'];
    expect(Object.keys(body).sort()).toEqual(keys.sort());
    const init = Init.parse(body);
    expect(init.user).toBeNull();
    expect(init.cart.items).toEqual([]);
    expect(init.cart.quantity).toBe(0);
    expect(init.pincode).toBeNull();
  });

  it('answers urlOrigin as the shopper reached the shop, and the dynamicNavbar and dynamicFooter flags', async () => {
    const plain = await (await shop().visitor('localhost:4321').get('/init')).json();
    expect(plain.urlOrigin).toBe('http://localhost:4321');
    // The demo websites use the shop's own navbar and footer: both flags are off.
    expect(plain.dynamicNavbar).toBe(false);
    expect(plain.dynamicFooter).toBe(false);
    expect((await (await shop().visitor('shop2.localhost').get('/init')).json()).urlOrigin).toBe('http://shop2.localhost');
    const db = shop().deps.db.kysely;
    await db.updateTable('website_settings').set({ dynamic_navbar: '<nav><a href="/offers">Offers</a></nav>', dynamic_footer: '<footer><p>Since 1987</p></footer>' }).where('website_id', '=', 2).execute();
    try {
      const custom = Init.parse(await (await shop().visitor('shop2.localhost').get('/init')).json());
      expect(custom.dynamicNavbar).toEqual({ data: '<nav><a href="/offers">Offers</a></nav>' });
      expect(custom.dynamicFooter).toEqual({ data: '<footer><p>Since 1987</p></footer>' });
    } finally {
      await db.updateTable('website_settings').set({ dynamic_navbar: null, dynamic_footer: null }).where('website_id', '=', 2).execute();
    }
  });

  it('is personal: kept by no shared cache and stored by no browser', async () => {
    const response = await shop().visitor().get('/init');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('fills navigation defaults from docs/product.md and nests the category tree at least three levels deep', async () => {
    const init = Init.parse(await (await shop().visitor().get('/init')).json());
    expect(init.navSetting.sub_navbar_height).toBe(40);
    expect(init.navSetting.show_search_bar).toBe(true);
    expect(depth(init.categories)).toBeGreaterThanOrEqual(3);
    expect(init.brands.length).toBeGreaterThanOrEqual(20);
    const categoriesItem = init.navs.find((n) => n.value === '/categories');
    expect(categoriesItem?.children.map((c) => c.name)).toEqual(init.categories.map((c) => c.name));
    expect(init.footers.every((group) => group.children.length > 0)).toBe(true);
  });

  it('chooses the website by Host with the port ignored, and the first website for any other host', async () => {
    const names = async (host: string) => Init.parse(await (await shop().visitor(host).get('/init')).json());
    const first = await names('localhost:4321');
    const second = await names('shop2.localhost:4321');
    const other = await names('127.0.0.1:8080');
    expect(first.web.name).toBe('Annapurna Fresh');
    expect(second.web.name).toBe('Kirana Bazaar');
    expect(other.web.id).toBe(first.web.id);
    expect(second.activetheme.primary).not.toBe(first.activetheme.primary);
    expect(second.web.font_family).not.toBe(first.web.font_family);
    expect(second.navSetting.navbar_template).not.toBe(first.navSetting.navbar_template);
    expect(first.popup).toMatchObject({ once: true, duration: 5 });
    expect(second.popup).toBeNull();
  });

  it("includes the visitor's cart", async () => {
    const visitor = await shop().visitor().start();
    const { data } = await (await visitor.get('/products?perPage=1')).json();
    const pack = data[0].packs[0];
    expect((await visitor.post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status).toBe(200);
    const init = Init.parse(await (await visitor.get('/init')).json());
    expect(init.cart.items.map((i) => i.pack_id)).toEqual([pack.pack_id]);
  });
});
