import { expect, it } from 'vitest';
import { Cart } from '../../src/contract';
import { hashToken } from '../../src/server/services/sessions';
import { describeApi, type TestShop, type Visitor } from './shop';

/**
 * The product makes three calls that change state GETs: check pincode (it stores the pincode), remove coupon and
 * logout. A link, image or prefetch from another site can send a GET with the shopper's cookies, so these are
 * refused unless the call carries the page origin our clients send, and nothing says another site sent it.
 */
type Forgery = { name: string; init: RequestInit & { xsrf?: string | false; pageOrigin?: string | false } };
const forgeries: Forgery[] = [
  { name: 'without the page-origin header (a plain link, image or prefetch)', init: { pageOrigin: false } },
  { name: 'with the page origin of another site', init: { pageOrigin: 'https://evil.example' } },
  { name: 'with the page origin of another website of the same shop', init: { pageOrigin: 'http://shop2.localhost' } },
  { name: 'with an Origin of another site', init: { headers: { Origin: 'https://evil.example' } } },
  { name: 'with Sec-Fetch-Site: cross-site', init: { headers: { 'Sec-Fetch-Site': 'cross-site' } } },
  { name: 'with Sec-Fetch-Site: same-site', init: { headers: { 'Sec-Fetch-Site': 'same-site' } } },
  { name: 'with a wrong anti-forgery token', init: { xsrf: 'A'.repeat(43) } },
];

async function stockedPack(shop: TestShop) {
  return shop.deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id', 'price_paise']).where('stock', '>=', 20).where('price_paise', '>=', 15000).orderBy('id').executeTakeFirstOrThrow();
}
/** A visitor with a cart over ₹150, delivery to 560001 and NAMASTE20 applied. */
async function shopperWithCoupon(shop: TestShop): Promise<Visitor> {
  const visitor = await shop.visitor().start();
  const pack = await stockedPack(shop);
  expect((await visitor.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id })).status).toBe(200);
  expect((await visitor.get('/check/pincode/560001')).status).toBe(200);
  expect((await visitor.post('/apply/coupon', { code: 'NAMASTE20' })).status).toBe(200);
  return visitor;
}
const cartOf = async (visitor: Visitor) => Cart.parse(await (await visitor.get('/cart')).json());
const sessionAlive = async (shop: TestShop, visitor: Visitor) =>
  !!(await shop.deps.db.kysely.selectFrom('sessions').select('id').where('id', '=', hashToken(visitor.cookies.get('sid')!)).executeTakeFirst());

describeApi('state-changing GETs refuse calls another site could make', (shop) => {
  it('accepts each of them from the shop itself (page origin sent, same origin)', async () => {
    const visitor = await shopperWithCoupon(shop());
    const same = { headers: { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' } };
    expect((await visitor.request('/check/pincode/560034', same)).status).toBe(200);
    expect((await cartOf(visitor)).pincode).toBe('560034');
    expect((await visitor.request('/remove/coupon', same)).status).toBe(200);
    expect((await cartOf(visitor)).offercode).toBeNull();
    expect((await visitor.request('/auth/logout', same)).status).toBe(200);
    expect(await sessionAlive(shop(), visitor)).toBe(false);
  });

  for (const forgery of forgeries) {
    it(`refuses check pincode ${forgery.name}, and the pincode stays`, async () => {
      const visitor = await shopperWithCoupon(shop());
      const answer = await visitor.request('/check/pincode/560034', forgery.init);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ message: expect.any(String) });
      expect((await cartOf(visitor)).pincode).toBe('560001');
    });

    it(`refuses remove coupon ${forgery.name}, and the coupon stays`, async () => {
      const visitor = await shopperWithCoupon(shop());
      expect((await visitor.request('/remove/coupon', forgery.init)).status).toBe(403);
      expect((await cartOf(visitor)).offercode).toBe('NAMASTE20');
    });

    it(`refuses logout ${forgery.name}, and the session stays`, async () => {
      const visitor = await shop().visitor().start();
      expect((await visitor.request('/auth/logout', forgery.init)).status).toBe(403);
      expect(await sessionAlive(shop(), visitor)).toBe(true);
    });
  }

  it("refuses another session's token on each of them", async () => {
    const mallory = await shop().visitor().start();
    const victim = await shopperWithCoupon(shop());
    for (const path of ['/check/pincode/560034', '/remove/coupon', '/auth/logout']) expect((await victim.request(path, { xsrf: mallory.xsrf })).status).toBe(403);
    const cart = await cartOf(victim);
    expect([cart.pincode, cart.offercode]).toEqual(['560001', 'NAMASTE20']);
    expect(await sessionAlive(shop(), victim)).toBe(true);
  });

  it('refuses a first visit without the page origin: no session is started and no pincode stored', async () => {
    const stranger = shop().visitor();
    expect((await stranger.request('/check/pincode/560034', { pageOrigin: false })).status).toBe(403);
    expect(stranger.cookies.has('sid')).toBe(false);
  });

  it('refuses 20 parallel forged calls with other sessions’ tokens or no page origin, all of them', async () => {
    const victim = await shopperWithCoupon(shop());
    const others = await Promise.all(Array.from({ length: 10 }, () => shop().visitor().start()));
    const calls = others.flatMap((other, i) => [
      victim.request(`/check/pincode/${i % 2 ? '560034' : '400001'}`, { xsrf: other.xsrf }),
      victim.request(i % 2 ? '/remove/coupon' : '/auth/logout', { pageOrigin: false }),
    ]);
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual(Array(20).fill(403));
    const cart = await cartOf(victim);
    expect([cart.pincode, cart.offercode]).toEqual(['560001', 'NAMASTE20']);
    expect(await sessionAlive(shop(), victim)).toBe(true);
  });
});
