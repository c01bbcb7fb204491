// `npm run bench`: times API calls in-process (no socket, the same path server-side rendering takes) against
// the database at DATABASE_URL, and prints the median and p95 of each. A measurement, never a test.
// For scale: DATABASE_URL=file:./data/scale.sqlite npm run seed -- --products 100000 --reset, then bench it.
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app';
import { prepare } from '../src/server/boot';
import { readConfig } from '../src/server/config';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
const deps = await prepare(readConfig(), () => {});
const app = createApp(deps);
const get = (path: string) => app.fetch(new Request(`http://localhost/s/api${path}`));

const { data } = await (await get('/products?perPage=1')).json();
const slug: string = data[0].slug;
const total: number = (await (await get('/products')).json()).meta.total;
const lastPage = Math.max(1, Math.ceil(total / 24));

const calls: [string, string][] = [
  ['init', '/init'],
  ['products, page 1', '/products'],
  [`products, page ${lastPage} (last)`, `/products?page=${lastPage}`],
  ['products, category staples (with descendants)', '/products?c=1'],
  ['products, brand 1, price low to high', '/products?b=1&s=price_asc'],
  ['products, newest', '/products?s=newest'],
  ['search "basmati rice"', '/products?q=basmati%20rice'],
  ['search "masala" by price', '/products?q=masala&s=price_asc'],
  ['search prefix "cho"', '/products?q=cho'],
  ['search + category + brand', '/products?q=atta&c=1&b=1'],
  ['product by slug', `/products/${slug}`],
];

const ms = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
console.log(`${deps.config.databaseUrl.replace(/\/\/[^@]*@/, '//')} · ${total} products · ${runs} runs per call\n`);
console.log('call'.padEnd(48), 'median ms'.padStart(10), 'p95 ms'.padStart(10), 'total'.padStart(8));
for (const [name, path] of calls) {
  for (let i = 0; i < 10; i++) await (await get(path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await get(path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const found = path.startsWith('/products?') ? String((await (await get(path)).json()).meta.total) : '';
  console.log(name.padEnd(48), ms(times, 0.5).padStart(10), ms(times, 0.95).padStart(10), found.padStart(8));
}
await deps.db.close();
