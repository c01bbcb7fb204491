import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Init } from '../../src/contract';
import { forwardToApi } from '../../src/server/for-pages';
import { createApp } from '../../src/server/app';
import { openTestShop } from './shop';

/**
 * The storefront in front of another backend (COMMERCE_API_URL): here the same API served over real HTTP,
 * trusting the proxy's X-Forwarded-Host to choose the website.
 */
describe('COMMERCE_API_URL: the storefront proxies /s/* to another backend', () => {
  let server: http.Server;
  let cleanup: () => Promise<void>;
  let stocked: { id: number; warehouse_id: number };
  const saved = process.env.COMMERCE_API_URL;

  beforeAll(async () => {
    const opened = await openTestShop('sqlite');
    cleanup = opened.cleanup;
    stocked = await opened.shop.deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id']).where('stock', '>=', 10).orderBy('id').executeTakeFirstOrThrow();
    const app = createApp({ ...opened.shop.deps, config: { ...opened.shop.deps.config, trustProxy: true } });
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const answer = await app.fetch(
        new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }),
      );
      const out: Record<string, string | string[]> = Object.fromEntries(answer.headers);
      out['set-cookie'] = answer.headers.getSetCookie();
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.COMMERCE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    process.env.COMMERCE_API_URL = saved;
    await new Promise((resolve) => server.close(resolve));
    await cleanup();
  });

  it('answers from the backend, which picks the website by the forwarded host', async () => {
    const response = await forwardToApi(new Request('http://shop2.localhost:4321/s/api/init'));
    expect(response.status).toBe(200);
    expect(Init.parse(await response.json()).web.name).toBe('Kirana Bazaar');
  });

  it('carries cookies both ways, so a session, its token and a cart work through the proxy', async () => {
    const cookie = await forwardToApi(new Request('http://localhost:4321/s/api/cookie'));
    const jar = cookie.headers.getSetCookie().map((line) => line.split(';')[0]!);
    expect(jar.map((pair) => pair.split('=')[0]).sort()).toEqual(['XSRF-TOKEN', 'sid']);
    const token = jar.find((pair) => pair.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
    const added = await forwardToApi(
      new Request('http://localhost:4321/s/api/cart/add', {
        method: 'POST',
        headers: { cookie: jar.join('; '), 'X-XSRF-TOKEN': token, Origin: 'http://localhost:4321', 'content-type': 'application/json' },
        body: JSON.stringify({ pack_id: stocked.id, warehouse_id: stocked.warehouse_id, quantity: 2 }),
      }),
    );
    expect(added.status).toBe(200);
    const cart = await (await forwardToApi(new Request('http://localhost:4321/s/api/cart', { headers: { cookie: jar.join('; ') } }))).json();
    expect(cart.items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity])).toEqual([[stocked.id, 2]]);
  });

  it('answers 502 JSON when the backend does not answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.COMMERCE_API_URL = `http://127.0.0.1:${port}`;
    const response = await forwardToApi(new Request('http://localhost:4321/s/api/init'));
    expect(response.status).toBe(502);
    expect((await response.json()).message).toMatch(/not answering/);
    process.env.COMMERCE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
});
