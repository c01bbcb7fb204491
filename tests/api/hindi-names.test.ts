/**
 * Names in Hindi (docs/languages.md): with Accept-Language hi-IN the shopper's answers carry the Hindi names staff
 * gave (the demo seed gives every category, brand, item and pack size one), English where there is none, and an
 * English request is answered exactly as before. Staff edit them through the existing calls, and the audit log
 * records them.
 */
import { expect, it } from 'vitest';
import { Cart, Init, Product, ProductList, Suggestions } from '../../src/contract';
import { BosProduct } from '../../src/contract/bos-products';
import { ADMIN, send } from './bos-products-kit';
import { publishPage } from '../../src/server/services/pages';
import { describeApi, signedIn, type Visitor } from './shop';

const HI = { headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' } };
const hi = (v: Visitor, path: string) => v.request(path, HI);
const DEVANAGARI = /[\u0900-\u097f]/;

describeApi('Hindi names in the API’s answers', (shop) => {
  const db = () => shop().deps.db.kysely;
  /** A seeded product by its English name's start, with its Hindi names. */
  const seeded = (name: string) =>
    db().selectFrom('products').select(['id', 'slug', 'name', 'name_hi', 'description_hi']).where('name', 'like', `${name}%`).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();

  it('answers the product list with Hindi names (product, brand, packs) for hi-IN, and the English ones otherwise', async () => {
    const v = shop().visitor();
    const english = ProductList.parse(await (await v.get('/products?perPage=48')).json());
    const hindi = ProductList.parse(await (await hi(v, '/products?perPage=48')).json());
    expect(hindi.data.map((p) => p.product_id)).toEqual(english.data.map((p) => p.product_id));
    const names = new Map((await db().selectFrom('products').select(['id', 'name', 'name_hi']).where('id', 'in', english.data.map((p) => p.product_id)).execute()).map((r) => [r.id, r]));
    for (const [i, product] of hindi.data.entries()) {
      const row = names.get(product.product_id)!;
      expect(english.data[i]!.product_name).toBe(row.name);
      expect(product.product_name).toBe(row.name_hi ?? row.name);
    }
    // The demo names its own products in Hindi: the first page is Devanagari, packs too ("1 किलो").
    expect(hindi.data.filter((p) => DEVANAGARI.test(p.product_name)).length).toBeGreaterThan(40);
    expect(hindi.data.flatMap((p) => p.packs).some((pack) => /किलो|ग्राम|लीटर|मिली|पीस/.test(pack.pack_name))).toBe(true);
    expect(english.data.some((p) => DEVANAGARI.test(p.product_name + p.brand_name + p.packs.map((k) => k.pack_name).join()))).toBe(false);
  });

  it('answers one product in Hindi: its name, brand, description, packs and the breadcrumbs; English unchanged', async () => {
    const toor = await seeded('Desi Harvest Toor Dal');
    expect(toor.name_hi).toBe('देसी हार्वेस्ट अरहर (तूर) दाल');
    const v = shop().visitor();
    const product = Product.parse(await (await hi(v, `/products/${toor.slug}`)).json());
    expect(product.product_name).toBe('देसी हार्वेस्ट अरहर (तूर) दाल');
    expect(product.brand_name).toBe('देसी हार्वेस्ट');
    expect(product.product_description).toBe(toor.description_hi);
    expect(product.packs.map((p) => p.pack_name)).toEqual(['500 ग्राम', '1 किलो', '5 किलो']);
    expect(product.categories!.map((c) => c.name)).toEqual(['राशन', 'दालें और दलहन']);
    const english = Product.parse(await (await v.get(`/products/${toor.slug}`)).json());
    expect(english.product_name).toBe('Desi Harvest Toor Dal');
    expect(english.packs.map((p) => p.pack_name)).toEqual(['500 g', '1 kg', '5 kg']);
    expect(english.categories!.map((c) => c.name)).toEqual(['Staples', 'Dals & Pulses']);
    expect(english.product_description).not.toMatch(DEVANAGARI);
  });

  it('falls back to English where a name has no Hindi', async () => {
    const moong = await seeded('Desi Harvest Moong Dal');
    await db().updateTable('products').set({ name_hi: null, description_hi: null }).where('id', '=', moong.id).execute();
    const product = Product.parse(await (await hi(shop().visitor(), `/products/${moong.slug}`)).json());
    expect(product.product_name).toBe(moong.name);
    expect(product.product_description).not.toMatch(DEVANAGARI);
    // Its brand and packs keep their Hindi names.
    expect(product.brand_name).toBe('देसी हार्वेस्ट');
    await db().updateTable('products').set({ name_hi: moong.name_hi, description_hi: moong.description_hi }).where('id', '=', moong.id).execute();
  });

  it('names the categories and brands in init (menus, filters) in Hindi for hi-IN, kept apart from the English shell', async () => {
    const v = shop().visitor();
    // Interleaved: the shell kept per website must be kept per language too.
    const english = Init.parse(await (await v.get('/init')).json());
    const hindi = Init.parse(await (await hi(v, '/init')).json());
    const again = Init.parse(await (await v.get('/init')).json());
    expect(english.categories.map((c) => c.name)).toContain('Staples');
    expect(hindi.categories.map((c) => c.name)).toContain('राशन');
    expect(hindi.categories.find((c) => c.slug === 'staples')!.children.map((c) => c.name)).toContain('आटा और बेसन');
    expect(hindi.brands.find((b) => b.slug === 'kaveri-mills')!.name).toBe('कावेरी मिल्स');
    expect(again.categories.map((c) => c.name)).toEqual(english.categories.map((c) => c.name));
    expect(again.brands.find((b) => b.slug === 'kaveri-mills')!.name).toBe('Kaveri Mills');
  });

  it('names the cart’s lines in the request’s language', async () => {
    const toor = await seeded('Desi Harvest Toor Dal');
    const v = await shop().visitor().start();
    const product = Product.parse(await (await v.get(`/products/${toor.slug}`)).json());
    const pack = product.packs.find((p) => p.in_stock)!;
    const [hindiPack, englishPack] = [{ '500 g': '500 ग्राम', '1 kg': '1 किलो', '5 kg': '5 किलो' }[pack.pack_name]!, pack.pack_name];
    const added = await v.post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id });
    expect(added.status, await added.clone().text()).toBe(200);
    const hindi = Cart.parse(await (await hi(v, '/cart')).json());
    expect(hindi.items.map((i) => [i.name, i.pack])).toEqual([['देसी हार्वेस्ट अरहर (तूर) दाल', hindiPack]]);
    const english = Cart.parse(await (await v.get('/cart')).json());
    expect(english.items.map((i) => [i.name, i.pack])).toEqual([['Desi Harvest Toor Dal', englishPack]]);
  });

  it('finds products by their Hindi names, and suggests them by their Hindi names on a Hindi page', async () => {
    const v = shop().visitor();
    const found = ProductList.parse(await (await hi(v, `/products?q=${encodeURIComponent('अरहर')}`)).json());
    expect(found.data.filter((p) => p.product_name.includes('अरहर')).length).toBeGreaterThanOrEqual(3);
    expect(found.data[0]!.product_name).toContain('अरहर');
    const suggested = Suggestions.parse(await (await hi(v, `/search/suggest?q=${encodeURIComponent('अरहर')}`)).json());
    expect(suggested.products.map((p) => p.name)).toContain('देसी हार्वेस्ट अरहर (तूर) दाल');
    const inEnglish = Suggestions.parse(await (await v.get('/search/suggest?q=toor')).json());
    expect(inEnglish.products.map((p) => p.name)).toContain('Desi Harvest Toor Dal');
    const answer = await hi(v, '/search/suggest?q=toor');
    expect(answer.headers.get('vary')).toMatch(/accept-language/i);
    expect(Suggestions.parse(await answer.json()).products.map((p) => p.name)).toContain('देसी हार्वेस्ट अरहर (तूर) दाल');
  });

  it('saves a staff edit of the Hindi name (audited), shown at once to Hindi requests and to search', async () => {
    const besan = await seeded('Kaveri Mills Besan');
    const admin = await signedIn(shop(), ADMIN);
    const read = BosProduct.parse(await (await admin.get(`/bos/products/${besan.id}`)).json());
    expect(read.name_hi).toBe('कावेरी मिल्स बेसन');
    const body = {
      name: read.name, slug: read.slug, description: read.description, name_hi: 'कावेरी मिल्स चने का बेसन', description_hi: 'बारीक पिसा चने का बेसन।',
      category_id: read.category.id, brand_id: read.brand.id, supplier_id: read.supplier?.id ?? null, images: read.images, status: read.status,
      packs: read.packs.map((p) => ({ id: p.id, name: p.name, name_hi: p.name_hi, price: p.price, mrp: p.mrp, max_per_order: p.max_per_order, barcode: p.barcode, active: p.active, warehouse_id: p.warehouse_id })),
      updated_at: read.updated_at,
    };
    const saved = await send(admin, 'PUT', `/bos/products/${besan.id}`, body);
    expect(saved.status).toBe(200);
    const shown = Product.parse(await (await hi(shop().visitor(), `/products/${besan.slug}`)).json());
    expect(shown.product_name).toBe('कावेरी मिल्स चने का बेसन');
    expect(shown.product_description).toContain('बारीक पिसा चने का बेसन।');
    const found = ProductList.parse(await (await hi(shop().visitor(), `/products?q=${encodeURIComponent('चने')}`)).json());
    expect(found.data.map((p) => p.product_id)).toContain(besan.id);
    const audit = await db().selectFrom('staff_audit').select(['before_json', 'after_json']).where('subject_kind', '=', 'product').where('subject_id', '=', besan.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).name_hi).toBe('कावेरी मिल्स बेसन');
    expect(JSON.parse(audit.after_json!).name_hi).toBe('कावेरी मिल्स चने का बेसन');
    // A body without the Hindi fields (an import) keeps them; a blank one clears the name (English shows).
    const { name_hi: _n, description_hi: _d, updated_at: _u, ...withoutHindi } = body;
    expect((await send(admin, 'PUT', `/bos/products/${besan.id}`, withoutHindi)).status).toBe(200);
    expect((await db().selectFrom('products').select('name_hi').where('id', '=', besan.id).executeTakeFirstOrThrow()).name_hi).toBe('कावेरी मिल्स चने का बेसन');
    expect((await send(admin, 'PUT', `/bos/products/${besan.id}`, { ...withoutHindi, name_hi: '' })).status).toBe(200);
    expect(Product.parse(await (await hi(shop().visitor(), `/products/${besan.slug}`)).json()).product_name).toBe('Kaveri Mills Besan');
  });

  it('saves the Hindi names of a category and a brand through the staff calls, shown to Hindi requests', async () => {
    const admin = await signedIn(shop(), ADMIN);
    const brand = await db().selectFrom('brands').selectAll().where('slug', '=', 'swaad').executeTakeFirstOrThrow();
    const edited = await send(admin, 'PUT', `/bos/brands/${brand.id}`, { name: brand.name, name_hi: 'स्वाद फ़ूड्स', slug: brand.slug, logo: brand.logo ?? '' });
    expect(edited.status).toBe(200);
    expect((await edited.json()).name_hi).toBe('स्वाद फ़ूड्स');
    const category = await db().selectFrom('categories').selectAll().where('slug', '=', 'tea').executeTakeFirstOrThrow();
    const renamed = await send(admin, 'PUT', `/bos/categories/${category.id}`, { name: category.name, name_hi: 'चाय पत्ती', slug: category.slug, avatar: category.avatar ?? '' });
    expect(renamed.status).toBe(200);
    const init = Init.parse(await (await hi(shop().visitor(), '/init')).json());
    expect(init.brands.find((b) => b.slug === 'swaad')!.name).toBe('स्वाद फ़ूड्स');
    expect(init.categories.find((c) => c.slug === 'beverages')!.children.find((c) => c.slug === 'tea')!.name).toBe('चाय पत्ती');
    const audit = await db().selectFrom('staff_audit').select('after_json').where('subject_kind', '=', 'category').where('subject_id', '=', category.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!).name_hi).toBe('चाय पत्ती');
  });

  it('publishes a page’s Hindi title and SEO words, answered to Hindi requests (menus’ page list, the page’s SEO), kept apart', async () => {
    const website = await db().selectFrom('websites').select('id').orderBy('id').executeTakeFirstOrThrow();
    await publishPage(db(), website.id, {
      url: '/hindi-names-test', title: 'Monsoon sale', title_hi: 'मानसून सेल', seo_title: 'Monsoon sale on groceries', seo_title_hi: 'किराने पर मानसून सेल',
      seo_description: 'Big savings', components: [],
    });
    const v = shop().visitor();
    const english = await (await v.get('/page/data/hindi-names-test')).json();
    const hindi = await (await hi(v, '/page/data/hindi-names-test')).json();
    expect([english.seo_title, hindi.seo_title]).toEqual(['Monsoon sale on groceries', 'किराने पर मानसून सेल']);
    // No Hindi description given: the English one.
    expect(hindi.seo_description).toBe('Big savings');
    const pages = Init.parse(await (await hi(v, '/init')).json()).webPages;
    expect(pages.find((p) => p.url === '/hindi-names-test')!.title).toBe('मानसून सेल');
    expect(Init.parse(await (await v.get('/init')).json()).webPages.find((p) => p.url === '/hindi-names-test')!.title).toBe('Monsoon sale');
  });
});
