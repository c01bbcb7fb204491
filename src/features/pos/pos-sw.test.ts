import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The till's service worker (public/pos-sw.js) is a plain script the browser loads as it is; its pure parts are on
 * `self.posOffline`. Run here with a stand-in `self` that has no `caches`, so only those parts are defined.
 */
interface PosOffline {
  isPosPage(pathname: string): boolean;
  routeOf(request: { method: string; url: string; mode: string }, origin: string): 'page' | 'asset' | null;
  isKeepablePage(response: { status: number; redirected: boolean; type: string; headers: Headers } | null): boolean;
  assetUrls(text: string, base: string, origin: string): string[];
  staleAssets(kept: string[], referenced: string[], fetchedSince: Iterable<string>): string[];
}
const self: { posOffline?: PosOffline; addEventListener: () => void } = { addEventListener: () => undefined };
runInNewContext(readFileSync(new URL('../../../public/pos-sw.js', import.meta.url), 'utf8'), { self, URL });
const sw = self.posOffline!;
const ORIGIN = 'https://shop.example';

describe('what the till’s service worker touches', () => {
  const request = (url: string, init: { method?: string; mode?: string } = {}) => ({ method: init.method ?? 'GET', mode: init.mode ?? 'cors', url: `${ORIGIN}${url}` });

  it('serves a navigation to /pos, network first', () => {
    expect(sw.routeOf(request('/pos', { mode: 'navigate' }), ORIGIN)).toBe('page');
    expect(sw.routeOf(request('/pos?x=1', { mode: 'navigate' }), ORIGIN)).toBe('page');
  });

  it('leaves content pages that only start with /pos, and shopper pages, alone', () => {
    expect(sw.routeOf(request('/posters', { mode: 'navigate' }), ORIGIN)).toBeNull();
    expect(sw.routeOf(request('/products', { mode: 'navigate' }), ORIGIN)).toBeNull();
  });

  it('never touches the API, a POST or another origin', () => {
    expect(sw.routeOf(request('/s/api/pos/counter'), ORIGIN)).toBeNull();
    expect(sw.routeOf(request('/s/api/pos/sales', { method: 'POST' }), ORIGIN)).toBeNull();
    expect(sw.routeOf(request('/_astro/a.js', { method: 'POST' }), ORIGIN)).toBeNull();
    expect(sw.routeOf({ method: 'GET', mode: 'cors', url: 'https://cdn.example/_astro/a.js' }, ORIGIN)).toBeNull();
  });

  it('serves the build’s hashed files cache first, nothing else', () => {
    expect(sw.routeOf(request('/_astro/PosScreen.Ab12.js'), ORIGIN)).toBe('asset');
    expect(sw.routeOf(request('/favicon.svg'), ORIGIN)).toBeNull();
  });
});

describe('which answers to /pos are kept', () => {
  const answer = (status: number, type = 'text/html; charset=utf-8', redirected = false) => ({ status, redirected, type: 'basic', headers: new Headers({ 'content-type': type }) });

  it('keeps a 200 HTML page', () => {
    expect(sw.isKeepablePage(answer(200))).toBe(true);
  });

  it('never the sign-in a redirect ended at, the 403 page, an error or JSON', () => {
    expect(sw.isKeepablePage(answer(200, 'text/html', true))).toBe(false);
    expect(sw.isKeepablePage(answer(403))).toBe(false);
    expect(sw.isKeepablePage(answer(503))).toBe(false);
    expect(sw.isKeepablePage(answer(200, 'application/json'))).toBe(false);
    expect(sw.isKeepablePage({ status: 0, redirected: false, type: 'opaqueredirect', headers: new Headers() })).toBe(false);
    expect(sw.isKeepablePage(null)).toBe(false);
  });
});

describe('the files a page references', () => {
  it('reads scripts, styles, modulepreloads, islands and inline fonts from the HTML', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/_astro/Pos.Cc34.css">
      <link rel="modulepreload" href="/_astro/client.Dd56.js">
      <script type="module" src="/_astro/page.Ee78.js"></script>
      <style>@font-face{font-family:x;src:url(/_astro/noto.Ff90.woff2) format('woff2')}</style>
      <link rel="icon" href="/favicon.svg">
      </head><body>
      <astro-island component-url="/_astro/PosScreen.Aa12.js" renderer-url="/_astro/client.Dd56.js" before-hydration-url="/_astro/before.Gg12.js"></astro-island>
      <a href="/auth/logout">Sign out</a><img src="https://cdn.example/_astro/x.png">
      </body></html>`;
    expect(sw.assetUrls(html, `${ORIGIN}/pos`, ORIGIN).sort()).toEqual(
      ['Pos.Cc34.css', 'client.Dd56.js', 'page.Ee78.js', 'noto.Ff90.woff2', 'PosScreen.Aa12.js', 'before.Gg12.js'].map((f) => `${ORIGIN}/_astro/${f}`).sort(),
    );
  });

  it('reads the chunks a script imports and Vite’s dependency lists', () => {
    const js = `import{a as b}from"./chunk.Hh34.js";const m=()=>import("./UpiPayment.Ii56.js");const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/qr.Jj78.js","_astro/qr.Kk90.css"])))=>i.map(i=>d[i]);`;
    expect(sw.assetUrls(js, `${ORIGIN}/_astro/PosScreen.Aa12.js`, ORIGIN).sort()).toEqual(
      ['chunk.Hh34.js', 'UpiPayment.Ii56.js', 'qr.Jj78.js', 'qr.Kk90.css'].map((f) => `${ORIGIN}/_astro/${f}`).sort(),
    );
  });

  it('reads fonts from a stylesheet, without their query', () => {
    const css = `@font-face{src:url(./inter.Ll12.woff2?v=1) format("woff2"),url("/_astro/inter.Mm34.woff") format("woff")}`;
    expect(sw.assetUrls(css, `${ORIGIN}/_astro/Pos.Cc34.css`, ORIGIN).sort()).toEqual([`${ORIGIN}/_astro/inter.Ll12.woff2`, `${ORIGIN}/_astro/inter.Mm34.woff`]);
  });

  it('ignores relative references outside /_astro/ and plain directories', () => {
    expect(sw.assetUrls(`"../lib/x.js" "./"`, `${ORIGIN}/_astro/a.js`, ORIGIN)).toEqual([]);
  });
});

describe('the old build’s files', () => {
  it('drops what the new page does not reference and was not fetched since', () => {
    const kept = ['a.js', 'old.js', 'lazy.js', 'old.css'].map((f) => `${ORIGIN}/_astro/${f}`);
    expect(sw.staleAssets(kept, [`${ORIGIN}/_astro/a.js`], new Set([`${ORIGIN}/_astro/lazy.js`]))).toEqual([`${ORIGIN}/_astro/old.js`, `${ORIGIN}/_astro/old.css`]);
  });
});
