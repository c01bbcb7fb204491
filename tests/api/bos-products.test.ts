/**
 * The back office's products on both backends (docs/back-office-products.md): who may call, creating and saving
 * products with every rule and refusal (slug, barcode, price and MRP, references, packs on orders, a stale edit),
 * hiding instead of deleting, the quick edit, the list's search and filters, the audit rows, and that every
 * change is live at once: the listing's "Biggest discount" order, the product's page, its card and the cart line
 * after a price change; search and suggestions after a rename; the old address's 301 and the sitemap after a slug
 * change; the page generation after each.
 */
import { expect, it } from 'vitest';
import { Cart, PageData, Product, ProductList, Suggestions } from '../../src/contract';
import { publishPage } from '../../src/server/services/pages';
import { BosPack, BosProduct, BosProductList, BosProductOptions, BosProductRemoved } from '../../src/contract/bos-products';
import { readPageGeneration } from '../../src/server/db/page-generation';
import { ADMIN, productsKit, send, staffWith, uniqueWord } from './bos-products-kit';
import { orderKit } from './order-kit';
import { describeApi, signedIn, type Visitor } from './shop';
import { sitemapEntries } from './xml-check';

describeApi('back office: products', (shop) => {
  const { db, references, body, create, save, auditRows, ledger, level } = productsKit(shop);
  const orders = orderKit(shop);
  let signedInAdmin: Promise<Visitor> | undefined;
  const admin = () => (signedInAdmin ??= signedIn(shop(), ADMIN));
  const generation = () => readPageGeneration(db());
  const productCount = async () => Number((await db().selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const shopperProduct = (slug: string) => shop().visitor().get(`/products/${encodeURIComponent(slug)}`);
  const list = async (v: Visitor, query: string) => {
    const r = await v.get(`/bos/products?${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return BosProductList.parse(await r.json());
  };

  it('answers 401 signed out and 403 to shoppers and to staff without catalogue:manage, changing nothing', async () => {
    const product = await create(await admin(), `${uniqueWord()} Guarded`);
    const pack = product.packs[0]!;
    const [anonymous, shopper, ordersOnly] = [await shop().visitor().start(), await signedIn(shop(), '9876500001'), await staffWith(shop(), ['order:manage', 'order:view'])];
    const everyCall = (v: Visitor) => [
      v.get('/bos/products'),
      v.get('/bos/products/options'),
      v.get(`/bos/products/${product.id}`),
      v.post('/bos/products', { name: 'Sneaky' }),
      send(v, 'PUT', `/bos/products/${product.id}`, { name: 'Sneaky' }),
      send(v, 'DELETE', `/bos/products/${product.id}`),
      send(v, 'PUT', `/bos/packs/${pack.id}`, { price: 1 }),
    ];
    for (const [v, status] of [[anonymous, 401], [shopper, 403], [ordersOnly, 403]] as const) {
      const answers = await Promise.all(everyCall(v));
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => status));
    }
    const after = BosProduct.parse(await (await (await admin()).get(`/bos/products/${product.id}`)).json());
    expect(after).toEqual(product);
  });

  it('creates a product with its packs: a slug from the name, opening stock in the ledger, one audit row, and the shop shows it at once', async () => {
    const v = await admin();
    const ref = await references();
    const word = uniqueWord('Kesari');
    const before = await generation();
    const product = await create(v, `${word} Toor Dal`, {
      description: '<p>Unpolished <strong>toor</strong> dal.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/media/dal-800.webp" onerror="alert(1)">',
      images: [{ src: '/media/dal-800.webp' }, { src: 'https://cdn.example.com/dal.jpg' }],
      packs: [
        { name: '1 kg', price: 15000, mrp: 18000, max_per_order: 5, barcode: '8901058000290', active: true, warehouse_id: ref.blr, opening_stock: 25 },
        { name: '1 kg', price: 15500, mrp: 18000, max_per_order: 5, barcode: '8901058000290', active: true, warehouse_id: ref.other },
      ],
    });
    expect(product).toMatchObject({ slug: `${word.toLowerCase()}-toor-dal`, status: 'active', on_orders: false, old_slugs: [], url: `/products/${word.toLowerCase()}-toor-dal` });
    expect(product.description).toBe('<p>Unpolished <strong>toor</strong> dal.</p><a>x</a><img src="/media/dal-800.webp" />');
    expect(product.images).toEqual([{ src: '/media/dal-800.webp' }, { src: 'https://cdn.example.com/dal.jpg' }]);
    expect(product.packs.map((p) => [p.name, p.price, p.mrp, p.barcode, p.warehouse_id, p.stock.map((s) => s.level)])).toEqual([
      ['1 kg', 15000, 18000, '8901058000290', ref.blr, [25]],
      ['1 kg', 15500, 18000, '8901058000290', ref.other, [0]],
    ]);
    expect(product.packs[0]!.stock[0]!.warehouse_name).not.toBe('');
    for (const pack of product.packs) {
      expect((await ledger(pack.id)).map((e) => [e.reason, e.change, e.level_after])).toEqual([['opening', pack.stock[0]!.level, pack.stock[0]!.level]]);
    }
    const audit = await auditRows('product', product.id);
    expect(audit.map((a) => a.action)).toEqual(['product.created']);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ name: `${word} Toor Dal`, packs: [{ price: 15000, mrp: 18000 }, { price: 15500 }] });
    expect(audit[0]!.before_json).toBe('null');
    expect(await generation()).toBeGreaterThan(before);

    const page = Product.parse(await (await shopperProduct(product.slug)).json());
    expect(page.packs.map((p) => [p.price, p.act_price, p.discount, p.in_stock])).toEqual([[150, 180, 16, true], [155, 180, 13, false]]);
    const found = ProductList.parse(await (await shop().visitor().get(`/products?q=${word}`)).json());
    expect(found.data.map((p) => p.product_id)).toEqual([product.id]);
    const suggested = Suggestions.parse(await (await shop().visitor().get(`/search/suggest?q=${word.slice(0, 5)}`)).json());
    expect(suggested.products.map((s) => s.name)).toContain(`${word} Toor Dal`);
  });

  it('keeps slugs unique: a taken one is refused (409) and nothing is made; one made from a name is numbered', async () => {
    const v = await admin();
    const name = `${uniqueWord()} Sona Masoori`;
    const first = await create(v, name);
    const second = await create(v, name);
    expect(second.slug).toBe(`${first.slug}-2`);
    const count = await productCount();
    const taken = await v.post('/bos/products', await body(`${uniqueWord()} Other`, { slug: first.slug }));
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.slug[0]).toContain(name);
    expect(await productCount()).toBe(count);
    const onSave = await send(v, 'PUT', `/bos/products/${second.id}`, { ...(await body(name)), slug: first.slug });
    expect(onSave.status).toBe(409);
    expect((await onSave.json()).errors).toHaveProperty('slug');
    const bad = await v.post('/bos/products', await body('Bad slug', { slug: 'Bad Slug!' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty('slug');
  });

  it('refuses a bad barcode, a price above the MRP, a maximum per order out of bounds and references that do not exist, by field, changing nothing', async () => {
    const v = await admin();
    const ref = await references();
    const pack = { name: '500 g', price: 9000, mrp: 10000, max_per_order: 10, active: true, warehouse_id: ref.blr };
    const count = await productCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ packs: [{ ...pack, barcode: '8901058000291' }] }, 400, 'packs.0.barcode'],
      [{ packs: [{ ...pack, barcode: '12345' }] }, 400, 'packs.0.barcode'],
      [{ packs: [pack, { ...pack, price: 10001 }] }, 400, 'packs.1.price'],
      [{ packs: [{ ...pack, max_per_order: 0 }] }, 400, 'packs.0.max_per_order'],
      [{ packs: [{ ...pack, max_per_order: 51 }] }, 400, 'packs.0.max_per_order'],
      [{ packs: [{ ...pack, price: 90.5 }] }, 400, 'packs.0.price'],
      [{ packs: [] }, 400, 'packs'],
      [{ name: '' }, 400, 'name'],
      [{ images: [{ src: 'javascript:alert(1)' }] }, 400, 'images.0.src'],
      [{ category_id: 999_999 }, 422, 'category_id'],
      [{ brand_id: 999_999 }, 422, 'brand_id'],
      [{ supplier_id: 999_999 }, 422, 'supplier_id'],
      [{ packs: [{ ...pack, warehouse_id: 999_999 }] }, 422, 'packs.0.warehouse_id'],
    ];
    for (const [change, status, field] of cases) {
      const r = await v.post('/bos/products', { ...(await body(`${uniqueWord()} Refused`)), ...change });
      expect([r.status, field], JSON.stringify(change)).toEqual([status, field]);
      expect(Object.keys((await r.json()).errors ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect(await productCount()).toBe(count);
  });

  it('re-prices everywhere at once: "Biggest discount" re-sorts, and the product page, the listing card and the cart line show the new price', async () => {
    const v = await admin();
    const word = uniqueWord('Rasam');
    const small = await create(v, `${word} Powder Small`, { packs: [{ name: '100 g', price: 9000, mrp: 10000, max_per_order: 10, active: true, warehouse_id: (await references()).blr, opening_stock: 30 }] });
    const big = await create(v, `${word} Powder Big`, { packs: [{ name: '100 g', price: 8000, mrp: 10000, max_per_order: 10, active: true, warehouse_id: (await references()).blr, opening_stock: 30 }] });
    const byDiscount = async () => ProductList.parse(await (await shop().visitor().get(`/products?q=${word}&s=discount`)).json());
    expect((await byDiscount()).data.map((p) => p.product_id)).toEqual([big.id, small.id]);

    const shopper = await orders.shopper();
    await orders.add(shopper, { id: small.packs[0]!.id, warehouse_id: small.packs[0]!.warehouse_id, price_paise: 9000 }, 2);
    const before = await generation();
    const saved = await save(v, small, (b) => ({ ...b, packs: b.packs.map((p) => ({ ...p, price: 5000 })) }));
    expect(saved.packs[0]!.price).toBe(5000);
    expect(await generation()).toBeGreaterThan(before);

    const listing = await byDiscount();
    expect(listing.data.map((p) => p.product_id)).toEqual([small.id, big.id]);
    expect(listing.data[0]!.packs[0]).toMatchObject({ price: 50, act_price: 100, discount: 50 });
    const { min_price_paise, discount_pct } = await db().selectFrom('products').select(['min_price_paise', 'discount_pct']).where('id', '=', small.id).executeTakeFirstOrThrow();
    expect([min_price_paise, discount_pct]).toEqual([5000, 50]);
    expect(Product.parse(await (await shopperProduct(small.slug)).json()).packs[0]).toMatchObject({ price: 50, act_price: 100 });
    const cart = Cart.parse(await (await shopper.get('/cart')).json());
    expect(cart.items.find((i) => i.pack_id === small.packs[0]!.id)).toMatchObject({ price: 50, amount: 100 });
  });

  it('renames: search and suggestions find the new name at once, not the old one', async () => {
    const v = await admin();
    const [oldWord, newWord] = [uniqueWord('Quorn'), uniqueWord('Vellum')];
    const product = await create(v, `${oldWord} Jaggery`);
    await save(v, product, (b) => ({ ...b, name: `${newWord} Jaggery` }));
    const search = async (q: string) => ProductList.parse(await (await shop().visitor().get(`/products?q=${q}`)).json()).data.map((p) => p.product_id);
    expect(await search(newWord)).toEqual([product.id]);
    expect(await search(oldWord)).toEqual([]);
    const suggested = Suggestions.parse(await (await shop().visitor().get(`/search/suggest?q=${newWord.slice(0, 6)}`)).json());
    expect(suggested.products.map((s) => s.name)).toEqual([`${newWord} Jaggery`]);
    const vocabulary = await db().selectFrom('search_words').select('word').where('word', '=', newWord.toLowerCase()).execute();
    expect(vocabulary).toHaveLength(1);
  });

  it('a changed slug: the old address answers 301 to the new, the sitemap lists the new one only, and taking the old one back ends the redirect', async () => {
    const v = await admin();
    const product = await create(v, `${uniqueWord()} Idli Rava`);
    // A page of the page builder that names the product by its slug.
    const picks = `/picks-${product.slug}`;
    await publishPage(db(), 1, { url: picks, title: 'Picks', components: [{ name: 'Picks', type: 'product_grid', data: { products: [product.slug] } }] });
    const newSlug = `${product.slug}-fresh`;
    const saved = await save(v, product, (b) => ({ ...b, slug: newSlug }));
    expect(saved).toMatchObject({ slug: newSlug, old_slugs: [product.slug] });

    const moved = await shopperProduct(product.slug);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/s/api/products/${newSlug}`);
    expect(await moved.json()).toMatchObject({ slug: newSlug });
    expect((await shopperProduct(newSlug)).status).toBe(200);
    const page = PageData.parse(await (await shop().visitor().get(`/page/data${picks}`)).json());
    expect((page.data[0]!.response as Product[]).map((p) => [p.product_id, p.slug])).toEqual([[product.id, newSlug]]);

    const locs = sitemapEntries(await (await shop().visitor().get('/crawlers/sitemap.xml')).text()).map((e) => e.loc);
    expect(locs).toContain(`http://localhost/products/${newSlug}`);
    expect(locs).not.toContain(`http://localhost/products/${product.slug}`);

    // Renamed twice: the first address leads to the latest.
    const again = await save(v, saved, (b) => ({ ...b, slug: `${product.slug}-best` }));
    expect((await shopperProduct(product.slug)).headers.get('location')).toBe(`/s/api/products/${product.slug}-best`);
    const back = await save(v, again, (b) => ({ ...b, slug: product.slug }));
    expect(back.old_slugs.sort()).toEqual([`${product.slug}-best`, newSlug].sort());
    expect((await shopperProduct(product.slug)).status).toBe(200);
    // A hidden product's old address leads nowhere.
    await save(v, back, (b) => ({ ...b, status: 'hidden' }));
    expect((await shopperProduct(newSlug)).status).toBe(404);
  });

  it('refuses a save on a product changed since it was read (409), and a pack of another product or moved to another warehouse (422)', async () => {
    const v = await admin();
    const ref = await references();
    const product = await create(v, `${uniqueWord()} Poha`);
    const other = await create(v, `${uniqueWord()} Sabudana`);
    await save(v, product, (b) => ({ ...b, name: `${b.name} Thick` }));
    const stale = await send(v, 'PUT', `/bos/products/${product.id}`, { ...(await body('Stale')), updated_at: product.updated_at });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/saved this product after you opened it/);
    const [fresh] = [BosProduct.parse(await (await v.get(`/bos/products/${product.id}`)).json())];
    const foreign = await send(v, 'PUT', `/bos/products/${product.id}`, { ...(await body('x')), packs: [{ ...other.packs[0]!, id: other.packs[0]!.id, stock: undefined }] });
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).errors).toHaveProperty(['packs.0.id']);
    const movedPack = fresh.packs.map((p) => ({ id: p.id, name: p.name, price: p.price, mrp: p.mrp, max_per_order: p.max_per_order, active: true, warehouse_id: ref.other }));
    const elsewhere = await send(v, 'PUT', `/bos/products/${product.id}`, { ...(await body(fresh.name)), packs: movedPack });
    expect(elsewhere.status).toBe(422);
    expect((await elsewhere.json()).errors).toHaveProperty(['packs.0.warehouse_id']);
    expect(BosProduct.parse(await (await v.get(`/bos/products/${product.id}`)).json())).toEqual(fresh);
    expect((await v.get('/bos/products/999999')).status).toBe(404);
    expect((await send(v, 'PUT', '/bos/products/999999', await body('Nothing'))).status).toBe(404);
  });

  it('removes a pack no order holds; one an order holds is refused (409) and may be made inactive, which takes it off the shop', async () => {
    const v = await admin();
    const ref = await references();
    const twoPacks = [
      { name: '500 g', price: 5000, mrp: 5000, max_per_order: 10, active: true, warehouse_id: ref.blr, opening_stock: 20 },
      { name: '1 kg', price: 9000, mrp: 10000, max_per_order: 10, active: true, warehouse_id: ref.blr, opening_stock: 20 },
      { name: '2 kg', price: 17000, mrp: 20000, max_per_order: 10, active: true, warehouse_id: ref.blr, opening_stock: 20 },
    ];
    const product = await create(v, `${uniqueWord()} Besan`, { packs: twoPacks });
    const [small, middle, large] = product.packs;
    const shopper = await orders.shopper();
    await orders.add(shopper, { id: small!.id, warehouse_id: ref.blr, price_paise: 5000 }, 2);
    await orders.placed(shopper);

    const removing = await send(v, 'PUT', `/bos/products/${product.id}`, { ...(await body(product.name)), slug: product.slug, packs: [{ id: middle!.id, ...twoPacks[1] }].map(({ opening_stock: _o, ...p }) => p) });
    expect(removing.status).toBe(409);
    expect((await removing.json()).errors.packs[0]).toMatch(/^500 g: orders hold this pack.*inactive instead/);

    const saved = await save(v, product, (b) => ({ ...b, packs: b.packs.filter((p) => p.id !== large!.id).map((p) => (p.id === small!.id ? { ...p, active: false } : p)) }));
    expect(saved.packs.map((p) => [p.name, p.active])).toEqual([['500 g', false], ['1 kg', true]]);
    expect(await db().selectFrom('packs').select('id').where('id', '=', large!.id).executeTakeFirst()).toBeUndefined();
    const page = Product.parse(await (await shopperProduct(product.slug)).json());
    expect(page.packs.map((p) => p.pack_name)).toEqual(['1 kg']);
    const other = await orders.shopper();
    expect((await other.post('/cart/add', { pack_id: small!.id, warehouse_id: ref.blr, quantity: 1 })).status).toBe(404);
    expect(await db().selectFrom('products').select(['min_price_paise']).where('id', '=', product.id).executeTakeFirstOrThrow()).toEqual({ min_price_paise: 9000 });
  });

  it('raises the page generation when only a column migration 0030 added changes (a pack’s active flag or barcode, a product’s updated_at)', async () => {
    const product = await create(await admin(), `${uniqueWord()} Triggers`);
    const pack = product.packs[0]!;
    const rise = async (change: () => Promise<unknown>) => {
      const before = await generation();
      await change();
      return (await generation()) - before;
    };
    expect(await rise(() => db().updateTable('packs').set({ is_active: 0 }).where('id', '=', pack.id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('packs').set({ barcode: '4006381333931' }).where('id', '=', pack.id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('products').set({ updated_at: new Date(0).toISOString() }).where('id', '=', product.id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('packs').set({ barcode: '4006381333931' }).where('id', '=', pack.id).execute())).toBe(0);
  });

  it('deletes a product no order holds, hides one that orders hold (the shop no longer shows it), each with its audit row', async () => {
    const v = await admin();
    const unsold = await create(v, `${uniqueWord()} Unsold`);
    const removed = BosProductRemoved.parse(await (await send(v, 'DELETE', `/bos/products/${unsold.id}`)).json());
    expect(removed.outcome).toBe('deleted');
    expect((await v.get(`/bos/products/${unsold.id}`)).status).toBe(404);
    expect(await ledger(unsold.packs[0]!.id)).toEqual([]);
    expect((await auditRows('product', unsold.id)).map((a) => a.action)).toEqual(['product.created', 'product.deleted']);

    const sold = await create(v, `${uniqueWord()} Sold`);
    const shopper = await orders.shopper();
    await orders.add(shopper, { id: sold.packs[0]!.id, warehouse_id: sold.packs[0]!.warehouse_id, price_paise: 9000 }, 2);
    await orders.placed(shopper);
    expect(BosProduct.parse(await (await v.get(`/bos/products/${sold.id}`)).json()).on_orders).toBe(true);
    const hidden = BosProductRemoved.parse(await (await send(v, 'DELETE', `/bos/products/${sold.id}`)).json());
    expect(hidden).toMatchObject({ outcome: 'hidden', message: expect.stringContaining('hidden instead of deleted') });
    expect(BosProduct.parse(await (await v.get(`/bos/products/${sold.id}`)).json()).status).toBe('hidden');
    expect((await shopperProduct(sold.slug)).status).toBe(404);
    expect((await auditRows('product', sold.id)).map((a) => a.action)).toEqual(['product.created', 'product.hidden']);
    expect((await send(v, 'DELETE', '/bos/products/999999')).status).toBe(404);
  });

  it('quick edit: a pack’s price and counted level in one call, the count a ledger entry of the difference, one audit row; a price above the MRP refused', async () => {
    const v = await admin();
    const word = uniqueWord('Methi');
    const product = await create(v, `${word} Leaves`);
    const pack = product.packs[0]!;
    const r = await send(v, 'PUT', `/bos/packs/${pack.id}`, { price: 7000, level: 12, note: 'Morning count' });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(BosPack.parse(await r.json())).toMatchObject({ id: pack.id, price: 7000, mrp: 10000, stock: [{ level: 12 }] });
    expect((await ledger(pack.id)).map((e) => [e.reason, e.change, e.level_after, e.note])).toEqual([['opening', 40, 40, null], ['count', -28, 12, 'Morning count']]);
    const audit = await auditRows('pack', pack.id);
    expect(audit.map((a) => [a.action, JSON.parse(a.before_json!), a.reason])).toEqual([['pack.updated', { price: 9000, mrp: 10000, level: 40 }, 'Morning count']]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ price: 7000, mrp: 10000, level: 12 });
    const card = ProductList.parse(await (await shop().visitor().get(`/products?q=${word}`)).json()).data[0]!;
    expect(card.packs[0]).toMatchObject({ price: 70, discount: 30 });

    const above = await send(v, 'PUT', `/bos/packs/${pack.id}`, { price: 10001 });
    expect(above.status).toBe(400);
    expect((await above.json()).errors).toHaveProperty('price');
    const mrpBelow = await send(v, 'PUT', `/bos/packs/${pack.id}`, { mrp: 6000 });
    expect(mrpBelow.status).toBe(400);
    expect((await mrpBelow.json()).errors).toHaveProperty('mrp');
    expect((await send(v, 'PUT', `/bos/packs/${pack.id}`, {})).status).toBe(400);
    expect((await send(v, 'PUT', `/bos/packs/${pack.id}`, { level: -1 })).status).toBe(400);
    expect((await send(v, 'PUT', '/bos/packs/999999', { price: 100 })).status).toBe(404);
    expect(await level(pack.id)).toBe(12);
    expect(await auditRows('pack', pack.id)).toHaveLength(1);
  });

  it('lists with search (name, slug, barcode, number), category with those below it, brand, status, low stock and pages of at most 100', async () => {
    const v = await admin();
    const ref = await references();
    const word = uniqueWord('Kokum');
    const low = await create(v, `${word} Syrup`, { packs: [{ name: '750 ml', price: 20000, mrp: 20000, max_per_order: 5, barcode: '5901234123457', active: true, warehouse_id: ref.blr, opening_stock: 3 }] });
    const plenty = await create(v, `${word} Candy`);
    const hidden = await create(v, `${word} Sherbet`, { status: 'hidden' });

    expect((await list(v, `q=${word}`)).data.map((p) => p.id)).toEqual([hidden.id, plenty.id, low.id]);
    expect((await list(v, `q=${word.toUpperCase()}&sort=name`)).data.map((p) => p.name)).toEqual([`${word} Candy`, `${word} Sherbet`, `${word} Syrup`]);
    expect((await list(v, 'q=5901234123457')).data.map((p) => p.id)).toEqual([low.id]);
    expect((await list(v, `q=${low.id}`)).data.map((p) => p.id)).toContain(low.id);
    expect((await list(v, `q=${plenty.slug}`)).data.map((p) => p.id)).toEqual([plenty.id]);
    expect((await list(v, `q=${word}&status=hidden`)).data.map((p) => p.id)).toEqual([hidden.id]);
    expect((await list(v, `q=${word}&status=active`)).data.map((p) => p.id)).toEqual([plenty.id, low.id]);
    const lowOnly = await list(v, `q=${word}&low_stock=true`);
    expect(lowOnly.data.map((p) => [p.id, p.low_stock])).toEqual([[low.id, true]]);
    expect((await list(v, `q=${word}&low_stock=true&threshold=50`)).meta).toEqual({ total: 3, threshold: 50 });
    expect((await list(v, `q=${word}&sort=stock`)).data[0]!.id).toBe(low.id);
    // The category's parent finds them too; another brand does not.
    expect((await list(v, `q=${word}&category=${ref.category.parent_id}`)).meta.total).toBe(3);
    const otherBrand = await db().selectFrom('brands').select('id').where('id', '<>', ref.brand.id).executeTakeFirstOrThrow();
    expect((await list(v, `q=${word}&brand=${otherBrand.id}`)).meta.total).toBe(0);
    expect((await list(v, `q=${word}&brand=${ref.brand.id}`)).meta.total).toBe(3);
    const paged = await list(v, `q=${word}&perPage=2&page=2`);
    expect([paged.data.length, paged.meta.total]).toEqual([1, 3]);
    const row = (await list(v, `q=${word}&sort=name`)).data[0]!;
    expect(row).toMatchObject({ category: { id: ref.category.id }, brand: { id: ref.brand.id }, supplier: null, image: null, packs: [{ price: 9000, mrp: 10000 }] });
    expect((await list(v, '')).data).toHaveLength(20);
    for (const bad of ['perPage=101', 'status=gone', 'low_stock=1', 'category=abc', 'sort=price']) expect((await v.get(`/bos/products?${bad}`)).status, bad).toBe(400);
  });

  it('offers the form’s choices: categories with their path, brands, suppliers and warehouses', async () => {
    const answer = BosProductOptions.parse(await (await (await admin()).get('/bos/products/options')).json());
    const ref = await references();
    expect(answer.categories.find((c) => c.id === ref.category.id)!.path).toContain(' › ');
    expect(answer.brands.map((b) => b.id)).toContain(ref.brand.id);
    expect(answer.warehouses.map((w) => w.id)).toEqual(expect.arrayContaining([ref.blr, ref.other]));
    expect(answer.suppliers.length).toBeGreaterThan(0);
  });
});
