import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpVisitor, rawRequest, startBuiltServer, testPort, type BuiltServer } from './built-server';

/** Request-body caps of the built server, over real sockets: refused before the body is read. */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(0));
}, 300_000);
afterAll(() => server?.close());

const MB = 1024 * 1024;

/** Sends only a request head; resolves with the answer (head, and its body when it says how long) the server gives before any body is sent. */
function headOnly(path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      const end = answer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = answer.subarray(0, end).toString();
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (length && answer.length - end - 4 < Number(length[1])) return;
      if (/\r\ntransfer-encoding: *chunked/i.test(head) && !answer.subarray(end).toString().endsWith('\r\n0\r\n\r\n')) return;
      socket.destroy();
      done(answer.toString());
    });
    socket.on('error', fail);
    socket.setTimeout(10_000, () => {
      socket.destroy();
      fail(new Error(`no answer to the head of ${path} within 10 s`));
    });
    const lines = Object.entries({ host: `127.0.0.1:${server.port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

/** Streams a chunked body of up to `maxBytes` until the server answers or closes; the answer and bytes sent. */
function streamChunked(path: string, maxBytes: number): Promise<{ answer: string; sent: number }> {
  return new Promise((done, fail) => {
    const socket = net.connect(server.port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let answer = '';
    let sent = 0;
    let over = false;
    const finish = () => {
      if (over) return;
      over = true;
      socket.destroy();
      done({ answer, sent });
    };
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => finish());
    socket.setTimeout(20_000, () => fail(new Error('the server neither answered nor closed within 20 s')));
    socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\norigin: ${server.base}\r\ncontent-type: application/x-www-form-urlencoded\r\ntransfer-encoding: chunked\r\n\r\n`);
    const pump = () => {
      while (!over && sent < maxBytes) {
        sent += chunk.length;
        if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('request bodies are capped before they are read', () => {
  it('refuses a declared 256 MB body with 413 at once, without waiting for it: forms in text, the API in JSON', async () => {
    const form = await headOnly('/cart/pincode', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(256 * MB), origin: server.base });
    expect(form).toMatch(/^HTTP\/1\.1 413 /);
    expect(form).toMatch(/content-type: text\/plain/i);
    const api = await headOnly('/s/api/cart/add', { 'content-type': 'application/json', 'content-length': String(256 * MB) });
    expect(api).toMatch(/^HTTP\/1\.1 413 /);
    expect(api).toMatch(/content-type: application\/json/i);
    const withContinue = await headOnly('/s/api/pages/publish', { 'content-type': 'application/json', 'content-length': String(256 * MB), expect: '100-continue' });
    expect(withContinue).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('cuts a chunked body with 413 once it passes the cap, and the server’s memory stays put', async () => {
    const before = server.rssKb();
    for (const path of ['/cart/pincode', '/s/api/cart/add']) {
      const { answer, sent } = await streamChunked(path, 64 * MB);
      expect(answer, path).toMatch(/^HTTP\/1\.1 413 /);
      expect(sent, path).toBeLessThan(64 * MB);
    }
    const grownMb = (server.rssKb() - before) / 1024;
    console.log(`[body-limit] resident memory ${Math.round(before / 1024)} MB before, grew by ${grownMb.toFixed(1)} MB`);
    expect(grownMb).toBeLessThan(8);
  });

  it('gives page publishing a larger cap: 200 KB reaches the API (which wants a sign-in), 2 MB does not', async () => {
    const page = (size: number) => JSON.stringify({ url: '/x', blocks: [], css: 'a'.repeat(size) });
    const small = await rawRequest(server.base, '/s/api/pages/check', { headers: { 'content-type': 'application/json', 'x-origin': server.base }, body: page(200 * 1024) });
    expect(small.status).toBe(403);
    // 2 MB declared: answered before a byte of it is sent (sending it too would race the refused socket's close).
    const large = await headOnly('/s/api/pages/check', { 'content-type': 'application/json', 'x-origin': server.base, 'content-length': String(Buffer.byteLength(page(2 * MB))) });
    expect(large).toMatch(/^HTTP\/1\.1 413 /);
    // The body as sent in chunks: each chunk's size line dropped.
    const chunks = large.slice(large.indexOf('\r\n\r\n') + 4).split('\r\n').filter((_, i) => i % 2 === 1).join('');
    expect(JSON.parse(chunks)).toEqual({ message: expect.stringMatching(/too large/) });
  });

  it('still takes a normal form post, sent whole or chunked', async () => {
    const visitor = new HttpVisitor(server.base);
    await visitor.api('/cookie');
    const posted = await visitor.form('/cart/pincode', { xsrf: visitor.xsrf, pincode: '560034', return: '/' });
    expect([posted.status, posted.headers.location]).toEqual([303, '/']);
    expect((await visitor.cart()).pincode).toBe('560034');
    const chunked = await rawRequest(server.base, '/cart/pincode', {
      headers: { ...visitor.cookieHeader(), origin: server.base, 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      body: new URLSearchParams({ xsrf: visitor.xsrf, pincode: '400001', return: '/' }).toString(),
    });
    expect(chunked.status).toBe(303);
    expect((await visitor.cart()).pincode).toBe('400001');
  });
});
