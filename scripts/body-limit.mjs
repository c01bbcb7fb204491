// Caps request bodies at the HTTP layer, before the app reads a byte: Node's server would otherwise hand a body
// of any size to whatever reads it (a 256 MB post to /cart/pincode cost the process 1 GB).
import http from 'node:http';
import { bodyLimitFor, tooLargeMessage } from '../src/lib/body-limits.mjs';

/** How long a refused client may go on sending (discarded) so it can read the 413 before the socket closes. */
const LINGER_MS = 2_000;

/**
 * A node:http server whose request bodies are capped (src/lib/body-limits.mjs) before `handler` sees them: a
 * declared Content-Length over the cap is answered 413 at once, unread (and before any `100 Continue`); a body of
 * unknown length is counted as it arrives and answered 413 the moment it passes the cap; the connection then closes.
 */
export function createCappedServer(handler) {
  const server = http.createServer((req, res) => admit(req, res, handler));
  server.on('checkContinue', (req, res) => {
    if (declaredTooLarge(req)) return refuse(req, res);
    res.writeContinue();
    admit(req, res, handler);
  });
  return server;
}

function admit(req, res, handler) {
  if (declaredTooLarge(req)) return refuse(req, res);
  if (req.headers['transfer-encoding'] === undefined) return handler(req, res);
  // Unknown length (chunked): read it here, within the cap, and hand the app the bytes.
  readWithin(req, limitOf(req)).then(
    (body) => {
      if (body === null) return refuse(req, res);
      req.body = body;
      handler(req, res);
    },
    () => req.socket.destroy(),
  );
}

const pathOf = (url = '/') => url.split('?')[0] ?? '/';
const limitOf = (req) => bodyLimitFor(pathOf(req.url));
const declaredTooLarge = (req) => req.headers['content-length'] !== undefined && Number(req.headers['content-length']) > limitOf(req);

/** The whole body, or null as soon as it passes `limit` bytes (what came so far is dropped). */
function readWithin(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= limit) return chunks.push(chunk);
      req.off('data', onData);
      chunks.length = 0;
      resolve(null);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * 413 (JSON under /s, plain text elsewhere), then nothing more is read: TCP flow control holds the client while it
 * reads the answer (closing on unread data at once would reset the connection and lose the answer), and after
 * LINGER_MS the connection closes unless the body had already ended.
 */
function refuse(req, res) {
  const message = tooLargeMessage(limitOf(req));
  const api = pathOf(req.url).startsWith('/s/');
  res.writeHead(413, { 'content-type': api ? 'application/json' : 'text/plain; charset=utf-8' });
  res.end(api ? JSON.stringify({ message }) : message);
  req.read(0); // counts as reading, so Node does not read (and discard) the rest of the body after the answer
  req.pause();
  setTimeout(() => req.complete || req.socket.destroy(), LINGER_MS).unref();
}
