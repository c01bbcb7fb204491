import { describe, expect, it } from 'vitest';
import { browserSend, isJsonObject } from './browser';
import { createApiClient } from './client';
import { parseWithContract } from './contract-check';

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
  it('on the server, refuses an answer that does not match the contract, and carries the API message on failure', async () => {
    const answers: Response[] = [Response.json({ data: 'nope' }), Response.json({ message: 'Product not found' }, { status: 404 })];
    const client = createApiClient(async () => answers.shift()!, parseWithContract);
    await expect(client.products()).rejects.toMatchObject({ status: 502 });
    await expect(client.product('x')).rejects.toMatchObject({ status: 404, message: 'Product not found' });
  });

  it('on the server, fills in the contract defaults', async () => {
    const client = createApiClient(async () => Response.json({ message: 'Saved' }), parseWithContract);
    expect(await client.submitForm({ formtype: 'contact', formdata: {} })).toEqual({ message: 'Saved' });
    const pack = { pack_id: 1, pack_name: '1 kg', price: 50, act_price: 60, discount: 10, warehouse_id: 1, discount_type: null };
    const product = { product_id: 1, product_name: 'Rice', brand_name: 'B', slug: 'rice', brand_slug: 'b', medias: [], packs: [pack] };
    const parsed = await createApiClient(async () => Response.json(product), parseWithContract).product('rice');
    expect(parsed.packs[0]!.in_stock).toBe(true);
    expect(parsed.image).toBe('');
  });

  it('in the browser, takes a JSON object as the contract types it, and refuses what is no answer of the API', async () => {
    const answers: Response[] = [
      Response.json({ message: 'Saved' }),
      new Response('<!doctype html><title>Gateway</title>', { status: 200, headers: { 'content-type': 'text/html' } }),
      Response.json(['not', 'a', 'cart']),
      Response.json(null),
    ];
    const client = createApiClient(async () => answers.shift()!, isJsonObject);
    expect(await client.submitForm({ formtype: 'contact', formdata: {} })).toEqual({ message: 'Saved' });
    await expect(client.cart()).rejects.toMatchObject({ status: 502, message: 'The shop answered /cart in an unexpected shape' });
    await expect(client.addToCart({ pack_id: 1, warehouse_id: 1 })).rejects.toMatchObject({ status: 502 });
    await expect(client.removeCoupon()).rejects.toMatchObject({ status: 502 });
  });
});
