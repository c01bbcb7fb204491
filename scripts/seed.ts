// `npm run seed -- [--products N] [--reset]`: fills the database at DATABASE_URL with the demo shop.
// With --products the catalogue is repeated under variant names up to N products, for scale tests.
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { readConfig } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db';
import { isEmpty, seedDemo } from '../src/server/db/seed';

const { values } = parseArgs({ options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && !(Number.isInteger(products) && products > 0)) {
  console.error('--products takes a whole number above 0, for example --products 100000');
  process.exit(2);
}

const { databaseUrl } = readConfig();
if (values.reset && databaseUrl.startsWith('file:')) {
  const path = databaseUrl.slice('file:'.length);
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}
// A bulk load of 100,000 products runs statements longer than a shopper's request may (README, Operations).
process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= '600000';
const db = await openDatabase(databaseUrl);
if (values.reset && db.dialect === 'postgres') {
  await sql`drop schema public cascade`.execute(db.kysely);
  await sql`create schema public`.execute(db.kysely);
}
await migrate(db);
if (!(await isEmpty(db.kysely))) {
  console.error(`${databaseUrl} already holds a shop: pass --reset to replace it.`);
  await db.close();
  process.exit(1);
}
const started = performance.now();
const result = await seedDemo(db, { products, log: console.log });
// A bulk load leaves PostgreSQL's visibility map unset, so counts read the table itself; VACUUM sets it.
if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
console.log(`seeded ${result.products} products into ${databaseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await db.close();
