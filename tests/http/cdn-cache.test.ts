import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpVisitor, rawRequest, startBuiltServer, testPort, type BuiltServer, type RawAnswer } from './built-server';

/**
 * CDN-ready pages over real HTTP against the built shop (src/lib/cache-policy.ts): a catalogue or content page
 * for a request without the shop's cookies is the same for everyone and says so; anything personal is
 * private and never stored.
 */
const SHARED = 'public, s-maxage=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-store';

let server: BuiltServer;
let product: { id: number; slug: string; pack: string };
let category: string;
beforeAll(async () => {
  server = await startBuiltServer(testPort(7));
  const { data } = JSON.parse((await rawRequest(server.base, '/s/api/products?perPage=1', { method: 'GET' })).body);
  product = { id: data[0].product_id, slug: data[0].slug, pack: `${data[0].packs[0].pack_id}:${data[0].packs[0].warehouse_id}` };
  category = JSON.parse((await rawRequest(server.base, '/s/api/init', { method: 'GET' })).body).categories[0].slug;
}, 300_000);
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.base, path, { method: 'GET', headers });
const keysOf = (answer: RawAnswer) => String(answer.headers['surrogate-key'] ?? '').split(' ').filter(Boolean);
/** The values of every hidden anti-forgery field in the HTML. */
const tokensIn = (html: string) => [...html.matchAll(/name="xsrf" value="([^"]*)"/g)].map((m) => m[1]);

/** The catalogue and content pages, with a key each must carry. */
const shareablePages = () => [
  { path: '/', key: 'website-1-home' },
  { path: '/products', key: 'website-1-listing' },
  { path: `/products?c=${category}`, key: 'website-1-listing' },
  { path: `/products/${product.slug}`, key: `product-${product.id}` },
  { path: '/offers', key: 'website-1-page-offers' },
  { path: '/contact', key: 'website-1-page-contact' },
];

describe('a request without a session cookie', () => {
  it('gets home, the listing, a category, a product page and content pages as shared, with their surrogate keys', async () => {
    for (const { path, key } of shareablePages()) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe(SHARED);
      expect(keysOf(answer), path).toEqual(expect.arrayContaining(['website-1', key]));
      expect(answer.headers['cache-tag'], path).toBe(keysOf(answer).join(','));
      expect(String(answer.headers.vary).split(/,\s*/), path).toContain('Cookie');
    }
  });

  it('tags a listing and a content page with every product they show', async () => {
    const listing = await get('/products');
    const shown = [...new Set([...listing.body.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1]))];
    expect(shown.length).toBeGreaterThan(10);
    const products = keysOf(listing).filter((key) => key.startsWith('product-'));
    expect(products.length).toBe(shown.length);
    const home = await get('/');
    expect(keysOf(home).filter((key) => key.startsWith('product-')).length).toBeGreaterThan(0);
  });

  it('gets a shared answer that sets no cookie and carries no anti-forgery token (the forms’ token fields are empty)', async () => {
    for (const { path } of shareablePages()) {
      const answer = await get(path);
      expect(answer.headers['cache-control'], path).toBe(SHARED);
      expect(answer.headers['set-cookie'], path).toBeUndefined();
      const tokens = tokensIn(answer.body);
      expect(tokens.length, `${path} has forms`).toBeGreaterThan(0);
      expect(new Set(tokens), path).toEqual(new Set(['']));
      // The name may appear (the island directive reads that cookie), never a value given with it.
      expect(answer.body, path).not.toMatch(/XSRF-TOKEN["']?\s*[:=]\s*["']?[\w.-]{8,}/);
    }
  });

  it('gets byte-identical HTML and the same headers from two different clients', async () => {
    const clients: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 10) Chrome/120 Mobile', 'accept-language': 'hi-IN', 'x-forwarded-for': '203.0.113.7' },
      { 'user-agent': 'curl/8.0', 'accept-language': 'en-GB', 'x-forwarded-for': '198.51.100.9', cookie: 'ph_key_posthog=%7B%7D' },
    ];
    for (const { path } of shareablePages()) {
      const [a, b] = await Promise.all(clients.map((headers) => get(path, headers)));
      expect(a!.headers['cache-control'], path).toBe(SHARED);
      expect(b!.headers['cache-control'], path).toBe(SHARED);
      expect(b!.headers['surrogate-key'], path).toBe(a!.headers['surrogate-key']);
      expect(b!.body === a!.body, `${path}: the same bytes`).toBe(true);
    }
  });

  it('gets sign-in, registration, account, checkout, order and cart answers as private, never stored', async () => {
    for (const path of ['/auth/login', '/auth/register', '/auth/verify', '/account', '/account/orders', '/checkout', '/order/success/1']) {
      const answer = await get(path);
      expect(answer.headers['cache-control'], `${path} (${answer.status})`).toBe(PRIVATE);
      expect(answer.headers['surrogate-key'], path).toBeUndefined();
    }
    for (const path of ['/s/api/init', '/s/api/cart', '/s/api/cookie']) expect(String((await get(path)).headers['cache-control']), path).toMatch(/no-store/);
    const post = await new HttpVisitor(server.base).form('/cart/add', { pack: product.pack, return: '/' });
    expect([post.status, post.headers['cache-control']]).toEqual([303, PRIVATE]);
  });

  it('gets a missing product or page (404) as private, while the found ones are shared', async () => {
    expect((await get(`/products/${product.slug}`)).headers['cache-control']).toBe(SHARED);
    expect((await get('/offers')).headers['cache-control']).toBe(SHARED);
    for (const path of ['/products/no-such-product', '/no-such-page']) {
      const answer = await get(path);
      expect([answer.status, answer.headers['cache-control'], answer.headers['surrogate-key']], path).toEqual([404, PRIVATE, undefined]);
    }
  });
});

describe('a request with a session cookie', () => {
  it('gets the same pages private and never stored, without surrogate keys', async () => {
    const visitor = new HttpVisitor(server.base);
    await visitor.api('/cookie');
    expect(visitor.cookies.has('sid')).toBe(true);
    for (const { path } of shareablePages()) {
      expect((await get(path)).headers['cache-control'], `${path} without the cookie`).toBe(SHARED);
      const answer = await get(path, visitor.cookieHeader());
      expect([answer.status, answer.headers['cache-control']], path).toEqual([200, PRIVATE]);
      expect(answer.headers['surrogate-key'], path).toBeUndefined();
      expect(answer.headers['cache-tag'], path).toBeUndefined();
    }
  });

  it('is private with only the anti-forgery cookie or a one-time message too', async () => {
    expect((await get('/products', { cookie: 'theme=dark' })).headers['cache-control']).toBe(SHARED);
    for (const cookie of ['XSRF-TOKEN=abc', 'flash=%7B%22message%22%3A%22Hi%22%7D']) {
      expect((await get('/products', { cookie })).headers['cache-control'], cookie).toBe(PRIVATE);
    }
  });

  it('once a pincode is chosen (it lives in the session), every page is private', async () => {
    const visitor = new HttpVisitor(server.base);
    expect((await get('/products', visitor.cookieHeader())).headers['cache-control'], 'before').toBe(SHARED);
    expect((await visitor.form('/cart/pincode', { pincode: '560001', return: '/products' })).status).toBe(303);
    expect((await visitor.cart()).pincode).toBe('560001');
    for (const { path } of shareablePages()) expect((await get(path, visitor.cookieHeader())).headers['cache-control'], path).toBe(PRIVATE);
  });

  it('a visitor arriving on a shared page adds to the cart from its token-less form, and the next page is theirs', async () => {
    const shared = await get(`/products/${product.slug}`);
    expect(shared.headers['cache-control']).toBe(SHARED);
    const pack = /name="pack" value="([^"]+)"/.exec(shared.body)?.[1];
    expect(pack).toBeTruthy();
    const visitor = new HttpVisitor(server.base);
    const added = await visitor.form('/cart/add', { xsrf: '', pack: pack!, return: `/products/${product.slug}` });
    expect([added.status, added.headers.location]).toEqual([303, `/products/${product.slug}`]);
    expect(visitor.cookies.has('sid')).toBe(true);
    expect((await visitor.cart()).quantity).toBe(1);
    const after = await get(`/products/${product.slug}`, visitor.cookieHeader());
    expect(after.headers['cache-control']).toBe(PRIVATE);
    expect(tokensIn(after.body)).toContain(visitor.xsrf);
  });
});
