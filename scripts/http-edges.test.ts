import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BAD_REQUEST_PAGE, readRequestTarget, withHttpEdges } from './http-edges.mjs';

/** What the wrapped listener saw, and the raw head of the answer the client got. */
async function exchange(requestHead: string, listener: (req: IncomingMessage, res: ServerResponse) => void, production = false) {
  const seen: { url?: string; host?: string } = {};
  const server = http.createServer(
    withHttpEdges((req, res) => {
      seen.url = req.url;
      seen.host = req.headers.host;
      listener(req, res);
    }, { production }),
  );
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const head = await new Promise<string>((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk.toString('latin1')));
    socket.on('end', () => done(raw.split('\r\n\r\n')[0]!));
    socket.on('error', fail);
    socket.write(`${requestHead}\r\nConnection: close\r\n\r\n`);
  });
  return { seen, statusLine: head.split('\r\n')[0], head: head.toLowerCase() };
}

/** Answers as Astro's node adapter writes a Response: its statusText first ("OK" for every page), then the head. */
const astroLike = (status: number) => (_req: IncomingMessage, res: ServerResponse) => {
  res.statusMessage = 'OK';
  res.writeHead(status, { 'content-type': 'text/html' });
  res.end('page');
};

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('the status line', () => {
  for (const [status, phrase] of [[400, 'Bad Request'], [403, 'Forbidden'], [404, 'Not Found'], [413, 'Payload Too Large'], [500, 'Internal Server Error'], [503, 'Service Unavailable']] as const) {
    it(`says "${status} ${phrase}" whatever reason the handler set`, async () => {
      const { statusLine } = await exchange('GET / HTTP/1.1\r\nHost: shop.test', astroLike(status));
      expect(statusLine).toBe(`HTTP/1.1 ${status} ${phrase}`);
    });
  }

  it('also when the handler passes a reason to writeHead, or only sets statusCode', async () => {
    const passed = await exchange('GET / HTTP/1.1\r\nHost: shop.test', (_req, res) => res.writeHead(503, 'OK').end());
    expect(passed.statusLine).toBe('HTTP/1.1 503 Service Unavailable');
    const implicit = await exchange('GET / HTTP/1.1\r\nHost: shop.test', (_req, res) => {
      res.statusCode = 404;
      res.statusMessage = 'OK';
      res.end();
    });
    expect(implicit.statusLine).toBe('HTTP/1.1 404 Not Found');
  });
});

describe('headers on every answer', () => {
  it('nosniff, the referrer policy and a fallback policy; HSTS only in production; an answer may set its own policy', async () => {
    const plain = await exchange('GET /x.json HTTP/1.1\r\nHost: shop.test', (_req, res) => res.end('{}'));
    expect(plain.head).toContain('x-content-type-options: nosniff');
    expect(plain.head).toContain('referrer-policy: strict-origin-when-cross-origin');
    expect(plain.head).toContain("content-security-policy: default-src 'none'");
    expect(plain.head).not.toContain('strict-transport-security');
    const production = await exchange('GET / HTTP/1.1\r\nHost: shop.test', astroLike(200), true);
    expect(production.head).toContain('strict-transport-security: max-age=31536000');
    const own = await exchange('GET / HTTP/1.1\r\nHost: shop.test', (_req, res) => res.writeHead(200, { 'content-security-policy': "script-src 'self'" }).end());
    expect(own.head).toContain("content-security-policy: script-src 'self'\r\n");
  });
});

describe('the request-target', () => {
  it('an absolute-form target is routed by its path, for the host it names (RFC 9112 section 3.2.2)', async () => {
    const { seen } = await exchange('GET http://Shop2.Localhost:4321/account?x=1 HTTP/1.1\r\nHost: localhost:4321', (_req, res) => res.end());
    expect(seen).toEqual({ url: '/account?x=1', host: 'shop2.localhost:4321' });
    expect(readRequestTarget('https://shop.test')).toEqual({ path: '/', host: 'shop.test' });
    expect(readRequestTarget('http://shop.test?q=1')).toEqual({ path: '/?q=1', host: 'shop.test' });
  });

  it('an origin-form target passes as it is, Host untouched', async () => {
    const { seen } = await exchange('GET /products/%E0%A4%86?q=%20a HTTP/1.1\r\nHost: localhost:4321', (_req, res) => res.end());
    expect(seen).toEqual({ url: '/products/%E0%A4%86?q=%20a', host: 'localhost:4321' });
  });

  for (const target of ['/products?q=%E0%A4', '/%C0%AF', '/products/%FF', 'http://user:pw@shop.test/', 'ftp://shop.test/', '*', 'http:///x', 'http://[bad/']) {
    it(`${target} goes to the themed 400 page`, async () => {
      const { seen } = await exchange(`GET ${target} HTTP/1.1\r\nHost: localhost:4321`, (_req, res) => res.end());
      expect(seen.url).toBe(BAD_REQUEST_PAGE);
      expect(seen.host).toBe('localhost:4321');
    });
  }

  it('a Hindi address the shop cannot read goes to the Hindi 400 page', async () => {
    for (const [target, page] of [['/hi/products?q=%E0%A4', '/hi/400'], ['/hi?q=%FF', '/hi/400'], ['/history/%FF', '/400']]) {
      const { seen } = await exchange(`GET ${target} HTTP/1.1\r\nHost: localhost:4321`, (_req, res) => res.end());
      expect(seen.url, target).toBe(page);
    }
  });
});
