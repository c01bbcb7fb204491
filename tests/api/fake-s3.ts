/**
 * A small S3-compatible bucket over HTTP on 127.0.0.1, for the media store's tests (no real bucket is reachable
 * from the tests): path-style PutObject, GetObject, HeadObject and DeleteObject, enough for @aws-sdk/client-s3. It
 * keeps the objects in memory with their content type and cache header, and records every request. Signatures are
 * not checked (the SDK signs; this is not what is tested).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

/** An aws-chunked body ("<hex size>[;…]\r\n<data>\r\n … 0\r\n<trailers>\r\n\r\n") as its plain bytes. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startFakeS3(bucket: string): Promise<{ endpoint: string; objects: Map<string, FakeObject>; requests: string[]; close: () => Promise<void> }> {
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, name, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push(`${req.method} ${url.pathname}`);
    const raw = await read(req);
    if (name !== bucket) {
      res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>');
      return;
    }
    if (req.method === 'PUT') {
      const chunked = String(req.headers['content-encoding'] ?? '').includes('aws-chunked') || String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
      objects.set(key, { body: chunked ? unchunk(raw) : raw, contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'] });
      res.writeHead(200, { etag: '"fake"' }).end();
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.body.length, etag: '"fake"' }).end(req.method === 'HEAD' ? undefined : object.body);
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
