import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, testPort, type BuiltServer } from './built-server';

/** The shop in two languages at two addresses (docs/languages.md). */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(27));
}, 300_000);
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.base + path, { headers, redirect: 'manual' });

describe('Hindi at /hi/', () => {
  it('draws the same route in Hindi: <html lang>, the shell’s words, both languages as alternates, a switch back to English', async () => {
    const answer = await get('/hi/products');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toContain('सामग्री पर जाएँ');
    expect(html).toMatch(/hreflang="en-IN" href="[^"]+\/products"/);
    expect(html).toMatch(/hreflang="hi-IN" href="[^"]+\/hi\/products"/);
    expect(html).toMatch(/<a href="\/language\/en\?back=%2Fproducts"[^>]*lang="en-IN"/);
    expect((html.match(/<article/g) ?? []).length).toBe(24);
    // The Devanagari font is named on Hindi pages only: the phone's own if it has one, else the file, preloaded.
    expect(html).toContain("font-family:'Noto Sans Devanagari'");
    expect(html).toContain("src:local('Noto Sans Devanagari')");
    expect(html).toMatch(/<link rel="preload" href="[^"]*noto-sans-devanagari[^"]*\.woff2" as="font" type="font\/woff2" crossorigin/);
    const english = await (await get('/products')).text();
    expect(english).toContain('<html lang="en-IN"');
    expect(english).not.toContain('Noto Sans Devanagari');
    expect(english).not.toContain('noto-sans-devanagari');
    expect(english).toMatch(/<a href="\/language\/hi\?back=%2Fproducts"[^>]*lang="hi-IN"[^>]*>हिन्दी</);
  });

  it('keeps each language’s page under its own address: interleaved, each answer is in the language asked for', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [path, lang] of [['/hi', 'hi-IN'], ['/', 'en-IN'], ['/hi/products?page=2', 'hi-IN'], ['/products?page=2', 'en-IN']] as const) {
        const answer = await get(path);
        expect(answer.status, path).toBe(200);
        expect(await answer.text(), `${path} round ${round}`).toContain(`<html lang="${lang}"`);
        if (round > 0) expect(answer.headers.get('x-page-cache'), path).toBe('hit');
      }
    }
  });

  it('remembers the switch in a cookie, honoured on the next visit to the home page, and never sends anywhere but this site', async () => {
    const switched = await get('/language/hi?back=%2Fproducts%3Fq%3Ddal');
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe('/hi/products?q=dal');
    const cookie = switched.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^lang=hi;/);
    expect(cookie).toMatch(/Max-Age=31536000/);

    const home = await get('/', { cookie: 'lang=hi' });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/hi');
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    // Chosen English (or nothing): the English home page itself.
    expect((await get('/', { cookie: 'lang=en' })).status).toBe(200);
    // Only the home page follows the cookie: any other address is the language it names.
    expect((await get('/products', { cookie: 'lang=hi' })).status).toBe(200);

    for (const back of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const answer = await get(`/language/hi?back=${encodeURIComponent(back)}`);
      expect(answer.status, back).toBe(303);
      expect(answer.headers.get('location'), back).toBe('/hi');
    }
    expect((await get('/language/fr')).status).toBe(404);
  });

  it('sends a signed-out shopper from a Hindi account page to the Hindi sign-in, to come back to the Hindi page', async () => {
    const answer = await get('/hi/account/orders?status=cancelled');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/hi/auth/login?redirect=${encodeURIComponent('/hi/account/orders?status=cancelled')}`);
    const english = await get('/account/orders');
    expect(english.headers.get('location')).toBe(`/auth/login?redirect=${encodeURIComponent('/account/orders')}`);
  });

  it('has no Hindi copy of what is in one language only: the API, files, the back office', async () => {
    for (const path of ['/hi/s/api/init', '/hi/bos/admin', '/hi/robots.txt', '/hi/language/en', '/hi/_astro/x.js']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
