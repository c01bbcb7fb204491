// Serves the built storefront from our own node:http server: the adapter's handler (pages, API, static
// files) behind compression, with a graceful shutdown that lets requests in flight finish.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compression from 'compression';
import send from 'send';
import { logger } from '../src/lib/log.mjs';
import { createCappedServer } from './body-limit.mjs';
import { buildIfStale, clientDir, entry } from './build.mjs';
import { withHttpEdges } from './http-edges.mjs';

/**
 * React chooses its build by NODE_ENV when it is first loaded, and the server bundle loads it from node_modules:
 * without NODE_ENV=production (the demo shop, `npm start`) every page rendered with React's development build,
 * which checks and records every element (a /products render took three times as long). A built shop always
 * renders with the production build; NODE_ENV keeps meaning only whether the shop is the demo (src/server/config.ts).
 */
async function loadReactForProduction() {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom'), import('react-dom/server')]);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * The files the build wrote for the browser (dist/client), by URL path, listed once at start: a build never
 * changes under a running shop. Only these are served as files; every other request goes straight to the shop's
 * handler. The adapter's own standalone handler looked for a file first on every request (a stat on the disk for
 * each page, a tenth of the time of a page answered from memory: docs/benchmarks.md).
 */
function builtFiles(root, prefix = '') {
  const found = new Set();
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const path = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const file of builtFiles(root, path)) found.add(file);
    else if (entry.isFile() && !entry.name.startsWith('.')) found.add(path);
  }
  return found;
}

/** A request's path, decoded, without the query; '' when it cannot be decoded (the shop's handler answers). */
function pathOf(url = '/') {
  const end = url.search(/[?#]/);
  try {
    return decodeURIComponent(end < 0 ? url : url.slice(0, end));
  } catch {
    return '';
  }
}

/**
 * The till's service worker (public/pos-sw.js): revalidated on every check, so a new build's worker is seen at once,
 * and with a policy of its own. A worker runs under the policy of its script's answer, and every file carries the
 * fallback `default-src 'none'` (http-edges.mjs), under which the worker could fetch nothing: it may fetch from this
 * origin only (the /pos page and its /_astro/ files), and nothing else.
 */
const POS_WORKER = { path: '/pos-sw.js', cacheControl: 'no-cache', policy: "default-src 'none'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'" };

/** A built file, with `send` (ranges, conditional requests, HEAD); the hashed assets under /_astro/ for a year. */
function serveFile(req, res) {
  const path = pathOf(req.url);
  send(req, path, { root: clientDir })
    .on('headers', (response) => {
      if (path.startsWith('/_astro/')) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (path === POS_WORKER.path) {
        response.setHeader('Cache-Control', POS_WORKER.cacheControl);
        response.setHeader('Content-Security-Policy', POS_WORKER.policy);
      }
    })
    .on('error', (error) => {
      res.statusCode = error.statusCode ?? 500;
      res.end();
    })
    .pipe(res);
}

/** After SIGTERM, how long an idle keep-alive connection may still bring a request (answered, then closed). */
const IDLE_GRACE_MS = 1000;
/** After SIGTERM, requests still running after this long are cut and the process exits. */
const DEADLINE_MS = 10_000;
/** The messages between a worker and the primary (the same strings as scripts/cluster.mjs). */
const SERVING = 'storefront:serving';
const CONNECTION = 'storefront:connection';
const STOP = 'storefront:stop';

/**
 * A connection the primary accepted, handed to this worker's http server as its own accept would: with Nagle's
 * algorithm off. http.createServer's `noDelay` (on by default) is applied only to connections it accepts itself;
 * on a handed-over one the last small write of an answer waited for the client's delayed ACK, 40 ms on every
 * compressed page (docs/benchmarks.md#shoppers-with-a-session).
 * @param {import('node:http').Server} server @param {import('node:net').Socket} socket
 */
export function adoptConnection(server, socket) {
  socket.setNoDelay(true);
  server.emit('connection', socket);
  socket.resume();
}

/**
 * Starts the server; resolves once it takes connections. Alone, it listens on host:port itself. As a worker of
 * `npm start` (`fromPrimary`), it listens on nothing: the primary owns the port and hands it each connection,
 * and tells it when to stop (scripts/cluster.mjs).
 */
export async function serve({ port, host, log = (line) => logger('storefront').info(line), fromPrimary = false }) {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  await loadReactForProduction();
  const { handler } = await import(entry);
  const files = builtFiles(clientDir);
  const compress = compression({ threshold: 1024 });
  let stopping = false;
  const server = createCappedServer(
    withHttpEdges((req, res) => {
      // Draining: answer, then close this connection, so a client or proxy stops reusing it.
      if (stopping) res.setHeader('Connection', 'close');
      compress(req, res, () => (files.has(pathOf(req.url)) ? serveFile(req, res) : handler(req, res)));
    }),
  );
  server.keepAliveTimeout = 65_000;
  // Every open connection, whoever accepted it: the process ends when the last one has closed.
  const open = new Set();
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (stopping && open.size === 0) process.exit(0);
    });
  });

  const stop = (why) => {
    if (stopping) return;
    stopping = true;
    log(`${why}: finishing requests in flight, then stopping`);
    // Alone: stop accepting, but not through http's close(), which also closes every idle keep-alive connection
    // at once: a request a proxy (nginx) or client had already written on one, not yet read while this process
    // was busy, was reset, and a proxy may not retry a POST. (A worker accepts nothing: the primary closed the port.)
    if (!fromPrimary) NetServer.prototype.close.call(server);
    if (open.size === 0) process.exit(0);
    // For IDLE_GRACE_MS requests arriving on idle keep-alive connections are answered (with Connection: close,
    // above); then idle connections are closed, and each busy one as soon as its answer is sent, so the process
    // ends when its last request does, not at the deadline.
    setTimeout(() => {
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 200).unref();
    }, IDLE_GRACE_MS).unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, DEADLINE_MS).unref();
  };

  if (fromPrimary) {
    // Node's http server starts tracking its connections (idle or busy, for closeIdleConnections and the
    // request time-outs) when it starts listening; this one takes its connections from the primary instead.
    server.emit('listening');
    process.on('message', (message, socket) => {
      if (message?.type === CONNECTION && socket) adoptConnection(server, socket);
      else if (message?.type === STOP) stop('stopping (the primary closed the port)');
    });
    // The primary orders the stop: a Ctrl+C reaches every process of the group at once, and a worker that
    // stopped by itself could not take the connections the primary is still handing over.
    process.on('SIGTERM', () => {});
    process.on('SIGINT', () => {});
    process.send({ type: SERVING });
    return server;
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}

/**
 * Serves the built shop on 127.0.0.1:port over a fresh, throwaway demo database, for measurements; `databaseFile`
 * names the (new) SQLite file instead, for a test that also writes to the database.
 */
export async function serveThrowaway(port, { databaseFile } = {}) {
  buildIfStale({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), 'storefront-measure-'));
  process.env.DATABASE_URL = `file:${databaseFile ?? join(dir, 'shop.sqlite')}`;
  const server = await serve({ port, host: '127.0.0.1', log: () => {} });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
