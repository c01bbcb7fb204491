import { expect, test } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { rawRequest } from './support/raw-http';

/** Protocol edges, over raw TCP so nothing between the test and the built server rewrites the request. */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const get = (target: string, headers: Record<string, string> = {}) => rawRequest(PORT, `GET ${target} HTTP/1.1`, headers);

/** The shop's own layout around an answer: its header, the first website's name, a way home. */
function expectThemed(body: string) {
  expect(body.includes('<header'), 'the shop header').toBe(true);
  expect(body.includes('Annapurna Fresh'), "the website's name").toBe(true);
  expect(/<a [^>]*href="\/"/.test(body), 'a link home').toBe(true);
}

test.describe('protocol edges @desktop', () => {
  test('a 404 says "404 Not Found" on its status line', async () => {
    const answer = await get('/no-such-page');
    expect(answer.statusLine).toBe('HTTP/1.1 404 Not Found');
    expectThemed(answer.body);
    const product = await get('/products/no-such-product');
    expect(product.statusLine).toBe('HTTP/1.1 404 Not Found');
  });

  test('a 403 says "403 Forbidden" on its status line', async ({ page }) => {
    await registerWithApi(page, '9876511101', 'Protocol Tester');
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const answer = await get('/auth/bos/choose', { Cookie: cookie });
    expect(answer.statusLine).toBe('HTTP/1.1 403 Forbidden');
    expect(answer.body.includes('You do not have access to this page'), 'the themed 403 page').toBe(true);
  });

  for (const target of ['/products?q=%E0%A4', '/%C0%AF', '/products/%FF', '/account/%25C0%25AF']) {
    test(`malformed UTF-8 in ${target} answers the themed 400 page`, async () => {
      const answer = await get(target);
      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.headers.get('content-type')?.[0]).toMatch(/^text\/html/);
      expectThemed(answer.body);
      expect(answer.body.includes('This address is not valid'), 'the 400 message').toBe(true);
    });
  }

  test('an absolute-form request line is routed by its path, and the guard applies', async () => {
    const account = await get(`http://localhost:${PORT}/account`);
    expect(account.status).toBe(303);
    expect(account.headers.get('location')).toEqual(['/auth/login?redirect=%2Faccount']);
    const listing = await get(`http://localhost:${PORT}/products?q=rice`);
    expect(listing.status).toBe(200);
    expect(listing.body.includes('<meta name="scroll" content="keep"'), 'the listing page').toBe(true);
  });

  test("an absolute-form request is served for the request-target's host, as if it were the Host header (RFC 9112)", async () => {
    const second = await get(`http://shop2.localhost:${PORT}/`, { Host: `localhost:${PORT}` });
    expect(second.status).toBe(200);
    expect(second.body.includes('Kirana Bazaar'), 'the second website').toBe(true);
    expect(second.body.includes('Annapurna Fresh'), 'the first website').toBe(false);
  });

  test('request targets that are not an origin path or an http(s) URL answer the themed 400 page', async () => {
    for (const target of [`http://user:secret@localhost:${PORT}/`, `ftp://localhost:${PORT}/`, '*']) {
      const answer = await get(target);
      expect(answer.statusLine, target).toBe('HTTP/1.1 400 Bad Request');
      expectThemed(answer.body);
    }
  });
});

