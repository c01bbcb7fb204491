import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, testPort, type BuiltServer } from './built-server';

/** The stylesheet is a cached file, not part of every page (docs/benchmarks.md: repeat navigations download no CSS again). */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(13));
}, 300_000);
afterAll(() => server?.close());

const page = async (path: string) => {
  const answer = await fetch(server.base + path);
  expect(answer.status, path).toBe(200);
  return answer.text();
};
const inlineCss = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + m[1]!.length, 0);
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);

describe('the stylesheet', () => {
  it('is one hashed file every catalogue page links, served immutable and compressed, not inlined', async () => {
    const product = (await (await fetch(`${server.base}/s/api/products?perPage=1`)).json()) as { data: { slug: string }[] };
    const pages = await Promise.all(['/', '/products', `/products/${product.data[0]!.slug}`].map(page));
    const shared = stylesheets(pages[0]!).filter((href) => pages.every((html) => stylesheets(html).includes(href)));
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatch(/^\/_astro\/[\w-]+\.[\w-]{8}\.css$/);
    for (const html of pages) expect(inlineCss(html), 'inline CSS bytes').toBeLessThan(1024);
    const css = await fetch(server.base + shared[0]!, { headers: { 'accept-encoding': 'gzip' } });
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toContain('immutable');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect((await css.text()).length).toBeGreaterThan(20_000);
  });

  it('keeps the listing (24 cards) within 80 KB of HTML and 14 KB gzipped, its filters drawn once', async () => {
    // The target (docs/benchmarks.md): component classes, slim icons, short island props and one filter panel (the sidebar, or
    // the phone's dialog) brought the listing from 118 KB (15.3 KB gzipped) to under 80 KB (13 KB).
    const html = await page('/products');
    expect((html.match(/<article/g) ?? []).length).toBe(24);
    expect((html.match(/data-listing-filters/g) ?? []).length, 'filter forms').toBe(1);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(80 * 1024);
    expect(gzipSync(html).length).toBeLessThanOrEqual(14 * 1024);
  });

  it('ships no source comment and no empty cart to a first-time visitor, in either language', async () => {
    // A comment in an .astro template is sent to every visitor; the empty cart was 1.4 KB of the panel's props.
    for (const path of ['/', '/products', '/hi', '/hi/products']) {
      const html = await page(path);
      expect(html.replace(/<!--astro:end-->/g, '').match(/<!--[\s\S]*?-->/g) ?? [], path).toEqual([]);
      expect(html, path).toContain('data-cart-empty');
      expect(html, path).not.toContain('&quot;cart&quot;:[0,{');
    }
  });

  it('leaves a product page under 60 KB of HTML', async () => {
    const product = (await (await fetch(`${server.base}/s/api/products?perPage=1`)).json()) as { data: { slug: string }[] };
    const html = await page(`/products/${product.data[0]!.slug}`);
    expect(Buffer.byteLength(html)).toBeLessThan(60 * 1024);
    expect(gzipSync(html).length).toBeLessThan(14 * 1024);
  });
});

describe('the browser\'s build', () => {
  it('preloads nothing for a dynamic import: no chunk carries Vite\'s preload helper (0.9 KB on every page)', () => {
    // The server above was built from this tree (startBuiltServer builds when stale).
    const dir = join(import.meta.dirname, '../../dist/client/_astro');
    const scripts = readdirSync(dir).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(20);
    const helpers = scripts.filter((name) => /vite:preloadError/.test(readFileSync(join(dir, name), 'utf8')));
    expect(helpers).toEqual([]);
  });
});

describe('server rendering', () => {
  it('renders each React island once: one React id prefix per island, none spent on a second render', async () => {
    // React's ids (useId) are prefixed per render with Astro's counter: r0, r1, … A component also rendered to
    // answer @astrojs/react's "is this React?" check spent a prefix on that render too (r0…r63 on the listing).
    // The listing's React renders: its islands, and the pagination (React, drawn on the server only).
    const html = await page('/products');
    const prefixes = [...html.matchAll(/<astro-island[^>]* prefix="r(\d+)"/g)].map((m) => Number(m[1]));
    expect(prefixes.length).toBeGreaterThanOrEqual(24);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(Math.max(...prefixes) + 1, 'React renders').toBe(prefixes.length + 1);
  });

  it('uses no id twice on the listing, a product page and home (a label or aria-controls names one element)', async () => {
    // Each island is rendered on its own, to a string: each must keep its own useId prefix (astro.config.mjs).
    const product = (await (await fetch(`${server.base}/s/api/products?perPage=1`)).json()) as { data: { slug: string }[] };
    for (const path of ['/products', `/products/${product.data[0]!.slug}`, '/']) {
      const ids = [...(await page(path)).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
      expect(ids.length, path).toBeGreaterThan(10);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), `ids used twice on ${path}`).toEqual([]);
    }
  });
});

/** The bytes of an answer as they came over the wire (fetch would decode them), with its headers. */
function wire(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const request = httpRequest(server.base + path, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', fail);
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${path} within 20 s`)));
    request.end();
  });
}

describe('a page drawn for one request', () => {
  // The sign-in page is never kept, and a missing page's 404 neither: each is drawn for its request.
  it.each(['/auth/login', '/no-such-page-here'])('%s comes compressed in one piece, its length said, as the browser asks', async (path) => {
    const plain = await wire(path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    for (const [asked, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answer = await wire(path, { 'accept-encoding': asked });
      expect(answer.status).toBe(plain.status);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      const text = decode(answer.body).toString();
      // The same page (but for the request's own ids and nonces).
      expect(text.length).toBeGreaterThan(html.length * 0.98);
      expect(text.length).toBeLessThan(html.length * 1.02);
      expect(text).toMatch(/<\/html>\s*$/);
      expect(answer.body.byteLength).toBeLessThan(text.length / 3);
    }
    const head = await wire(path, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(plain.status);
    expect(head.body.byteLength).toBe(0);
  });
});
