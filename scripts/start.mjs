// `npm start`: build when needed, then serve the shop. The first request prepares the database (create,
// migrate, seed the demo when empty); we make it ourselves so the shop is ready when the URL is printed.
// WEB_CONCURRENCY (default: the number of cores) runs that many worker processes; this process owns the port
// and hands them the connections (scripts/cluster.mjs). One signal to this process stops it all, in order.
import cluster from 'node:cluster';
import { buildIfStale } from './build.mjs';
import { startCluster, webConcurrency } from './cluster.mjs';
import { logger } from '../src/lib/log.mjs';

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
const log = logger('storefront');

if (cluster.isWorker) {
  // A worker of the cluster: serve the connections the primary hands over, nothing else (the primary built,
  // and it reports readiness).
  // Imported here only: the primary serves nothing itself, so it does not load the server's modules (compression,
  // send; about 5 MB of its resident memory).
  const { serve } = await import('./serve.mjs');
  await serve({ port, host, fromPrimary: true });
} else {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(`Node ${process.versions.node} is too old: run the shop with npm start (it brings Node 24), or Node >= 22.12.`);
    process.exit(1);
  }
  let workers;
  try {
    workers = webConcurrency();
  } catch (error) {
    log.error(error.message);
    process.exit(1);
  }

  buildIfStale();
  // This process owns the port and hands each connection to a worker (one at least), so on SIGTERM it can close
  // the port first and the workers then finish every connection they were given.
  await startCluster({ workers, port, host }).started.catch(() => process.exit(1));
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const warm = await fetch(`${url}/s/api/init`).catch((error) => ({ ok: false, status: String(error) }));
  // Why not ready, in /readyz's words: no website yet (the database answers), or the database is away.
  const notReady = warm.status === 503 ? await fetch(`${url}/readyz`).then((r) => r.json()).catch(() => ({ reason: 'database' })) : null;
  if (notReady?.reason === 'no-website') {
    log.error(`${notReady.message}. Until then pages and sign-in answer 503 and /readyz says not ready.`);
  } else if (notReady && notReady.reason !== 'database') {
    log.error(`${notReady.message ?? 'not ready'} (/readyz)`);
  } else if (notReady) {
    // The database is away: keep serving (the themed 503 page, /readyz 503) and use it as soon as it answers.
    log.error('the database is not answering yet: pages answer 503 until it does (/readyz tells)');
  } else if (!warm.ok) {
    // Fail at start, not at the first shopper: a wrong setting or a failed migration is said here.
    log.error(`the shop could not start (${warm.status}); see the log above`);
    process.exit(1);
  }
  const served = workers > 1 ? `${workers} worker processes` : 'one worker process';
  const state = notReady ? `Storefront serving at ${url} (${served}), not ready yet: see above` : `Storefront ready at ${url} (${served})`;
  const demo = process.env.NODE_ENV === 'production' ? '' : `\n  Second demo website: http://shop2.localhost:${port}`;
  console.log(`\n  ${state}${demo}\n  Stop with Ctrl+C (or SIGTERM to this process, ${process.pid}).\n`);
}
