import { describe, expect, it } from 'vitest';
import { browserSend } from '../../src/lib/api/browser';
import { createApiClient } from '../../src/lib/api/client';

/** A fake browser: records calls; /s/api/cookie sets the XSRF cookie as a server would. */
function fakeBrowser(initialCookies = '') {
  let cookies = initialCookies;
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    if (url === '/s/api/cookie') {
      cookies = 'sid=abc; XSRF-TOKEN=tok%2Ben';
      return Response.json({ ok: true });
    }
    return Response.json({ ok: true });
  }) as typeof globalThis.fetch;
  return { calls, send: browserSend({ fetch, cookies: () => cookies, origin: 'http://localhost:4321' }) };
}

describe('the browser transport', () => {
  it('fetches the anti-forgery cookie before the first non-GET call, then echoes it in the header', async () => {
    const browser = fakeBrowser();
    await browser.send('/cart/add', { method: 'POST', body: '{}' });
    expect(browser.calls.map((c) => c.url)).toEqual(['/s/api/cookie', '/s/api/cart/add']);
    const headers = new Headers(browser.calls[1]!.init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(headers.get('X-Origin')).toBe('http://localhost:4321');
    expect(browser.calls[1]!.init.credentials).toBe('include');
  });

  it('does not fetch the cookie again when it is present, nor for GET calls', async () => {
    const browser = fakeBrowser('XSRF-TOKEN=present');
    await browser.send('/cart', {});
    await browser.send('/cart/remove', { method: 'POST' });
    expect(browser.calls.map((c) => c.url)).toEqual(['/s/api/cart', '/s/api/cart/remove']);
    expect(new Headers(browser.calls[0]!.init.headers).get('X-XSRF-TOKEN')).toBeNull();
    expect(new Headers(browser.calls[1]!.init.headers).get('X-XSRF-TOKEN')).toBe('present');
  });
});

describe('the typed client', () => {
  it('refuses an answer that does not match the contract, and carries the API message on failure', async () => {
    const answers: Response[] = [Response.json({ data: 'nope' }), Response.json({ message: 'Product not found' }, { status: 404 })];
    const client = createApiClient(async () => answers.shift()!);
    await expect(client.products()).rejects.toMatchObject({ status: 502 });
    await expect(client.product('x')).rejects.toMatchObject({ status: 404, message: 'Product not found' });
  });
});
