// `npm run bench:sitemap`: times the sitemap in-process (as the storefront's /sitemap.xml forwards to it) against
// the database at DATABASE_URL, reading every byte of each answer, and prints the median and slowest of a few
// runs, the size and the URL count. A measurement, never a test. For scale:
// DATABASE_URL=file:./data/scale.sqlite npm run seed -- --reset --products 100000, then run this on it.
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app';
import { closeDeps, prepare } from '../src/server/boot';
import { readConfig } from '../src/server/config';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.min(50, Math.max(1, Number(values.runs) || 5));
const deps = await prepare(readConfig(), () => {});
const app = createApp(deps);
const get = (path: string) => app.fetch(new Request(`http://localhost/s/api/crawlers/${path}`));

const index = await (await get('sitemap.xml')).text();
const files = index.includes('<sitemapindex') ? (index.match(/<sitemap>/g) ?? []).length : 0;
const paths = ['sitemap.xml', ...Array.from({ length: Math.min(files, 3) }, (_, i) => `sitemap/${i + 1}`)];
console.log(`${deps.config.databaseUrl.replace(/\/\/[^@]*@/, '//')} · ${files ? `an index of ${files} files` : 'one file'} · ${runs} runs each\n`);
console.log('answer'.padEnd(16), 'median ms'.padStart(10), 'max ms'.padStart(10), 'KB'.padStart(8), 'URLs'.padStart(8), 'peak RSS MB'.padStart(12));
for (const path of paths) {
  await (await get(path)).arrayBuffer();
  const times: number[] = [];
  let body = '';
  let peak = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await get(path);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    body = await response.text();
    times.push(performance.now() - start);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  times.sort((a, b) => a - b);
  const urls = (body.match(/<url>/g) ?? body.match(/<sitemap>/g) ?? []).length;
  console.log(path.padEnd(16), times[Math.floor(runs / 2)]!.toFixed(0).padStart(10), times[runs - 1]!.toFixed(0).padStart(10), (Buffer.byteLength(body) / 1024).toFixed(0).padStart(8), String(urls).padStart(8), (peak / 2 ** 20).toFixed(0).padStart(12));
}
await closeDeps(deps);
