import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startBuiltServer, testPort, type BuiltServer } from './built-server';

/**
 * The built shop's pages over real HTTP: an address whose search or product carries a control character is the
 * themed 400 page (the API refuses the text, docs/security.md), never an error page; and no page carries an
 * inline script: the island runtime is files too, and script-src is this origin alone (docs/security.md#scripts).
 */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(23));
}, 300_000);
afterAll(() => server?.close());

const get = (path: string) => rawRequest(server.base, path, { method: 'GET' });

describe('addresses with control characters', () => {
  it('answer the 400 page for a search or a product slug with a NUL or an override', async () => {
    for (const path of ['/products?q=atta%00', '/products?q=%E2%80%AEatta', '/products/atta%00', '/products/%00']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain('This address is not valid');
    }
    expect((await get('/products?q=atta')).status).toBe(200);
  });
});

describe('scripts', () => {
  /** Scripts that run (JSON-LD data blocks do not) and carry their code in the page. */
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!));

  it('none is inline: the island runtime is files under /_astro/, served immutable, and script-src is this origin alone', async () => {
    for (const [path, runtime] of [
      ['/', ['astro-island', 'client-interaction']],
      ['/products', ['astro-island', 'client-interaction']],
      ['/auth/login', ['astro-island', 'client-interaction', 'client-load']],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(inlineScripts(answer.body).map(([, , code]) => code!.slice(0, 80)), path).toEqual([]);
      expect(/script-src ([^;]+)/.exec(String(answer.headers['content-security-policy']))![1], path).toBe("'self'");
      // Classic scripts (no type, no async or defer): they run where the inline ones did, before the island.
      const files = [...answer.body.matchAll(/<script src="(\/_astro\/([a-z-]+)\.[\w-]+\.js)"><\/script>/g)];
      expect(files.map(([, , name]) => name).sort(), path).toEqual([...runtime].sort());
      for (const [, file] of files) {
        const asset = await get(file!);
        expect(asset.status, file).toBe(200);
        expect(String(asset.headers['content-type']), file).toMatch(/^text\/javascript/);
        expect(String(asset.headers['cache-control']), file).toContain('immutable');
      }
    }
  });
});

describe('the till’s service worker (docs/pos-client.md#the-offline-copy-of-the-page)', () => {
  it('is served revalidated, with a policy that lets it fetch from this origin only', async () => {
    const worker = await get('/pos-sw.js');
    expect(worker.status).toBe(200);
    expect(String(worker.headers['content-type'])).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'");
  });

  it('is named by no shopper page', async () => {
    for (const path of ['/', '/products', '/auth/login']) expect((await get(path)).body, path).not.toContain('pos-sw');
  });
});
