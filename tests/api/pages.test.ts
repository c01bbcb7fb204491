import { expect, it } from 'vitest';
import { PageData, type Product } from '../../src/contract';
import { publishPage } from '../../src/server/services/pages';
import { describeApi, type TestShop, type Visitor } from './shop';

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

  it('answers the home page at /page/data/ too (the product\'s /api/page/data{path} for /)', async () => {
    const bare = await shop().visitor().get('/page/data');
    const slashed = await shop().visitor().get('/page/data/');
    expect(slashed.status).toBe(200);
    expect(PageData.parse(await slashed.json())).toEqual(PageData.parse(await bare.json()));
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
    expect(page.show_navbar).toBe(true);
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

  it("shows a carousel product's new name and its going out of stock from the first call after the change (the page cache renders then)", async () => {
    const db = shop().deps.db.kysely;
    const carousel = async () => PageData.parse(await (await shop().visitor().get('/page/data')).json()).data[2]!.response as Product[];
    const product = (await carousel())[0]!;
    await db.updateTable('products').set({ name: 'Carousel Cache Test' }).where('id', '=', product.product_id).execute();
    expect((await carousel()).find((p) => p.product_id === product.product_id)?.product_name).toBe('Carousel Cache Test');
    await db.updateTable('packs').set({ stock: 0 }).where('product_id', '=', product.product_id).execute();
    const after = (await carousel()).find((p) => p.product_id === product.product_id);
    expect(after?.packs.every((k) => !k.in_stock) ?? true).toBe(true);
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


async function signedInAs(shop: TestShop, phone: string): Promise<Visitor> {
  const v = await shop.visitor().start();
  await v.post('/auth/login', { identifier: phone });
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${phone}`)).json();
  await v.post('/auth/verify', { code: /\b(\d{6})\b/.exec(messages[0].text)![1] });
  return v;
}

describeApi('the page builder API', (shop) => {
  const good = { url: '/monsoon', title: 'Monsoon', components: [{ name: 'Intro', type: 'rich_html', data: { html: '<p>Rainy day snacks</p>' } }] };
  it('is for holders of website_setting:view: 401 for visitors, 403 for shoppers', async () => {
    expect((await shop().visitor().start().then((v) => v.post('/pages/check', good))).status).toBe(401);
    expect((await (await signedInAs(shop(), '9876500001')).post('/pages/check', good)).status).toBe(403);
  });
  it('checks with every problem by path, and publishes only valid pages', async () => {
    const admin = await signedInAs(shop(), '9876500003');
    const bad = { ...good, components: [{ name: 'Hero', type: 'hero', data: { slides: [] } }] };
    const checked = await admin.post('/pages/check', bad);
    expect(checked.status).toBe(400);
    expect(await checked.json()).toEqual({
      valid: false,
      message: 'components.0.data.slides: Slides needs at least 1 item',
      problems: ['components.0.data.slides: Slides needs at least 1 item'],
      errors: { 'components.0.data.slides': ['Slides needs at least 1 item'] },
    });
    expect((await admin.post('/pages/publish', bad)).status).toBe(400);
    expect((await shop().visitor().get('/page/data/monsoon')).status).toBe(404);
    expect(await (await admin.post('/pages/publish', good)).json()).toEqual({ valid: true, problems: [] });
    expect((await shop().visitor().get('/page/data/monsoon')).status).toBe(200);
  });
  it('refuses a page naming a category, brand, product, supplier or form this website lacks, by field path, and keeps the live page', async () => {
    const admin = await signedInAs(shop(), '9876500003');
    const before = await (await shop().visitor().get('/page/data')).json();
    const page = {
      url: '/',
      title: 'Home',
      components: [
        { name: 'Nuts', type: 'product_carousel', data: { category: 'no-such-category' } },
        { name: 'Picks', type: 'product_grid', data: { products: ['kaveri-mills-whole-wheat-atta', 'no-such-product'] } },
        { name: 'Brand', type: 'product_carousel', data: { brand: 'no-such-brand' } },
        { name: 'Brands', type: 'brand_carousel', data: { brands: ['no-such-brand'] } },
        { name: 'Aisles', type: 'category_carousel', data: { categories: ['staples', 'nowhere'] } },
        { name: 'Makers', type: 'supplier_carousel', data: { suppliers: ['no-such-supplier'] } },
        { name: 'Form', type: 'dynamic_form', data: { formtype: 'contact', fields: [{ name: 'name', label: 'Name' }] } },
      ],
    };
    const errors = {
      'components.0.data.category': ['No category "no-such-category" on this website'],
      'components.1.data.products.1': ['No product "no-such-product" on this website'],
      'components.2.data.brand': ['No brand "no-such-brand" on this website'],
      'components.3.data.brands.0': ['No brand "no-such-brand" on this website'],
      'components.4.data.categories.1': ['No category "nowhere" on this website'],
      'components.5.data.suppliers.0': ['No supplier "no-such-supplier" on this website'],
      'components.6.data.formtype': ['The form "contact" is already on the page /contact: give this form its own formtype'],
    };
    for (const call of ['/pages/check', '/pages/publish']) {
      const response = await admin.post(call, page);
      expect(response.status, call).toBe(400);
      expect(await response.json(), call).toMatchObject({ valid: false, message: 'components.0.data.category: No category "no-such-category" on this website', errors });
    }
    expect(await (await shop().visitor().get('/page/data')).json()).toEqual(before);
    const fine = { url: '/picks', title: 'Picks', components: [page.components[1]!, page.components[4]!].map((c) => ({ ...c, data: { ...c.data, products: ['kaveri-mills-whole-wheat-atta'], categories: ['staples'] } })) };
    expect(await (await admin.post('/pages/publish', fine)).json()).toEqual({ valid: true, problems: [] });
  });
  it('refuses script, data and other-host URLs in slides, banners and images with a field error, and publishes nothing', async () => {
    const admin = await signedInAs(shop(), '9876500003');
    const hostile = {
      url: '/rainy',
      title: 'Monsoon',
      components: [
        { name: 'Hero', type: 'hero', data: { slides: [{ image: '/a.png', link: '  JaVa\tScRiPt:alert(1)' }, { image: 'javascript:alert(1)', image_sm: '//evil.example/x.png', link: '/offers' }] } },
        { name: 'Banner', type: 'image_banner', data: { image: '/b.png', link: 'java\u0000script:alert(1)', alt: 'x' } },
        { name: 'Banner 2', type: 'image_banner', data: { image: 'data:image/svg+xml,<svg/>', link: 'mailto:a@example.com', alt: 'x' } },
      ],
    };
    for (const call of ['/pages/check', '/pages/publish']) {
      const response = await admin.post(call, hostile);
      expect(response.status, call).toBe(400);
      const body = await response.json();
      expect(Object.keys(body.errors).sort(), call).toEqual([
        'components.0.data.slides.0.link',
        'components.0.data.slides.1.image',
        'components.0.data.slides.1.image_sm',
        'components.1.data.link',
        'components.2.data.image',
        'components.2.data.link',
      ]);
      // A tab hidden in a link is a control character in a one-line field: the text rule refuses it first.
      expect(body.errors['components.0.data.slides.0.link'], call).toEqual(['Link must not contain control characters']);
      expect(body.errors['components.2.data.link'], call).toEqual(['link must be a path starting with /, or an http, https or www address']);
      expect(body.message, call).toMatch(/^components\.0\.data\.slides\.0\.link: /);
    }
    expect((await shop().visitor().get('/page/data/rainy')).status).toBe(404);
    const fine = { ...hostile, components: [{ name: 'Hero', type: 'hero', data: { slides: [{ image: 'https://cdn.example/a.png', link: 'www.example.com', alt: 'Monsoon offers' }, { image: '/a.png', link: '' }] } }] };
    expect((await admin.post('/pages/publish', fine)).status).toBe(200);
  });
});
