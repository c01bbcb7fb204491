// `npm run seed -- [--products N] [--orders N] [--reset]`: fills the database at DATABASE_URL with the demo shop.
// With --products the catalogue is repeated under variant names up to N products, for scale tests.
// With --orders N, N more orders over the last 365 days (half of them the demo agent Ravi Kumar's, the rest five
// generated agents' and customers' own, with about one generated customer per 40 orders), for the sales
// dashboard at scale; on a shop already seeded (no --reset) it only adds the orders. Then `npm run bench:agent`:
//   DATABASE_URL=file:./data/agent-bench.sqlite npm run seed -- --reset --orders 100000
//   DATABASE_URL=file:./data/agent-bench.sqlite npm run bench:agent
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { readConfig } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db';
import { isEmpty, seedBulkOrders, seedDemo } from '../src/server/db/seed';

const { values } = parseArgs({ options: { products: { type: 'string' }, orders: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const count = (name: 'products' | 'orders') => {
  const value = values[name] === undefined ? undefined : Number(values[name]);
  if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
    console.error(`--${name} takes a whole number above 0, for example --${name} 100000`);
    process.exit(2);
  }
  return value;
};
const products = count('products');
const orders = count('orders');

const { databaseUrl } = readConfig();
if (values.reset && databaseUrl.startsWith('file:')) {
  const path = databaseUrl.slice('file:'.length);
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}
// A bulk load of 100,000 products runs statements longer than a shopper's request may (docs/configuration.md).
process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= '600000';
const db = await openDatabase(databaseUrl);
if (values.reset && db.dialect === 'postgres') {
  await sql`drop schema public cascade`.execute(db.kysely);
  await sql`create schema public`.execute(db.kysely);
}
await migrate(db);
const empty = await isEmpty(db.kysely);
if (!empty && (orders === undefined || products !== undefined)) {
  console.error(`${databaseUrl} already holds a shop: pass --reset to replace it${orders === undefined ? ', or --orders N alone to add orders to it' : ''}.`);
  await db.close();
  process.exit(1);
}
const where = databaseUrl.replace(/\/\/[^@]*@/, '//');
let started = performance.now();
if (empty) {
  const result = await seedDemo(db, { products, log: console.log });
  console.log(`seeded ${result.products} products into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (orders !== undefined) {
  started = performance.now();
  const bulk = await seedBulkOrders(db, orders, { log: console.log });
  await sql`analyze`.execute(db.kysely);
  console.log(
    `seeded ${bulk.orders} orders (${bulk.lines} lines; the demo agent's: ${bulk.demoAgentOrders}) for ${bulk.customers} new customers and ` +
      `${bulk.agents} new agents into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
// A bulk load leaves PostgreSQL's visibility map unset, so counts read the table itself; VACUUM sets it.
if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
await db.close();
