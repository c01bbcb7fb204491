import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpVisitor, rawRequest, startBuiltServer, testPort, type BuiltServer } from './built-server';

/** The no-JavaScript form endpoints of the built shop, over real HTTP: bad bodies and forged posts. */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(1));
}, 300_000);
afterAll(() => server?.close());

/** A visitor with a session, delivery to 560001, one pack in the cart and NAMASTE20 applied. */
async function shopper(): Promise<HttpVisitor> {
  const visitor = new HttpVisitor(server.base);
  await visitor.api('/cookie');
  const { data } = JSON.parse((await visitor.api('/products?perPage=40')).body);
  const pack = data.flatMap((p: { packs: { pack_id: number; warehouse_id: number; price: number; in_stock?: boolean }[] }) => p.packs).find((p: { price: number }) => p.price >= 150);
  expect((await visitor.api('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status).toBe(200);
  expect((await visitor.api('/check/pincode/560001')).status).toBe(200);
  expect((await visitor.api('/apply/coupon', { code: 'NAMASTE20' })).status).toBe(200);
  return visitor;
}
const unchanged = async (visitor: HttpVisitor) => {
  const cart = await visitor.cart();
  return [cart.pincode, cart.offercode, cart.quantity];
};

const ENDPOINTS = ['/cart/add', '/cart/remove', '/cart/coupon', '/cart/pincode', '/wishlist/toggle', '/webui/submit'];
const BODIES: { name: string; headers: Record<string, string>; body?: string; status: 400 | 415 }[] = [
  { name: 'JSON', headers: { 'content-type': 'application/json' }, body: '{"pincode":"560034","pack":"1:1","remove":"1"}', status: 415 },
  { name: 'XML', headers: { 'content-type': 'application/xml' }, body: '<form><pincode>560034</pincode></form>', status: 415 },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: 'pincode=560034', status: 415 },
  { name: 'no content type', headers: {}, body: 'pincode=560034', status: 415 },
  { name: 'broken multipart', headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="pincode"\r\n\r\n560034', status: 400 },
  { name: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'pincode=560034', status: 400 },
  { name: 'empty multipart', headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, body: '', status: 400 },
];

describe('form endpoints refuse what is not a form with 400 or 415, and change nothing', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint}: ${BODIES.map((b) => b.name).join(', ')}`, async () => {
      const visitor = await shopper();
      const before = await unchanged(visitor);
      for (const { name, headers, body, status } of BODIES) {
        const answer = await rawRequest(server.base, endpoint, { headers: { ...visitor.cookieHeader(), origin: server.base, ...headers }, body });
        expect(answer.status, `${endpoint} with ${name}: ${answer.body.slice(0, 200)}`).toBe(status);
        expect(answer.body.length, `${endpoint} with ${name} says why`).toBeGreaterThan(10);
      }
      expect(await unchanged(visitor)).toEqual(before);
    });
  }
});

describe('form posts need the session’s own token', () => {
  // A post without a token is a shared page's form (docs/scaling-and-caching.md#personal-parts): forged only when
  // the browser says it came from elsewhere.
  const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  const forged = (other: HttpVisitor): { name: string; fields: Record<string, string>; headers?: Record<string, string> }[] => [
    { name: 'no token, from another site', fields: {}, headers: CROSS_SITE },
    { name: 'no token, no Sec-Fetch-Site and no Origin', fields: {}, headers: { origin: '', 'sec-fetch-site': '' } },
    { name: 'a wrong token', fields: { xsrf: 'A'.repeat(43) } },
    { name: "another session's token", fields: { xsrf: other.xsrf } },
  ];

  it('refuses /cart/pincode with no, a wrong or another session’s token (403), and the pincode stays', async () => {
    const visitor = await shopper();
    const other = await shopper();
    for (const { name, fields, headers } of forged(other)) {
      const answer = await visitor.form('/cart/pincode', { ...fields, pincode: '560034', return: '/' }, headers);
      expect(answer.status, name).toBe(403);
      expect((await visitor.cart()).pincode).toBe('560001');
    }
  });

  it('refuses /cart/coupon remove=1 with no, a wrong or another session’s token (403), and the coupon stays', async () => {
    const visitor = await shopper();
    const other = await shopper();
    for (const { name, fields, headers } of forged(other)) {
      const answer = await visitor.form('/cart/coupon', { ...fields, remove: '1', return: '/' }, headers);
      expect(answer.status, name).toBe(403);
      expect((await visitor.cart()).offercode).toBe('NAMASTE20');
    }
  });

  it('refuses the other form posts with another session’s token too', async () => {
    const visitor = await shopper();
    const other = await shopper();
    const before = await unchanged(visitor);
    for (const [path, fields] of [['/cart/coupon', { code: 'WELCOME50' }], ['/cart/add', { pack: '1:1' }], ['/cart/remove', { pack: '1:1', remove: '1' }]] as const) {
      expect((await visitor.form(path, { ...fields, xsrf: other.xsrf, return: '/' })).status, path).toBe(403);
    }
    expect(await unchanged(visitor)).toEqual(before);
  });

  it('accepts the shopper’s own token: the pincode changes and the coupon comes off', async () => {
    const visitor = await shopper();
    const pincode = await visitor.form('/cart/pincode', { xsrf: visitor.xsrf, pincode: '560034', return: '/products' });
    expect([pincode.status, pincode.headers.location]).toEqual([303, '/products']);
    expect((await visitor.cart()).pincode).toBe('560034');
    expect((await visitor.form('/cart/coupon', { xsrf: visitor.xsrf, remove: '1', return: '/' })).status).toBe(303);
    expect((await visitor.cart()).offercode).toBeNull();
  });

  it('accepts a shared page’s form without a token from the shop’s own page, with the session’s own token', async () => {
    const visitor = await shopper();
    const answer = await visitor.form('/cart/pincode', { pincode: '560034', return: '/products' });
    expect([answer.status, answer.headers.location]).toEqual([303, '/products']);
    expect((await visitor.cart()).pincode).toBe('560034');
    const before = (await visitor.cart()).quantity;
    const added = await visitor.form('/cart/add', { pack: '1:1', return: '/products' });
    expect(added.status).toBe(303);
    expect((await visitor.cart()).quantity).toBe(before + 1);
  });

  it('refuses 20 parallel forged pincode posts with other sessions’ tokens, every one', async () => {
    const victim = await shopper();
    const others = await Promise.all(Array.from({ length: 20 }, async () => {
      const other = new HttpVisitor(server.base);
      await other.api('/cookie');
      return other;
    }));
    const statuses = (await Promise.all(others.map((other, i) => victim.form('/cart/pincode', { xsrf: other.xsrf, pincode: i % 2 ? '560034' : '400001', return: '/' })))).map((a) => a.status);
    expect(statuses).toEqual(Array(20).fill(403));
    expect((await victim.cart()).pincode).toBe('560001');
  });

  it('lets a first visit (no session yet) post from the shop’s own page, and no other', async () => {
    const foreign: Record<string, string>[] = [{ origin: '' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': '', origin: 'http://shop2.localhost' }];
    for (const headers of foreign) {
      const stranger = new HttpVisitor(server.base);
      const answer = await stranger.form('/cart/pincode', { pincode: '560034', return: '/' }, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(stranger.cookies.has('sid'), JSON.stringify(headers)).toBe(false);
    }
    const newcomer = new HttpVisitor(server.base);
    expect((await newcomer.form('/cart/pincode', { pincode: '560034', return: '/' })).status).toBe(303);
    expect((await newcomer.cart()).pincode).toBe('560034');
  });
});

describe('the logout page', () => {
  it('keeps the session when another site (or another website of the shop) links to it', async () => {
    const visitor = await shopper();
    for (const site of ['cross-site', 'same-site']) {
      const answer = await rawRequest(server.base, '/auth/logout', { method: 'GET', headers: { ...visitor.cookieHeader(), 'sec-fetch-site': site } });
      expect(answer.status).toBe(303);
      expect((await visitor.cart()).pincode, site).toBe('560001');
    }
  });

  it('ends the session when the shopper follows it on the shop', async () => {
    const visitor = await shopper();
    visitor.keep(await rawRequest(server.base, '/auth/logout', { method: 'GET', headers: { ...visitor.cookieHeader(), 'sec-fetch-site': 'same-origin' } }));
    expect(visitor.cookies.has('sid')).toBe(false);
    expect((await visitor.cart()).pincode).toBeNull();
  });
});
