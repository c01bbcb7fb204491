// `npm run bench:agent`: times the sales dashboard's calls in-process (app.fetch, no socket) against the database at
// DATABASE_URL, signed in as the demo agent Ravi Kumar (by the dev outbox's code, so never in production), and
// prints the median and p95 of each with what it answered. A measurement, never a test. At scale:
//   DATABASE_URL=file:./data/agent-bench.sqlite npm run seed -- --reset --orders 100000
//   DATABASE_URL=file:./data/agent-bench.sqlite npm run bench:agent [-- --runs 100]
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app';
import { closeDeps, prepare } from '../src/server/boot';
import { readConfig } from '../src/server/config';
import { DEMO_USERS } from '../src/server/db/seed';
import { signedInClient } from './bench-client';
import { indiaDate } from '../src/lib/india-time';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' } } });
const runs = Math.min(Math.max(Number(values.runs) || 100, 5), 1000);
const config = readConfig();
if (config.production) throw new Error('bench:agent signs in by the dev outbox, which a production shop does not have');
const deps = await prepare(config, () => {});
const app = createApp(deps);

const phone = DEMO_USERS[1].phone;
const { call } = await signedInClient(app, phone);

// Periods as the dashboard offers them, in India's calendar.
const now = Date.now();
const day = (daysAgo: number) => indiaDate(now, -daysAgo);
const periods: [string, string][] = [
  ['today', `from=${day(0)}&to=${day(0)}`],
  ['7 days', `from=${day(6)}&to=${day(0)}`],
  ['30 days', `from=${day(29)}&to=${day(0)}`],
  ['this month', `from=${day(0).slice(0, 8)}01&to=${day(0)}`],
  ['90 days', `from=${day(89)}&to=${day(0)}`],
  // The longest custom range the contract allows (MAX_PERIOD_DAYS): beyond the 50 ms target, shown for scale.
  ['365 days', `from=${day(364)}&to=${day(0)}`],
];

type Json = Record<string, any>;
const calls: [string, string, (body: Json) => string][] = [
  ...periods.map(([name, q]): [string, string, (b: Json) => string] => [`summary, ${name}`, `/agent/summary?${q}`, (b) => `${b.figures.orders.value} orders`]),
  ...periods.map(([name, q]): [string, string, (b: Json) => string] => [`sales, ${name}`, `/agent/sales?${q}`, (b) => `${b.days.reduce((s: number, d: Json) => s + d.orders, 0)} orders`]),
  ...periods.map(([name, q]): [string, string, (b: Json) => string] => [`top, ${name}`, `/agent/top?${q}`, (b) => `${b.products.length}+${b.customers.length} rows`]),
  ['customers, page 1', '/agent/customers', (b) => `${b.meta.total} total`],
  ['customers, page 20', '/agent/customers?page=20', (b) => `${b.data.length} of ${b.meta.total}`],
  ['customers, search "rao"', '/agent/customers?q=rao', (b) => `${b.meta.total} found`],
  ['customers, search "9876510"', '/agent/customers?q=9876510', (b) => `${b.meta.total} found`],
  ['orders, page 1', '/agent/orders', (b) => `${b.meta.total} total`],
  ['orders, page 100', '/agent/orders?page=100', (b) => `${b.data.length} of ${b.meta.total}`],
  ['orders, delivered', '/agent/orders?status=delivered', (b) => `${b.meta.total} found`],
  ['orders, out for delivery', '/agent/orders?status=out_for_delivery', (b) => `${b.meta.total} found`],
];

const orders = (await deps.db.kysely.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n;
const ms = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
console.log(`${deps.config.databaseUrl.replace(/\/\/[^@]*@/, '//')} · ${orders} orders · signed in as ${phone} · ${runs} runs per call\n`);
console.log('call'.padEnd(30), 'median ms'.padStart(10), 'p95 ms'.padStart(10), '  answered');
for (const [name, path, describe] of calls) {
  for (let i = 0; i < 5; i++) await (await call(path)).arrayBuffer();
  const times: number[] = [];
  let body: Json = {};
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await call(path);
    const text = await response.text();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    if (i === 0) body = JSON.parse(text);
  }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(30), ms(times, 0.5).padStart(10), ms(times, 0.95).padStart(10), `  ${describe(body)}`);
}
await closeDeps(deps);
