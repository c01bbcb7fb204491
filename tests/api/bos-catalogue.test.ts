/**
 * The back office's Catalogue section on both backends (docs/back-office-catalogue.md): who may call it; the
 * category tree (slugs kept unique, moves renumbered, no loops even when two moves race, removals refused with
 * their counts or moving what the category holds); brands, suppliers and warehouses (search and pages, unique
 * slugs and codes, removal only while unused); synonym groups with the synonyms API's rules; an audit row per
 * change; and every change live on the shopper's next call (the listing, search, breadcrumbs, navigation,
 * sitemap and page generation).
 */
import { expect, it } from 'vitest';
import { BosBrand, BosBrandList, BosCategory, BosCategoryTree, BosSupplier, BosSynonymGroup, BosSynonymList, BosWarehouse, BosWarehouseList } from '../../src/contract/bos-catalogue';
import { ProductList } from '../../src/contract';
import { refreshListingOf } from '../../src/server/db/listing';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';
import { sitemapEntries } from './xml-check';

const ADMIN = '9876500003';
const SHOPPER = '9876500001';

let names = 0;
/** A name no other test (or seeded row) has: letters only, so it makes a slug and a search word of its own. */
const unique = (word: string) => `${word}${'abcdefghij'[Math.floor(names / 10) % 10]}${'klmnopqrst'[names++ % 10]}`;

let staffCount = 0;
/** A new administrator with these permissions, signed in. */
async function staffWith(shop: TestShop, permissions: string[]): Promise<Visitor & { userId: number }> {
  staffCount += 1;
  const phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(50 + staffCount).padStart(6, '0')}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Staff ${staffCount}`, email: `cat${staffCount}.${phone}@example.com`, phone, has_admin_access: 1, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Object.assign(await signedIn(shop, phone), { userId: id });
}

const send = (v: Visitor, method: 'PUT' | 'DELETE', path: string, body?: unknown) =>
  v.request(path, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });

describeApi('back office: the catalogue', (shop) => {
  const db = () => shop().deps.db.kysely;
  // The seeded administrator signs in once (sign-in codes are limited per phone and hour).
  let admin: Promise<Visitor & { userId: number }> | undefined;
  const staff = () =>
    (admin ??= signedIn(shop(), ADMIN).then(async (v) => Object.assign(v, { userId: (await db().selectFrom('users').select('id').where('phone', '=', ADMIN).executeTakeFirstOrThrow()).id })));

  const tree = async () => BosCategoryTree.parse(await (await (await staff()).get('/bos/categories')).json());
  const createCategory = async (body: Record<string, unknown>) => {
    const answer = await (await staff()).post('/bos/categories', body);
    expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(200);
    return BosCategory.parse(await answer.json());
  };
  const move = async (id: number, parent_id: number | null, position: number) => (await staff()).post('/bos/categories/move', { id, parent_id, position });
  const childrenOf = async (parent: number | null) => (await tree()).data.filter((c) => c.parent_id === parent).map((c) => [c.id, c.position]);
  const auditOf = (kind: string, id: number) => db().selectFrom('staff_audit').selectAll().where('subject_kind', '=', kind as never).where('subject_id', '=', id).orderBy('id').execute();
  const generation = async () => ((await (await shop().visitor().get('/page-generation')).json()) as { generation: number }).generation;
  const search = async (q: string) => ProductList.parse(await (await shop().visitor().get(`/products?q=${encodeURIComponent(q)}`)).json());

  /** A product of this brand in this category, with a pack in stock, as the catalogue's writers leave it (listing columns refreshed). */
  async function productIn(categoryId: number, brandId: number, name: string, supplierId: number | null = null) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const { id } = await db()
      .insertInto('products')
      .values({ name, slug, brand_id: brandId, category_id: categoryId, supplier_id: supplierId, is_active: 1, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('packs').values({ product_id: id, name: '1 pc', price_paise: 5000, act_price_paise: 6000, warehouse_id: 1, stock: 20 }).execute();
    await refreshListingOf(db(), [id]);
    return { id, slug };
  }
  const anyBrand = async () => (await db().selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  it('is for administrators holding catalogue:manage: 401 signed out, 403 for a shopper and for staff without it', async () => {
    const out = await shop().visitor().start();
    const shopper = await signedIn(shop(), SHOPPER);
    const clerk = await staffWith(shop(), ['order:manage', 'coupon:manage']);
    const calls: [string, string, unknown?][] = [
      ['GET', '/bos/categories'],
      ['POST', '/bos/categories', { name: 'Nope' }],
      ['POST', '/bos/categories/move', { id: 1, parent_id: null, position: 0 }],
      ['PUT', '/bos/categories/1', { name: 'Nope', slug: 'nope' }],
      ['DELETE', '/bos/categories/1'],
      ['GET', '/bos/brands'],
      ['POST', '/bos/brands', { name: 'Nope' }],
      ['DELETE', '/bos/brands/1'],
      ['GET', '/bos/suppliers'],
      ['PUT', '/bos/suppliers/1', { name: 'Nope' }],
      ['GET', '/bos/warehouses'],
      ['POST', '/bos/warehouses', { code: 'NOP', name: 'Nope', city: 'Pune', pincode: '411001' }],
      ['GET', '/bos/synonyms'],
      ['POST', '/bos/synonyms', { terms: ['nope', 'nah'] }],
      ['DELETE', '/bos/synonyms/0'],
    ];
    const ask = (v: Visitor, [method, path, body]: [string, string, unknown?]) => (method === 'GET' ? v.get(path) : method === 'POST' ? v.post(path, body) : send(v, method as 'PUT' | 'DELETE', path, body));
    const before = await generation();
    for (const call of calls) {
      expect((await ask(out, call)).status, `${call[0]} ${call[1]} signed out`).toBe(401);
      expect((await ask(shopper, call)).status, `${call[0]} ${call[1]} as a shopper`).toBe(403);
      expect((await ask(clerk, call)).status, `${call[0]} ${call[1]} without catalogue:manage`).toBe(403);
    }
    expect(await generation()).toBe(before);
    expect((await (await staff()).get('/bos/categories')).status).toBe(200);
  });

  it('creates categories with a slug made from the name, kept unique (409 with the field), and writes an audit row', async () => {
    const name = unique('Pickles');
    const pickles = await createCategory({ name: `${name} & Chutneys` });
    expect(pickles).toMatchObject({ name: `${name} & Chutneys`, slug: `${name.toLowerCase()}-chutneys`, parent_id: null, avatar: null, products: 0 });
    const child = await createCategory({ name: unique('Mango'), parent_id: pickles.id, avatar: '/media/mango.webp' });
    expect(child).toMatchObject({ parent_id: pickles.id, position: 0, avatar: '/media/mango.webp' });

    const again = await (await staff()).post('/bos/categories', { name: 'Another', slug: pickles.slug });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errors: { slug: [`Another category already has the slug ${pickles.slug}`] } });
    const renamedOnto = await send(await staff(), 'PUT', `/bos/categories/${child.id}`, { name: 'Mango', slug: pickles.slug });
    expect(renamedOnto.status).toBe(409);
    expect((await db().selectFrom('categories').select('slug').where('id', '=', child.id).executeTakeFirstOrThrow()).slug).toBe(child.slug);

    // A name with no letters a web address can use needs a slug typed; a bad slug or image is a field error.
    const hindi = await (await staff()).post('/bos/categories', { name: 'अचार' });
    expect(hindi.status).toBe(400);
    expect((await hindi.json()).errors.slug).toEqual(['Give a slug: the name has no letters or digits a web address can use']);
    expect((await createCategory({ name: 'अचार', slug: unique('achaar') })).name).toBe('अचार');
    for (const [body, field] of [[{ name: 'X', slug: 'Bad Slug' }, 'slug'], [{ name: 'X', avatar: 'javascript:alert(1)' }, 'avatar'], [{ name: '' }, 'name'], [{ name: 'X', parent_id: 999_999 }, 'parent_id']] as const) {
      const refused = await (await staff()).post('/bos/categories', body);
      expect([400, 422], JSON.stringify(body)).toContain(refused.status);
      expect(Object.keys((await refused.json()).errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }

    const [row] = await auditOf('category', pickles.id);
    expect(row).toMatchObject({ action: 'category.created', user_id: (await staff()).userId, website_id: 1 });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ name: `${name} & Chutneys`, slug: pickles.slug, parent_id: null });
  });

  it('moves a category among its siblings and to another parent, numbering both lists 0, 1, 2… again', async () => {
    const parent = await createCategory({ name: unique('Shelf') });
    const [a, b, c] = [await createCategory({ name: unique('Alpha'), parent_id: parent.id }), await createCategory({ name: unique('Beta'), parent_id: parent.id }), await createCategory({ name: unique('Gamma'), parent_id: parent.id })];
    expect(await childrenOf(parent.id)).toEqual([[a.id, 0], [b.id, 1], [c.id, 2]]);

    const first = await move(c.id, parent.id, 0);
    expect(first.status).toBe(200);
    expect(BosCategoryTree.parse(await first.json()).data.filter((x) => x.parent_id === parent.id).map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    expect(await childrenOf(parent.id)).toEqual([[c.id, 0], [a.id, 1], [b.id, 2]]);

    // Out to the top level, at the front: the shelf closes the gap, the top level makes room.
    expect((await move(a.id, null, 0)).status).toBe(200);
    expect(await childrenOf(parent.id)).toEqual([[c.id, 0], [b.id, 1]]);
    const top = await childrenOf(null);
    expect(top[0]).toEqual([a.id, 0]);
    expect(top.map(([, position]) => position)).toEqual(top.map((_, i) => i));
    // Past the end is last.
    expect((await move(a.id, parent.id, 99)).status).toBe(200);
    expect(await childrenOf(parent.id)).toEqual([[c.id, 0], [b.id, 1], [a.id, 2]]);

    const rows = await auditOf('category', a.id);
    expect(rows.filter((r) => r.action === 'category.moved').map((r) => [JSON.parse(r.before_json!), JSON.parse(r.after_json!)])).toEqual([
      [{ parent_id: parent.id, position: 1 }, { parent_id: null, position: 0 }],
      [{ parent_id: null, position: 0 }, { parent_id: parent.id, position: 2 }],
    ]);
  });

  it('refuses a move into the category itself, into its own subcategories, or past the tree’s five levels (422), changing nothing', async () => {
    const chain = [await createCategory({ name: unique('Level') })];
    for (let i = 1; i < 5; i++) chain.push(await createCategory({ name: unique('Level'), parent_id: chain[i - 1]!.id }));
    const before = await tree();
    for (const [id, parent, words] of [
      [chain[0]!.id, chain[0]!.id, 'A category cannot go inside itself'],
      [chain[0]!.id, chain[3]!.id, 'A category cannot go inside one of its own subcategories'],
      [chain[1]!.id, chain[4]!.id, 'A category cannot go inside one of its own subcategories'],
    ] as const) {
      const refused = await move(id, parent, 0);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ message: words, errors: { parent_id: [words] } });
    }
    const sideways = await createCategory({ name: unique('Side') });
    await createCategory({ name: unique('Under'), parent_id: sideways.id });
    const deep = await move(sideways.id, chain[3]!.id, 0);
    expect(deep.status).toBe(422);
    expect((await deep.json()).message).toBe('The tree has at most 5 levels: there it would have more');
    expect((await (await staff()).post('/bos/categories', { name: 'Sixth', parent_id: chain[4]!.id })).status).toBe(422);
    expect((await move(999_999, null, 0)).status).toBe(404);
    expect((await tree()).data.filter((c) => before.data.some((b) => b.id === c.id))).toEqual(before.data);
  });

  it('lets only one of two moves that would make a loop together succeed, on both backends', async () => {
    const a = await createCategory({ name: unique('Race') });
    const b = await createCategory({ name: unique('Race') });
    const v = await staff();
    const answers = await Promise.all([v.post('/bos/categories/move', { id: a.id, parent_id: b.id, position: 0 }), v.post('/bos/categories/move', { id: b.id, parent_id: a.id, position: 0 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const parents = new Map((await tree()).data.map((c) => [c.id, c.parent_id]));
    expect([parents.get(a.id), parents.get(b.id)].filter((p) => p !== null)).toHaveLength(1);
  });

  it('shows a renamed or moved category to shoppers on the next request: search, listing, breadcrumbs, navigation, sitemap', async () => {
    const shelf = await createCategory({ name: unique('Zorbo') });
    const sub = await createCategory({ name: unique('Crunch'), parent_id: shelf.id });
    const product = await productIn(sub.id, await anyBrand(), `Test Munch ${unique('Bar')}`);
    const newName = unique('Quokka');
    expect((await search(shelf.name)).data.map((p) => p.slug)).toEqual([product.slug]);
    expect((await search(newName)).meta.total).toBe(0);

    const generationBefore = await generation();
    const renamed = await send(await staff(), 'PUT', `/bos/categories/${shelf.id}`, { name: `${newName} Treats`, slug: `${newName.toLowerCase()}-treats`, avatar: '/media/q.webp' });
    expect(renamed.status).toBe(200);
    expect(BosCategory.parse(await renamed.json())).toMatchObject({ name: `${newName} Treats`, slug: `${newName.toLowerCase()}-treats`, avatar: '/media/q.webp' });
    expect(await generation()).toBeGreaterThan(generationBefore);
    const updated = (await auditOf('category', shelf.id)).at(-1)!;
    expect([updated.action, JSON.parse(updated.before_json!), JSON.parse(updated.after_json!)]).toEqual([
      'category.updated',
      // The Hindi name is kept as it was (left out of the body) and recorded like the other fields.
      { name: shelf.name, name_hi: null, slug: shelf.slug, avatar: null },
      { name: `${newName} Treats`, name_hi: null, slug: `${newName.toLowerCase()}-treats`, avatar: '/media/q.webp' },
    ]);

    // The products below it are found by the new name (their search text names their category's ancestors), not the old.
    expect((await search(newName)).data.map((p) => p.slug)).toEqual([product.slug]);
    expect((await search(shelf.name)).meta.total).toBe(0);
    expect((await (await shop().visitor().get(`/products/${product.slug}`)).json()).categories).toEqual([
      { name: `${newName} Treats`, slug: `${newName.toLowerCase()}-treats` },
      { name: sub.name, slug: sub.slug },
    ]);
    const init = await (await shop().visitor().get('/init')).json();
    expect(init.categories.find((c: { id: number }) => c.id === shelf.id)).toMatchObject({ name: `${newName} Treats`, link: `/products?c=${newName.toLowerCase()}-treats`, avatar: '/media/q.webp' });
    const sitemap = sitemapEntries(await (await shop().visitor().get('/crawlers/sitemap.xml')).text()).map((e) => e.loc);
    expect(sitemap).toContain(`http://localhost/products?c=${newName.toLowerCase()}-treats`);
    expect(sitemap).not.toContain(`http://localhost/products?c=${shelf.slug}`);

    // Moved to another parent: the listing of its new parent holds its product, its search text its new ancestors.
    const other = await createCategory({ name: unique('Wallaby') });
    expect((await move(sub.id, other.id, 0)).status).toBe(200);
    expect(ProductList.parse(await (await shop().visitor().get(`/products?c=${other.id}`)).json()).data.map((p) => p.slug)).toEqual([product.slug]);
    expect(ProductList.parse(await (await shop().visitor().get(`/products?c=${shelf.id}`)).json()).meta.total).toBe(0);
    expect((await search(other.name)).data.map((p) => p.slug)).toEqual([product.slug]);
    expect((await search(newName)).meta.total).toBe(0);
    const moved = await (await shop().visitor().get('/init')).json();
    expect(moved.categories.find((c: { id: number }) => c.id === other.id).children.map((c: { id: number }) => c.id)).toEqual([sub.id]);
  });

  it('refuses to remove a category that holds products or subcategories (409 with how many) unless told where they go', async () => {
    const shelf = await createCategory({ name: unique('Tin') });
    const kid = await createCategory({ name: unique('Lid'), parent_id: shelf.id });
    await createCategory({ name: unique('Knob'), parent_id: kid.id });
    const product = await productIn(shelf.id, await anyBrand(), `Tin Box ${unique('Item')}`);
    const target = await createCategory({ name: unique('Crate') });

    const refused = await send(await staff(), 'DELETE', `/bos/categories/${shelf.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: `${shelf.name} holds 1 product and 1 subcategory: choose a category to move them to first`, in_use: { products: 1, children: 1, coupons: 0 } });
    for (const into of [shelf.id, kid.id]) {
      const loop = await send(await staff(), 'DELETE', `/bos/categories/${shelf.id}?move_to=${into}`);
      expect(loop.status).toBe(422);
      expect(Object.keys((await loop.json()).errors)).toEqual(['move_to']);
    }
    expect(await db().selectFrom('categories').select('id').where('id', '=', shelf.id).executeTakeFirst()).toBeDefined();

    const removed = await send(await staff(), 'DELETE', `/bos/categories/${shelf.id}?move_to=${target.id}`);
    expect(removed.status).toBe(200);
    expect((await removed.json()).message).toBe(`${shelf.name} removed; 1 product and 1 subcategory moved to ${target.name}`);
    expect(await db().selectFrom('categories').select('id').where('id', '=', shelf.id).executeTakeFirst()).toBeUndefined();
    expect((await db().selectFrom('products').select('category_id').where('id', '=', product.id).executeTakeFirstOrThrow()).category_id).toBe(target.id);
    expect(await childrenOf(target.id)).toEqual([[kid.id, 0]]);
    expect((await search(target.name)).data.map((p) => p.slug)).toEqual([product.slug]);
    const audit = (await auditOf('category', shelf.id)).at(-1)!;
    expect(audit.action).toBe('category.removed');
    expect(JSON.parse(audit.after_json!)).toEqual({ moved_to: target.id, products: 1, subcategories: 1 });

    // Empty: removed at once, its siblings numbered again.
    const empty = await createCategory({ name: unique('Empty') });
    expect((await send(await staff(), 'DELETE', `/bos/categories/${empty.id}`)).status).toBe(200);
    const top = await childrenOf(null);
    expect(top.map(([, position]) => position)).toEqual(top.map((_, i) => i));
    expect((await send(await staff(), 'DELETE', `/bos/categories/${empty.id}`)).status).toBe(404);
  });

  it('refuses to remove a category coupons are limited to, whatever else it holds', async () => {
    const dairy = await db().selectFrom('categories').select(['id', 'name']).where('name', '=', 'Dairy & Bakery').executeTakeFirstOrThrow();
    const target = await createCategory({ name: unique('Milkish') });
    const refused = await send(await staff(), 'DELETE', `/bos/categories/${dairy.id}?move_to=${target.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: '1 coupon is limited to Dairy & Bakery: change it in Coupons first', in_use: { coupons: 1 } });
    expect((await tree()).data.find((c) => c.id === dairy.id)).toMatchObject({ coupons: 1 });
  });

  it('lists brands by name with a search and pages, keeps slugs unique, and puts a new name in search at once', async () => {
    const v = await staff();
    const page = BosBrandList.parse(await (await v.get('/bos/brands?perPage=5&page=2')).json());
    expect(page.data).toHaveLength(5);
    const all = BosBrandList.parse(await (await v.get('/bos/brands?perPage=100')).json());
    expect(page.data).toEqual(all.data.slice(5, 10));
    expect(all.meta.total).toBe(all.data.length);
    expect(BosBrandList.parse(await (await v.get('/bos/brands?q=gokul')).json()).data.map((b) => b.name)).toEqual(['Gokul Dairy']);
    expect((await v.get('/bos/brands?perPage=101')).status).toBe(400);

    const brand = BosBrand.parse(await (await v.post('/bos/brands', { name: unique('Zebrafine') })).json());
    expect(brand).toMatchObject({ products: 0, coupons: 0, logo: null });
    const taken = await v.post('/bos/brands', { name: 'Other', slug: 'gokul-dairy' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.slug).toEqual(['Another brand already has the slug gokul-dairy']);
    expect((await v.post('/bos/brands', { name: 'X', logo: 'data:image/png;base64,AAAA' })).status).toBe(400);

    const shelf = await createCategory({ name: unique('Brandshelf') });
    const product = await productIn(shelf.id, brand.id, `Plain Biscuit ${unique('Pack')}`);
    const newName = `Wombatica${unique('')}`;
    const before = await generation();
    const renamed = await send(v, 'PUT', `/bos/brands/${brand.id}`, { name: newName, slug: newName.toLowerCase(), logo: '/media/w.webp' });
    expect(renamed.status).toBe(200);
    expect(BosBrand.parse(await renamed.json())).toMatchObject({ name: newName, products: 1 });
    expect(await generation()).toBeGreaterThan(before);
    expect((await search(newName)).data.map((p) => p.slug)).toEqual([product.slug]);
    expect((await search(brand.name)).meta.total).toBe(0);
    // The typo vocabulary has the new name's word, not the old one's: a misspelt new name is corrected to it.
    const misspelt = await search(`${newName.slice(0, -1)}x`);
    expect(misspelt.meta.did_you_mean).toBe(newName.toLowerCase());
    expect(misspelt.data.map((p) => p.slug)).toEqual([product.slug]);
    expect(await db().selectFrom('search_words').select('word').where('word', 'in', [brand.name.toLowerCase(), newName.toLowerCase()]).execute()).toEqual([{ word: newName.toLowerCase() }]);
    const shown = (await (await shop().visitor().get(`/products/${product.slug}`)).json()) as { brand_name: string; brand_slug: string };
    expect([shown.brand_name, shown.brand_slug]).toEqual([newName, newName.toLowerCase()]);

    const used = await send(v, 'DELETE', `/bos/brands/${brand.id}`);
    expect(used.status).toBe(409);
    expect(await used.json()).toMatchObject({ message: `${newName} is used by 1 product: give it another brand first`, in_use: { products: 1, coupons: 0 } });
    const spare = BosBrand.parse(await (await v.post('/bos/brands', { name: unique('Spare') })).json());
    expect((await send(v, 'DELETE', `/bos/brands/${spare.id}`)).status).toBe(200);
    expect(await db().selectFrom('brands').select('id').where('id', '=', spare.id).executeTakeFirst()).toBeUndefined();
    expect((await auditOf('brand', brand.id)).map((r) => r.action)).toEqual(['brand.created', 'brand.updated']);
    expect((await auditOf('brand', spare.id)).map((r) => r.action)).toEqual(['brand.created', 'brand.removed']);
    const update = (await auditOf('brand', brand.id))[1]!;
    expect([JSON.parse(update.before_json!).name, JSON.parse(update.after_json!).name]).toEqual([brand.name, newName]);
  });

  it('keeps suppliers’ slugs unique, judges their image and link, and removes only one no product names', async () => {
    const v = await staff();
    const before = await generation();
    const made = await v.post('/bos/suppliers', { name: unique('Nilgiri Traders'), title: 'Tea from the hills', link: '/products?q=tea', image: 'https://cdn.example.in/n.webp' });
    expect(made.status).toBe(200);
    const supplier = BosSupplier.parse(await made.json());
    expect(supplier).toMatchObject({ title: 'Tea from the hills', link: '/products?q=tea', image: 'https://cdn.example.in/n.webp', products: 0 });
    expect(await generation()).toBeGreaterThan(before);
    const bad = await v.post('/bos/suppliers', { name: 'Bad', link: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(['link']);
    expect((await v.post('/bos/suppliers', { name: 'Copy', slug: supplier.slug })).status).toBe(409);
    const edited = await send(v, 'PUT', `/bos/suppliers/${supplier.id}`, { name: supplier.name, slug: supplier.slug, title: '' });
    expect(BosSupplier.parse(await edited.json())).toMatchObject({ title: null, link: null, image: null });
    const found = (await (await v.get(`/bos/suppliers?q=${encodeURIComponent(supplier.name.slice(0, 12))}`)).json()) as { data: { id: number }[] };
    expect(found.data.map((s) => s.id)).toEqual([supplier.id]);

    const shelf = await createCategory({ name: unique('Teashelf') });
    const product = await productIn(shelf.id, await anyBrand(), `Hill Tea ${unique('Leaf')}`, supplier.id);
    const used = await send(v, 'DELETE', `/bos/suppliers/${supplier.id}`);
    expect(used.status).toBe(409);
    expect(await used.json()).toMatchObject({ in_use: { products: 1 } });
    await db().updateTable('products').set({ supplier_id: null }).where('id', '=', product.id).execute();
    expect((await send(v, 'DELETE', `/bos/suppliers/${supplier.id}`)).status).toBe(200);
    expect((await auditOf('supplier', supplier.id)).map((r) => r.action)).toEqual(['supplier.created', 'supplier.updated', 'supplier.removed']);
  });

  it('keeps warehouse codes unique in any case, takes a 6-digit pincode, and never removes one that ships or shipped goods', async () => {
    const v = await staff();
    const seeded = BosWarehouseList.parse(await (await v.get('/bos/warehouses')).json());
    const first = seeded.data[0]!;
    expect(first.packs).toBeGreaterThan(0);
    const taken = await v.post('/bos/warehouses', { code: first.code.toLowerCase(), name: 'Again', city: 'Pune', pincode: '411001' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.code).toEqual([`Another warehouse already has the code ${first.code}`]);
    for (const [body, field] of [
      [{ code: 'PN', name: 'Pune', city: 'Pune', pincode: '411001' }, 'code'],
      [{ code: 'PN1', name: 'Pune', city: 'Pune', pincode: '41100' }, 'pincode'],
      [{ code: 'PN1', name: 'Pune', city: 'Pune', pincode: '011001' }, 'pincode'],
      [{ code: 'PN1', name: 'Pune', city: '', pincode: '411001' }, 'city'],
    ] as const) {
      const refused = await v.post('/bos/warehouses', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await refused.json()).errors)).toEqual([field]);
    }
    const code = `Q${String(process.pid % 90 + 10)}`;
    const before = await generation();
    const made = await v.post('/bos/warehouses', { code: code.toLowerCase(), name: 'Pune Hub', city: 'Pune', pincode: '411001' });
    expect(made.status).toBe(200);
    expect(await generation()).toBeGreaterThan(before);
    const hub = BosWarehouse.parse(await made.json());
    expect(hub).toMatchObject({ code, packs: 0, order_lines: 0, zones: 0 });
    expect(BosWarehouseList.parse(await (await v.get('/bos/warehouses?q=pune%20hub')).json()).data.map((w) => w.id)).toEqual([hub.id]);

    const used = await send(v, 'DELETE', `/bos/warehouses/${first.id}`);
    expect(used.status).toBe(409);
    expect((await used.json()).in_use).toEqual({ packs: first.packs, order_lines: first.order_lines, zones: first.zones });
    expect((await send(v, 'PUT', `/bos/warehouses/${hub.id}`, { code, name: 'Pune Hub', city: 'Pune', pincode: '411002' })).status).toBe(200);
    expect((await send(v, 'DELETE', `/bos/warehouses/${hub.id}`)).status).toBe(200);
    expect((await auditOf('warehouse', hub.id)).map((r) => [r.action, JSON.parse(r.after_json ?? 'null')?.pincode ?? null])).toEqual([
      ['warehouse.created', '411001'],
      ['warehouse.updated', '411002'],
      ['warehouse.removed', null],
    ]);
  });

  it('adds, edits and removes synonym groups with the synonyms API’s rules, live in search on the next request', async () => {
    const v = await staff();
    const list = BosSynonymList.parse(await (await v.get('/bos/synonyms?perPage=100')).json());
    expect(list.meta).toMatchObject({ max_groups: 500 });
    expect(list.meta.groups).toBeGreaterThan(100);
    const sugar = BosSynonymList.parse(await (await v.get('/bos/synonyms?q=CHINI')).json());
    expect(sugar.data.some((g) => g.terms.includes('chini') && g.terms.includes('sugar'))).toBe(true);
    expect(sugar.data.every((g) => g.terms.some((t) => t.includes('chini')))).toBe(true);
    expect(sugar.meta.total).toBe(sugar.data.length);

    const word = unique('parimal');
    expect((await search(word)).meta.total).toBe(0);
    const before = await generation();
    const added = await v.post('/bos/synonyms', { terms: ['kolam', ` ${word} `] });
    expect(added.status).toBe(200);
    const group = BosSynonymGroup.parse(await added.json());
    expect(group.terms).toEqual(['kolam', word]);
    expect(await generation()).toBeGreaterThan(before);
    expect((await search(word)).meta.total).toBeGreaterThan(0);

    for (const [terms, errors] of [
      [['only one'], { terms: ['a group needs at least 2 terms'] }],
      [['chini', 'sweetener'], { 'terms.0': ['“chini” is already in the group of “sugar”'] }],
      [['ok', 'x'.repeat(41)], { 'terms.1': ['a term has at most 40 characters'] }],
      [['ok', 'a b c d e'], { 'terms.1': ['a term has at most 4 words'] }],
    ] as const) {
      const refused = await v.post('/bos/synonyms', { terms });
      expect(refused.status, JSON.stringify(terms)).toBe(400);
      expect((await refused.json()).errors, JSON.stringify(terms)).toEqual(errors);
    }
    // Its own terms may stay in it when it is edited; another group's may not come in.
    expect((await send(v, 'PUT', `/bos/synonyms/${group.no}`, { terms: ['kolam', word, 'chawal'] })).status).toBe(400);
    const edited = await send(v, 'PUT', `/bos/synonyms/${group.no}`, { terms: [word, 'long grain'] });
    expect(BosSynonymGroup.parse(await edited.json())).toEqual({ no: group.no, terms: [word, 'long grain'] });
    expect((await send(v, 'PUT', '/bos/synonyms/99999', { terms: ['a1', 'b1'] })).status).toBe(404);
    expect((await send(v, 'DELETE', `/bos/synonyms/${group.no}`)).status).toBe(200);
    expect((await search(word)).meta.total).toBe(0);
    expect((await send(v, 'DELETE', `/bos/synonyms/${group.no}`)).status).toBe(404);
    expect((await auditOf('synonyms', group.no)).filter((r) => r.website_id === 1).map((r) => [r.action, r.before_json && JSON.parse(r.before_json), r.after_json && JSON.parse(r.after_json)])).toEqual([
      ['synonyms.created', null, ['kolam', word]],
      ['synonyms.updated', ['kolam', word], [word, 'long grain']],
      ['synonyms.removed', [word, 'long grain'], null],
    ]);
  });

  it('lets only one of two groups racing for the same term in', async () => {
    const v = await staff();
    const word = unique('racer');
    const answers = await Promise.all([v.post('/bos/synonyms', { terms: [word, unique('one')] }), v.post('/bos/synonyms', { terms: [word, unique('two')] })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await db().selectFrom('search_synonyms').select('term').where('term', '=', word).execute()).toHaveLength(1);
  });
});
