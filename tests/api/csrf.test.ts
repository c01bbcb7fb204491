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
