import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/contract';
import { deliveryLines as deliveryNoteLines, deliveryPromise } from '../../src/features/catalogue/pack-delivery';
import { packsForCard } from '../../src/features/catalogue/packs';
import { translator } from '../../src/lib/i18n/translate';
import { HttpVisitor, rawRequest, startBuiltServer, testPort, type BuiltServer } from './built-server';

/**
 * The in-memory page cache over real HTTP against the built shop (lib/page-cache.ts, db/page-generation.ts): a
 * shared page is answered from memory until something it shows changes, and from the moment a change is
 * committed (by the API, or straight into the tables as an import or the shop's back office does) no answer
 * shows the old value: no waiting for a time to live. A shopper with a session gets the kept page with their own
 * personal parts drawn into it (lib/personal-page.ts).
 */
let server: BuiltServer;
let dir: string;
let db: DatabaseSync;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefront-page-cache-'));
  server = await startBuiltServer(testPort(16), { databaseFile: join(dir, 'shop.sqlite') });
  db = new DatabaseSync(join(dir, 'shop.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
}, 300_000);
afterAll(() => {
  db?.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.base, path, { method: 'GET', headers });
/** The answer after making sure the page was kept: asked until it comes from memory (at most 3 times). */
async function keptPage(path: string) {
  for (let i = 0; i < 3; i++) {
    const answer = await get(path);
    if (answer.headers['x-page-cache'] === 'hit') return answer;
  }
  throw new Error(`${path} was not kept`);
}
/** The listing's first product (most popular) with its first pack. */
function topProduct({ allInStock = false } = {}) {
  return db
    .prepare(
      `select p.id, p.slug, p.name, k.id as pack, k.price_paise as price from products p join packs k on k.product_id = p.id
       where p.is_active = 1 and k.stock > 0 ${allInStock ? 'and not exists (select 1 from packs z where z.product_id = p.id and z.stock <= 1)' : ''}
       order by p.popularity desc, p.id, k.position, k.id limit 1`,
    )
    .get() as { id: number; slug: string; name: string; pack: number; price: number };
}
/** Whether the HTML says it, without printing a whole page when it fails. */
const says = (html: string, text: string) => html.includes(text);
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

describe('a shared page', () => {
  it('is answered from memory the second time, with the same bytes and headers, compressed as asked', async () => {
    const first = await get('/products');
    expect(first.headers['x-page-cache']).toBe('miss');
    const again = await get('/products');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    for (const name of ['cache-control', 'surrogate-key', 'content-security-policy', 'content-type']) expect(again.headers[name], name).toBe(first.headers[name]);
    const brotli = await get('/products', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['x-page-cache']).toBe('hit');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/Accept-Encoding/);
  });

  it("shows a pack's new price on the listing and its page from the first request after the change", async () => {
    const product = topProduct();
    const listing = await keptPage('/products');
    const page = await keptPage(`/products/${product.slug}`);
    expect(says(listing.body, rupees(product.price))).toBe(true);
    expect(says(page.body, rupees(product.price))).toBe(true);
    const price = product.price + 1234;
    db.prepare('update packs set price_paise = ? where id = ?').run(price, product.pack);
    for (const path of ['/products', `/products/${product.slug}`]) {
      const answer = await get(path);
      expect(answer.headers['x-page-cache'], path).toBe('miss');
      expect(says(answer.body, rupees(price)), path).toBe(true);
    }
  });

  it("shows a product's new name, and a product taken off sale is gone, at once", async () => {
    const product = topProduct();
    await keptPage('/products');
    db.prepare('update products set name = ? where id = ?').run('Kesar Badam Cache Test', product.id);
    expect(says((await get('/products')).body, 'Kesar Badam Cache Test')).toBe(true);
    await keptPage(`/products/${product.slug}`);
    db.prepare('update products set is_active = 0 where id = ?').run(product.id);
    expect((await get(`/products/${product.slug}`)).status).toBe(404);
    expect(says((await get('/products')).body, 'Kesar Badam Cache Test')).toBe(false);
  });

  it("answers a product's old address with 301 to its new one as soon as the slug changes (the back office keeps old slugs)", async () => {
    const product = db.prepare('select id, slug from products where is_active = 1 order by popularity desc, id limit 1 offset 5').get() as { id: number; slug: string };
    await keptPage(`/products/${product.slug}`);
    const moved = `${product.slug}-moved`;
    db.prepare('update products set slug = ? where id = ?').run(moved, product.id);
    db.prepare('insert into product_slug_redirects (old_slug, product_id, created_at) values (?, ?, ?)').run(product.slug, product.id, new Date().toISOString());
    const old = await get(`/products/${product.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(`/products/${moved}`);
    expect((await get(`/products/${moved}`)).status).toBe(200);
  });

  it('says out of stock at once when the last pack is sold, and keeps the page while stock only goes down', async () => {
    const product = topProduct({ allInStock: true });
    const path = `/products/${product.slug}`;
    const before = await keptPage(path);
    expect(says(before.body, 'Out of stock')).toBe(false);
    db.prepare('update packs set stock = stock - 1 where product_id = ? and stock > 1').run(product.id);
    expect((await get(path)).headers['x-page-cache']).toBe('hit');
    db.prepare('update packs set stock = 0 where product_id = ?').run(product.id);
    const after = await get(path);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(says(after.body, 'Out of stock')).toBe(true);
  });

  it('shows a page published again and a renamed menu at once', async () => {
    const offers = await keptPage('/offers');
    expect(says(offers.body, 'Offers this week')).toBe(true);
    const admin = await signedInAs('9876500003');
    const published = await admin.api('/pages/publish', {
      url: '/offers',
      title: 'Offers',
      components: [{ name: 'Intro', type: 'rich_html', data: { html: '<h1>Diwali dhamaka</h1><p>New offers.</p>' } }],
    });
    expect(published.status).toBe(200);
    const now = await get('/offers');
    expect(says(now.body, 'Diwali dhamaka')).toBe(true);
    expect(says(now.body, 'Offers this week')).toBe(false);

    const home = await keptPage('/');
    const menu = db.prepare("select id, name from nav_items where website_id = 1 and name <> '' order by position, id limit 1").get() as { id: number; name: string };
    expect(says(home.body, menu.name)).toBe(true);
    db.prepare('update nav_items set name = ? where id = ?').run('Tyohar Bazaar', menu.id);
    expect(says((await get('/')).body, 'Tyohar Bazaar')).toBe(true);
  });

  // The API keeps a website's record and its search synonyms in memory for a while: a page rendered again after a
  // change must not be drawn from those copies, or the old value would be kept under the new generation.
  it("shows a website's new name at once, not after its record's time in memory", async () => {
    const { name } = db.prepare('select name from websites where id = 1').get() as { name: string };
    expect(says((await keptPage('/')).body, name)).toBe(true);
    db.prepare('update websites set name = ? where id = 1').run('Annapurna Tyohar Store');
    const now = await get('/');
    expect(now.headers['x-page-cache']).toBe('miss');
    expect(says(now.body, 'Annapurna Tyohar Store')).toBe(true);
  });

  it('finds by a synonym added straight into the table from the first search after it', async () => {
    const product = db
      .prepare("select p.name from products p where p.is_active = 1 and exists (select 1 from packs k where k.product_id = p.id and k.stock > 0) order by p.popularity desc, p.id limit 1 offset 3")
      .get() as { name: string };
    const word = product.name.split(/\s+/).sort((a, b) => b.length - a.length)[0]!.toLowerCase();
    const before = await keptPage('/products?q=zqxvakhil');
    expect(says(before.body, product.name)).toBe(false);
    db.prepare('insert into search_synonyms (website_id, group_no, position, term) values (1, 900, 0, ?), (1, 900, 1, ?)').run('zqxvakhil', word);
    expect(says((await get('/products?q=zqxvakhil')).body, product.name)).toBe(true);
  });
});

describe('a shopper with a session', () => {
  /** A guest with `quantity` of the listing's `nth` product (its first pack) in the cart. */
  async function guestWith(nth: number, quantity: number) {
    const pack = db
      .prepare(
        `select k.id, k.warehouse_id, p.name from products p join packs k on k.product_id = p.id where p.is_active = 1 and k.stock > 10
         order by p.popularity desc, p.id, k.position, k.id limit 1 offset ?`,
      )
      .get(nth) as { id: number; warehouse_id: number; name: string };
    const guest = new HttpVisitor(server.base);
    await guest.api('/cookie');
    expect((await guest.api('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id, quantity })).status).toBe(200);
    return { guest, pack };
  }
  const page = (visitor: HttpVisitor, path = '/products') => get(path, visitor.cookieHeader());
  const badge = (html: string) => /aria-label="Cart, (\d+) items?"/.exec(html)?.[1] ?? null;

  it('gets the kept page with their own parts, private; interleaved shoppers and visitors each see only their own', async () => {
    await keptPage('/products');
    const asha = await guestWith(0, 2);
    const ravi = await guestWith(3, 5);
    const visitor = () => get('/products');
    for (let round = 0; round < 3; round++) {
      const [a, v1, r, v2] = [await page(asha.guest), await visitor(), await page(ravi.guest), await visitor()];
      for (const [answer, count] of [[a, '2'], [r, '5']] as const) {
        expect(answer.headers['x-page-cache']).toBe('personal');
        expect(answer.headers['cache-control']).toBe('private, no-store');
        expect(answer.headers['surrogate-key']).toBeUndefined();
        expect(badge(answer.body)).toBe(count);
        // The page around the parts is the kept one: every marker is gone.
        expect(answer.body).not.toContain('<!--pp:');
      }
      // Each card's stepper shows the shopper's own quantity, and only theirs.
      expect(a.body).toContain(`Quantity of ${asha.pack.name}`);
      expect(a.body).not.toContain(`Quantity of ${ravi.pack.name}`);
      expect(r.body).toContain(`Quantity of ${ravi.pack.name}`);
      expect(r.body).not.toContain(`Quantity of ${asha.pack.name}`);
      for (const answer of [v1, v2]) {
        expect(answer.headers['x-page-cache']).toBe('hit');
        expect(badge(answer.body)).toBeNull();
        expect(answer.body).not.toContain('Quantity of ');
      }
    }
  });

  it("draws their parts again as soon as the cart changes, and a pack's new price shows in them", async () => {
    const { guest, pack } = await guestWith(1, 1);
    expect(badge((await page(guest)).body)).toBe('1');
    expect((await guest.api('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id, quantity: 4 })).status).toBe(200);
    expect(badge((await page(guest)).body)).toBe('4');
    const price = (db.prepare('select price_paise from packs where id = ?').get(pack.id) as { price_paise: number }).price_paise + 777;
    db.prepare('update packs set price_paise = ? where id = ?').run(price, pack.id);
    await keptPage('/products');
    const after = await page(guest);
    expect(after.headers['x-page-cache']).toBe('personal');
    // The cart panel's line is priced anew: 4 at the new price.
    expect(says(after.body, rupees(price * 4))).toBe(true);
  });

  it('signed in: their name in the account menus, hearts on the cards; never on the visitor’s page', async () => {
    await keptPage('/products');
    const shopper = await signedInAs('9876500001');
    const answer = await page(shopper);
    expect(answer.headers['x-page-cache']).toBe('personal');
    expect(answer.body).toContain('aria-label="Account menu for Asha');
    expect(answer.body).toMatch(/aria-label="(Add to wishlist|In your wishlist): /);
    const seen = await get('/products');
    expect(seen.body).not.toContain('Account menu for');
    expect(seen.body).not.toMatch(/aria-label="(Add to wishlist|In your wishlist): /);
  });

  it('a super administrator who switched to another website gets that website, not the host’s kept page', async () => {
    await keptPage('/');
    const visitorHome = await get('/');
    const other = db.prepare("select id, name from websites where name <> (select name from websites order by id limit 1) order by id limit 1").get() as { id: number; name: string };
    expect(says(visitorHome.body, other.name)).toBe(false);
    const arjun = await signedInAs('9876500004');
    expect((await arjun.api('/bos/switch', { website_id: other.id })).status).toBe(200);
    const answer = await page(arjun, '/');
    expect(answer.headers['x-page-cache']).toBeUndefined();
    expect(answer.body).toContain(`<h1 class="sr-only">${other.name}</h1>`);
  });

  it('compressed as asked (brotli, else gzip), the same text as sent plain', async () => {
    const { guest } = await guestWith(2, 3);
    await keptPage('/products');
    const plain = await page(guest);
    for (const encoding of ['br', 'gzip']) {
      const answer = await fetch(`${server.base}/products`, { headers: { ...guest.cookieHeader(), 'accept-encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('x-page-cache')).toBe('personal');
      expect(await answer.text()).toBe(plain.body);
    }
  });

  /** The delivery lines a page shows (cards' promises, a product page's note), in order, as read. */
  const deliveryLines = (html: string) =>
    [...html.matchAll(/<(p|li)\b[^>]*\bdata-delivery\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, '').trim());
  /** The pincode the header's button shows (the phone's bar and the wide one), and the listing's "Deliverable to". */
  const pincodeShown = (html: string) => [...html.matchAll(/data-pincode-button>[\s\S]*?<span class="font-medium[^"]*">([^<]*)<\/span>/g)].map((m) => m[1]);
  /** What a whole render shows: each card's promise for its offered pack, from the API's answer for this shopper. */
  async function expectedCardLines(visitor: HttpVisitor, pincode: string) {
    const listing = JSON.parse((await visitor.api('/products')).body) as { data: Product[] };
    return listing.data.flatMap((product) => {
      const promise = deliveryPromise(packsForCard(product.packs, product.matched_pack_id)[0]?.delivery, pincode, { t: translator('en'), locale: 'en' });
      return promise ? [`${promise.deliverable ? 'Delivery: ' : ''}${promise.text}`] : [];
    });
  }
  async function guestAt(pincode: string) {
    const guest = new HttpVisitor(server.base);
    await guest.api('/cookie');
    expect((await guest.api(`/check/pincode/${pincode}`)).status).toBe(200);
    return guest;
  }

  it("with a pincode: the kept page with their pincode's delivery promises drawn in; interleaved pincodes each see their own", async () => {
    await keptPage('/products');
    const metro = await guestAt('110001');
    const extended = await guestAt('411001');
    const expected = { metro: await expectedCardLines(metro, '110001'), extended: await expectedCardLines(extended, '411001') };
    expect(expected.metro.length).toBeGreaterThan(0);
    // Not every warehouse serves the farther zone: the two pincodes are promised different things.
    expect(expected.extended.some((line) => line === 'Not delivered to 411001')).toBe(true);
    expect(expected.extended).not.toEqual(expected.metro);
    for (let round = 0; round < 2; round++) {
      for (const [visitor, pincode, lines] of [[metro, '110001', expected.metro], [extended, '411001', expected.extended]] as const) {
        const answer = await page(visitor);
        expect(answer.headers['x-page-cache']).toBe('personal');
        expect(answer.headers['cache-control']).toBe('private, no-store');
        expect(deliveryLines(answer.body)).toEqual(lines);
        expect(pincodeShown(answer.body)).toEqual([pincode, pincode]);
        expect(answer.body).toContain(`Deliverable to ${pincode}`);
        expect(answer.body).toMatch(new RegExp(`name="pincode"[^>]*value="${pincode}"`));
      }
      const seen = await get('/products');
      expect(seen.headers['x-page-cache']).toBe('hit');
      expect(deliveryLines(seen.body)).toEqual([]);
      expect(pincodeShown(seen.body)).toEqual(['Select pincode', 'Pincode']);
      expect(seen.body).not.toContain('Deliverable to');
    }
  });

  it("with a pincode: a product page's delivery note is theirs; a new pincode shows at once", async () => {
    const product = topProduct();
    const path = `/products/${product.slug}`;
    await keptPage(path);
    const guest = await guestAt('411001');
    const note = async (pincode: string) => {
      const answer = await page(guest, path);
      expect(answer.headers['x-page-cache']).toBe('personal');
      const fromApi = JSON.parse((await guest.api(`/products/${product.slug}`)).body) as Product;
      expect(deliveryLines(answer.body)).toEqual(deliveryNoteLines(fromApi.packs, pincode, { t: translator('en'), locale: 'en' }).map((line) => line.text));
      expect(deliveryLines(answer.body).length).toBeGreaterThan(0);
    };
    await note('411001');
    expect((await guest.api('/check/pincode/110001')).status).toBe(200);
    await note('110001');
  });

  it('a listing of what reaches their pincode, or a one-time message waiting: the page is drawn whole', async () => {
    const guest = await guestAt('110001');
    await keptPage('/products');
    const deliverable = await page(guest, '/products?deliverable=1');
    expect(deliverable.headers['x-page-cache']).toBeUndefined();
    expect(deliverable.headers['cache-control']).toBe('private, no-store');
    expect(deliverable.body).toContain('Remove filter Deliverable to 110001');
    const other = (await guestWith(5, 1)).guest;
    const flashed = await get('/products', { cookie: `${other.cookieHeader().cookie}; flash=${encodeURIComponent(JSON.stringify({ message: 'Pack sold out', kind: 'error' }))}` });
    expect(flashed.headers['x-page-cache']).toBeUndefined();
    expect(flashed.body).toContain('Pack sold out');
  });
});

async function signedInAs(phone: string): Promise<HttpVisitor> {
  const visitor = new HttpVisitor(server.base);
  await visitor.api('/cookie');
  expect((await visitor.api('/auth/login', { identifier: phone })).status).toBe(200);
  const outbox = JSON.parse((await rawRequest(server.base, `/s/api/dev/outbox?to=${phone}`, { method: 'GET' })).body);
  const code = /\b(\d{6})\b/.exec(outbox.messages.at(-1).text)![1]!;
  expect((await visitor.api('/auth/verify', { code })).status).toBe(200);
  return visitor;
}
