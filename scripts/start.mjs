// `npm start`: build when needed, then serve the shop. The first request prepares the database (create,
// migrate, seed the demo when empty); we make it ourselves so the shop is ready when the URL is printed.
import { buildIfStale } from './build.mjs';
import { serve } from './serve.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: run the shop with npm start (it brings Node 24), or Node >= 22.12.`);
  process.exit(1);
}

buildIfStale();
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
await serve({ port, host });
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const warm = await fetch(`${url}/s/api/init`).catch((error) => ({ ok: false, status: String(error) }));
if (warm.status === 503) {
  // The database is away: keep serving (the themed 503 page, /readyz 503) and use it as soon as it answers.
  console.error('[storefront] the database is not answering yet: pages answer 503 until it does (/readyz tells)');
} else if (!warm.ok) {
  // Fail at start, not at the first shopper: a wrong setting or a failed migration is said here.
  console.error(`[storefront] the shop could not start (${warm.status}); see the log above`);
  process.exit(1);
}
console.log(`\n  ${'Storefront ready at'} ${url}\n  Second demo website: http://shop2.localhost:${port}\n  Stop with Ctrl+C.\n`);
