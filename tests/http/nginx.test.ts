import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, testPort } from './built-server';

/**
 * deploy/nginx.conf as deploy/nginx-local.sh runs it, in front of a loopback server that answers the headers it
 * was sent: what the shops are told about the request. Skipped where nginx is not installed.
 */
const script = resolve(import.meta.dirname, '../../deploy/nginx-local.sh');
const hasNginx = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx']);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasNginx)('nginx in front of the shops (deploy/nginx.conf)', () => {
  const port = testPort(21);
  let upstream: Server;
  let prefix: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    upstream = createServer((req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(req.headers))).listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    const { port: shop } = upstream.address() as { port: number };
    prefix = mkdtempSync(join(tmpdir(), 'storefront-nginx-'));
    env = { ...process.env, NGINX_PORT: String(port), SHOP_UPSTREAMS: `127.0.0.1:${shop}`, NGINX_PREFIX: prefix };
    execFileSync(script, ['start'], { env, stdio: 'ignore' });
    for (let i = 0; i < 50 && !(await rawRequest(`http://127.0.0.1:${port}`, '/', { method: 'GET' }).catch(() => null)); i++) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    if (env) execFileSync(script, ['stop'], { env, stdio: 'ignore' });
    upstream?.close();
    await new Promise((r) => setTimeout(r, 300));
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  const sent = async (headers: Record<string, string>): Promise<IncomingHttpHeaders> =>
    JSON.parse((await rawRequest(`http://127.0.0.1:${port}`, '/s/api/cart/add', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })).body);

  it("forwards the host with the port the browser used, so the shop's same-origin checks match the browser's Origin", async () => {
    // A shop reached at http://localhost:8080 (compose publishes nginx's 8080): the browser's Origin carries the port.
    const headers = await sent({ host: 'localhost:8080', origin: 'http://localhost:8080' });
    expect(headers['x-forwarded-host']).toBe('localhost:8080');
    expect(headers.host).toBe('localhost:8080');
    // On the default port there is none to keep.
    expect((await sent({ host: 'shop.example' }))['x-forwarded-host']).toBe('shop.example');
  });

  it("overwrites the client's own X-Forwarded-Host and Proto, and puts the address it saw last in X-Forwarded-For", async () => {
    const headers = await sent({ host: 'shop.example', 'x-forwarded-host': 'other.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4' });
    expect(headers['x-forwarded-host']).toBe('shop.example');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toBe('1.2.3.4, 127.0.0.1');
  });
});
