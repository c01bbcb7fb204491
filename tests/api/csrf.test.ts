import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { hashToken } from '../../src/server/services/sessions';
import { describeApi, type Visitor } from './shop';

/** The first product's first pack, as the storefront would add it. */
async function somePack(visitor: Visitor) {
  const { data } = await (await visitor.get('/products?perPage=1')).json();
  return { pack_id: data[0].packs[0].pack_id as number, warehouse_id: data[0].packs[0].warehouse_id as number };
}
const cartQuantity = async (visitor: Visitor) => (await (await visitor.get('/cart')).json()).quantity as number;

describeApi('anti-forgery: XSRF cookie and header, origin checks', (shop) => {
  it('GET /cookie sets XSRF-TOKEN on path / bound to the session (an HMAC of its id)', async () => {
    const visitor = shop().visitor();
    const response = await visitor.get('/cookie');
    expect(response.status).toBe(200);
    const lines = response.headers.getSetCookie();
    const xsrfLine = lines.find((l) => l.startsWith('XSRF-TOKEN='));
    expect(xsrfLine).toMatch(/Path=\//);
    expect(xsrfLine).not.toMatch(/HttpOnly/i);
    expect(lines.filter((l) => l.startsWith('XSRF-TOKEN='))).toHaveLength(1);
    const sid = visitor.cookies.get('sid')!;
    const storedId = hashToken(sid);
    const expected = createHmac('sha256', shop().deps.secret).update(`xsrf:${storedId}`).digest('base64url');
    expect(visitor.xsrf).toBe(expected);
    // Asking again keeps the same session and token.
    await visitor.get('/cookie');
    expect(visitor.cookies.get('sid')).toBe(sid);
    expect(visitor.xsrf).toBe(expected);
  });

  it('refuses a non-GET call without the header, with 403 JSON, and changes nothing', async () => {
    const visitor = await shop().visitor().start();
    const response = await visitor.post('/cart/add', await somePack(visitor), { xsrf: false });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(await cartQuantity(visitor)).toBe(0);
  });

  it('refuses a wrong token', async () => {
    const visitor = await shop().visitor().start();
    const wrong = visitor.xsrf!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'));
    const response = await visitor.post('/cart/add', await somePack(visitor), { xsrf: wrong });
    expect(response.status).toBe(403);
    expect(await cartQuantity(visitor)).toBe(0);
  });

  it("refuses another session's token", async () => {
    const mallory = await shop().visitor().start();
    const victim = await shop().visitor().start();
    const response = await victim.post('/cart/add', await somePack(victim), { xsrf: mallory.xsrf });
    expect(response.status).toBe(403);
    expect(await cartQuantity(victim)).toBe(0);
  });

  it('refuses a call with no session at all, even with a well-formed token', async () => {
    const stranger = shop().visitor();
    const response = await stranger.post('/cart/add', { pack_id: 1, warehouse_id: 1 }, { xsrf: 'x'.repeat(43) });
    expect(response.status).toBe(403);
  });

  it('refuses cross-site calls even with the right token', async () => {
    const visitor = await shop().visitor().start();
    const pack = await somePack(visitor);
    const evilOrigin = await visitor.post('/cart/add', pack, { headers: { Origin: 'https://evil.example' } });
    expect(evilOrigin.status).toBe(403);
    const crossSite = await visitor.post('/cart/add', pack, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const wrongPageOrigin = await visitor.post('/cart/add', pack, { headers: { 'X-Origin': 'http://shop2.localhost' } });
    expect(wrongPageOrigin.status).toBe(403);
    expect(await cartQuantity(visitor)).toBe(0);
  });

  it('accepts a same-origin call with the right token', async () => {
    const visitor = await shop().visitor().start();
    const response = await visitor.post('/cart/add', await somePack(visitor), {
      headers: { Origin: 'http://localhost', 'X-Origin': 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).toBe(200);
    expect(await cartQuantity(visitor)).toBe(1);
  });
});

describeApi('hardening found in review', (shop) => {
  it('serialises concurrent changes to one cart (no lost updates, no duplicate-key errors)', async () => {
    const visitor = await shop().visitor().start();
    const pack = await shop().deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id']).where('stock', '>=', 20).where('max_per_order', '>=', 8).orderBy('id').executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 6 }, () => visitor.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await (await visitor.get('/cart')).json()).items[0].quantity).toBe(6);
  });

  it('refuses ids beyond the database range with 400, on every backend alike', async () => {
    const visitor = await shop().visitor().start();
    expect((await visitor.get('/products?c=99999999999')).status).toBe(400);
    expect((await visitor.get('/products?b=3000000000')).status).toBe(400);
    expect((await visitor.post('/cart/add', { pack_id: 3_000_000_000, warehouse_id: 1 })).status).toBe(400);
  });

  it('refuses the state-changing GETs (logout, remove coupon) from another site', async () => {
    const visitor = await shop().visitor().start();
    expect((await visitor.request('/auth/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await visitor.request('/remove/coupon', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
  });

  it('counts parallel code guesses one by one: at most five are ever checked', async () => {
    const visitor = await shop().visitor().start();
    await visitor.post('/auth/login', { identifier: '9876500003' }, { headers: { 'x-client-ip': '10.9.9.9' } });
    const { messages } = await (await shop().visitor().get('/dev/outbox?to=9876500003')).json();
    const code = /\b(\d{6})\b/.exec(messages[0].text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => visitor.post('/auth/verify', { code: wrong })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await visitor.post('/auth/verify', { code })).status).toBe(429);
  });
});
