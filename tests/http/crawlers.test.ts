import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../src/lib/images';
import { sitemapEntries } from '../api/xml-check';
import { rawRequest, startBuiltServer, testPort, type BuiltServer } from './built-server';

/**
 * The built shop answers crawlers over real HTTP (docs/crawlers.md): robots.txt and the sitemap per website at the site's
 * root, /favicon.ico, and a plain 404 for a missing file instead of a 500 or a page of the shop. The server
 * trusts a proxy (TRUST_PROXY=true), so forwarded host and protocol decide the absolute URLs.
 */
let server: BuiltServer;
let port: number;
beforeAll(async () => {
  process.env.TRUST_PROXY = 'true';
  server = await startBuiltServer(testPort(10));
  port = server.port;
}, 300_000);
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.base, path, { method: 'GET', headers });

describe('robots.txt and the sitemap at the root, per website', () => {
  it('names each website’s own sitemap, absolute on the address the request reached', async () => {
    for (const host of [`localhost:${port}`, `shop2.localhost:${port}`]) {
      const answer = await get('/robots.txt', { host });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body).toContain('Disallow: /checkout/\n');
      expect(answer.body.match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: http://${host}/sitemap.xml`]);
    }
    const proxied = await get('/robots.txt', { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'shop2.localhost', 'x-forwarded-proto': 'https' });
    expect(proxied.body.match(/^Sitemap: .*$/gm)).toEqual(['Sitemap: https://shop2.localhost/sitemap.xml']);
  });

  it('serves /sitemap.xml for the host asked, publicly cacheable, with no session even when a cookie comes', async () => {
    for (const host of ['localhost', 'shop2.localhost']) {
      const answer = await get('/sitemap.xml', { host: `${host}:${port}`, cookie: 'sid=stale-or-forged' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(answer.headers['set-cookie']).toBeUndefined();
      const locs = sitemapEntries(answer.body).map((e) => e.loc);
      expect(locs).toContain(`http://${host}:${port}/products`);
      expect(locs.some((loc) => loc.startsWith(`http://${host}:${port}/products/`))).toBe(true);
      expect(locs.every((loc) => loc.startsWith(`http://${host}:${port}/`))).toBe(true);
    }
    expect((await get('/sitemap-1.xml')).status).toBe(404);
  });
});

describe('the favicon', () => {
  it('/favicon.ico leads to the website’s icon, which the page head names too', async () => {
    for (const [host, icon] of [['localhost', '/demo/favicon-annapurna.svg'], ['shop2.localhost', '/demo/favicon-kirana.svg']] as const) {
      const answer = await get('/favicon.ico', { host: `${host}:${port}` });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(icon);
      expect(answer.headers['set-cookie']).toBeUndefined();
      const file = await get(icon, { host: `${host}:${port}` });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect((await get('/', { host: `${host}:${port}` })).body).toContain(`<link rel="icon" href="${icon}">`);
    }
  });
});

describe('a missing file answers a short, uncached 404, never a 500 or a page of the shop', () => {
  for (const path of ['/_astro/nope.js', '/_astro/', '/_astro', '/_astro/deep/er/nope.css', '/demo/nope.png', '/nope.js', '/apple-touch-icon.png', '/cart/nope', '/sitemap-0.xml']) {
    it(path, async () => {
      const answer = await get(path, { cookie: 'sid=whatever' });
      expect(answer.status, answer.body.slice(0, 200)).toBe(404);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body.length).toBeLessThan(100);
      expect(answer.headers['set-cookie']).toBeUndefined();
    });
  }

  it('leaves pages alone: a path that is no page still gets the shop’s own 404 page', async () => {
    const answer = await get('/no-such-page');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('<link rel="icon"');
  });
});

describe("the demo's images at their sizes, served by the shop itself (no IMAGE_BASE_URL)", () => {
  it("prints the cards' images at the medium size, and serves each one medium wide", async () => {
    const listing = await get('/products');
    const sources = [...listing.body.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]!).filter((src) => src.includes('/demo/products/'));
    expect(sources.length).toBeGreaterThanOrEqual(20);
    for (const src of sources) expect(src).toMatch(/^\/medium\/demo\/products\/[a-z0-9-]+\.svg$/);
    const medium = await get(sources[0]!);
    expect(medium.status).toBe(200);
    expect(medium.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await sharp(Buffer.from(medium.body)).metadata()).toMatchObject({ width: IMAGE_SIZES.medium });
    // The full size is the file as it was drawn.
    const full = await get(sources[0]!.replace(/^\/medium/, ''));
    expect(full.status).toBe(200);
    expect((await sharp(Buffer.from(full.body)).metadata()).width).not.toBe(IMAGE_SIZES.medium);
  });
});
