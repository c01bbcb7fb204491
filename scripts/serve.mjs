// Serves the built storefront from our own node:http server: the adapter's handler (pages, API, static
// files) behind compression, with a graceful shutdown that lets requests in flight finish.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compression from 'compression';
import { createCappedServer } from './body-limit.mjs';
import { buildIfStale, entry } from './build.mjs';
import { withHttpEdges } from './http-edges.mjs';

/** Starts the server; resolves once it listens. */
export async function serve({ port, host, log = console.log }) {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import(entry);
  const compress = compression({ threshold: 1024 });
  const server = createCappedServer(withHttpEdges((req, res) => compress(req, res, () => handler(req, res))));
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });

  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`[storefront] ${signal}: finishing requests in flight, then stopping`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // A keep-alive connection whose request was in flight turns idle once answered: close it then, so the
    // process ends when its last request does (in a worker of several too), not at the deadline.
    setInterval(() => server.closeIdleConnections(), 200).unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}

/** Serves the built shop on 127.0.0.1:port over a fresh, throwaway demo database, for measurements. */
export async function serveThrowaway(port) {
  buildIfStale({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), 'storefront-measure-'));
  process.env.DATABASE_URL = `file:${join(dir, 'shop.sqlite')}`;
  const server = await serve({ port, host: '127.0.0.1', log: () => {} });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
