import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startBuiltServer, testPort, type BuiltServer } from './built-server';

/**
 * The built shop's pages over real HTTP: an address whose search or product carries a control character is the
 * themed 400 page (the API refuses the text, docs/security.md), never an error page; and the inline scripts a
 * page carries are exactly the island runtime the policy lists by hash (docs/security.md, README "CSP").
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

describe('inline scripts', () => {
  /** Inline scripts that run (JSON-LD data blocks do not), by the sha256 the policy names them with. */
  const inlineHashes = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
      .map(([, , code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);

  it('are the island runtime only: two on a shared page, three where islands hydrate on load, each allowed by hash', async () => {
    for (const [path, count] of [['/', 2], ['/products', 2], ['/auth/login', 3]] as const) {
      const answer = await get(path);
      const scriptSrc = /script-src ([^;]+)/.exec(String(answer.headers['content-security-policy']))![1]!.split(' ');
      const hashes = inlineHashes(answer.body);
      expect(hashes, path).toHaveLength(count);
      for (const hash of hashes) expect(scriptSrc, path).toContain(hash);
      expect(scriptSrc, path).toHaveLength(4);
    }
  });
});
