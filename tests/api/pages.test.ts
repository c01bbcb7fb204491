import { expect, it } from 'vitest';
import { PageData, type Product } from '../../src/contract';
import { publishPage } from '../../src/server/services/pages';
import { describeApi } from './shop';

describeApi('content pages and their forms', (shop) => {
  it('answers the home page: blocks in order, products resolved, flags and SEO', async () => {
    const response = await shop().visitor().get('/page/data');
    expect(response.status).toBe(200);
    const page = PageData.parse(await response.json());
    expect(page.url).toBe('/');
    expect(page.data.map((b) => b.type)).toEqual(['hero', 'category_carousel', 'product_carousel', 'product_carousel', 'image_banner', 'product_grid', 'brand_carousel', 'supplier_carousel']);
    const offers = page.data[2]!.response as Product[];
    expect(offers).toHaveLength(12);
    const discounts = offers.map((p) => Math.max(...p.packs.map((k) => k.discount)));
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(page.data[0]!.settings).toMatchObject({ autoplayInterval: 2000 });
    expect(page.show_navbar).toBe(true);
    expect(JSON.parse(page.schema_script!)['@type']).toBe('GroceryStore');
  });

  it('answers each website its own pages, and 404 JSON for a path with none', async () => {
    const contact = PageData.parse(await (await shop().visitor('shop2.localhost').get('/page/data/contact')).json());
    expect(contact.show_sub_navbar).toBe(false);
    const missing = await shop().visitor().get('/page/data/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No page at /nowhere' });
    expect((await shop().visitor().get('/page/data/UPPER')).status).toBe(400);
  });

  it('publishes a page (replacing the old one) and skips a broken block without losing the rest', async () => {
    const db = shop().deps.db.kysely;
    await publishPage(db, 1, { url: '/festive', title: 'Festive', components: [{ name: 'A', type: 'rich_html', order: 1, data: { html: '<p>Second</p>' } }, { name: 'B', type: 'rich_html', order: 0, data: { html: '<p>First</p>' } }] });
    let page = PageData.parse(await (await shop().visitor().get('/page/data/festive')).json());
    expect(page.data.map((b) => b.name)).toEqual(['B', 'A']);
    await publishPage(db, 1, { url: '/festive', title: 'Festive', components: [{ name: 'Only', type: 'rich_html', data: { html: '<p>x</p>' } }] });
    page = PageData.parse(await (await shop().visitor().get('/page/data/festive')).json());
    expect(page.data.map((b) => b.name)).toEqual(['Only']);
    const pageId = (await db.selectFrom('pages').select('id').where('url', '=', '/festive').where('website_id', '=', 1).executeTakeFirstOrThrow()).id;
    await db.insertInto('page_components').values({ page_id: pageId, name: 'Broken', type: 'hero', data_json: '{"slides":[]}', settings_json: null, position: 5000 }).execute();
    await db.insertInto('page_components').values({ page_id: pageId, name: 'Alien', type: 'marquee', data_json: '{}', settings_json: null, position: 6000 }).execute();
    page = PageData.parse(await (await shop().visitor().get('/page/data/festive')).json());
    expect(page.data.map((b) => b.name)).toEqual(['Only']);
    await expect(publishPage(db, 1, { url: '/festive', title: '', components: [] })).rejects.toThrow();
  });

  it('checks a form submission against its fields with the shared rules, then keeps it', async () => {
    const visitor = await shop().visitor().start();
    const bad = await visitor.post('/webui/create', { emailactivation: 1, formtype: 'contact', formdata: { name: '', phone: '12345', message: 'hi' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ name: ['Name is required'], phone: ['Phone is not in valid format'] });
    expect((await visitor.post('/webui/create', { formtype: 'nonexistent', formdata: {} })).status).toBe(404);
    const ok = await visitor.post('/webui/create', { emailactivation: 1, formtype: 'contact', formdata: { name: 'Lakshmi', phone: '9876512345', message: 'Sunday delivery?', sneaky: 'dropped' } });
    expect(await ok.json()).toEqual({ message: 'Thank you! We will call you back within a day.' });
    const stored = await shop().deps.db.kysely.selectFrom('webui_submissions').selectAll().where('formtype', '=', 'contact').execute();
    expect(stored.map((s) => JSON.parse(s.formdata_json))).toContainEqual({ name: 'Lakshmi', phone: '9876512345', message: 'Sunday delivery?' });
    expect((await visitor.post('/webui/create', { formtype: 'contact', formdata: { name: 'x' } }, { xsrf: false })).status).toBe(403);
  });
});
