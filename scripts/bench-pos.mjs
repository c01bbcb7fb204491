// `npm run bench:pos`: the till at 100,000 packs (issue 31: "adding a scanned item answers in ≤ 50 ms at 100,000
// packs"). A measurement that prints figures, never a test that asserts a time.
//
// The device: the till's offline catalogue (src/features/pos/catalogue-cache.ts) in fake-indexeddb (Node's stand-in
// for the browser's IndexedDB) filled with the packs: the fill, a barcode look-up, name searches, and the till's own
// path from a scanner's Enter to the line in the ticket's store (wedge → catalogue → ticket), timed in this process.
//
// The server: a throwaway shop (migrated and seeded with the demo by the project's own helpers, then filled to the
// packs with an EAN-13 each), served by `node scripts/start.mjs` (one worker) on localhost; the demo cashier signs
// in through the dev outbox, opens a till, and `GET /s/api/pos/packs?barcode=` is timed over HTTP, one call at a
// time (found and not found), with the database's plan of its query (an index, or a scan). SQLite always;
// PostgreSQL too with --postgres or TEST_DATABASE_URL (a database of its own, dropped at the end).
//
//   npm run build   # the server is the built one: start.mjs builds first when the build is stale
//   npm run bench:pos [-- --packs 100000] [--lookups 500] [--postgres] [--only device|server]
//
// Loopback only; every loop is bounded in count (and the server's start in time).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import 'fake-indexeddb/auto';
import { CompiledQuery, sql } from 'kysely';
import { openCatalogue, packForTicket } from '../src/features/pos/catalogue-cache';
import { addPack } from '../src/features/pos/ticket';
import { $ticket, newTicket, updateTicket } from '../src/features/pos/ticket-store';
import { createWedge } from '../src/features/pos/wedge';
import { migrate, openDatabase } from '../src/server/db';
import { DEMO_USERS, seedDemo } from '../src/server/db/seed';
import { posPackByBarcode } from '../src/server/pos/catalogue';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    packs: { type: 'string', default: '100000' },
    lookups: { type: 'string', default: '500' },
    postgres: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const bounded = (text, min, max, name) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} takes a whole number from ${min} to ${max}`);
  return n;
};
const PACKS = bounded(values.packs, 1000, 200_000, 'packs');
const LOOKUPS = bounded(values.lookups, 50, 2000, 'lookups');
if (values.only !== undefined && !['device', 'server'].includes(values.only)) throw new Error('--only takes device or server');
const PORT = Number(process.env.BENCH_POS_PORT ?? 4614);
const postgresUrl = values.postgres || process.env.TEST_DATABASE_URL ? (process.env.TEST_DATABASE_URL ?? `postgres://${userInfo().username}@127.0.0.1:5432/test`) : null;
/** The cashier of the demo shop (pos_access:view only). */
const CASHIER = DEMO_USERS.find((user) => user.role === 'cashier').phone;

// ---------------------------------------------------------------------------------------------------------------
// Figures

const rows = [];
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
/** Adds a row of timings (milliseconds) to the table. */
function figure(part, what, times, note = '') {
  const sorted = [...times].sort((a, b) => a - b);
  rows.push({ part, what, n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1), note });
  console.log(`  ${what}: p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms (${sorted.length})${note ? `; ${note}` : ''}`);
}
function printTable() {
  const ms = (x) => x.toFixed(2);
  console.log(`\n| part | what | n | p50 ms | p95 ms | p99 ms | max ms | note |\n|---|---|---:|---:|---:|---:|---:|---|`);
  for (const r of rows) console.log(`| ${r.part} | ${r.what} | ${r.n} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.note} |`);
}
async function timeEach(items, once) {
  const times = [];
  for (const item of items) {
    const start = performance.now();
    await once(item);
    times.push(performance.now() - start);
  }
  return times;
}

/** A valid EAN-13 from 12 digits. */
function ean13(first12) {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}
/** Pack n's barcode: 890 (GS1 India), 9 digits of n, the check digit. */
const barcodeOf = (n) => ean13(`890${String(n).padStart(9, '0')}`);
/** A fixed pseudo-random sequence, so every run looks the same things up. */
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const sample = (count, below, rand) => Array.from({ length: count }, () => Math.floor(rand() * below));

// ---------------------------------------------------------------------------------------------------------------
// The device: the offline catalogue at PACKS packs

const BRANDS = ['Aashirvaad', 'Tata', 'Fortune', 'Amul', 'Britannia', 'Haldiram', 'MDH', 'Everest', 'Patanjali', 'Dabur', 'Saffola', 'Parle', 'Nestle', 'Catch', 'Daawat', 'Rajdhani', 'Mother Dairy', 'Sunfeast', 'Bikaji', 'Organic Tattva'];
const ITEMS = [
  ['Atta', 'आटा'], ['Basmati Rice', 'बासमती चावल'], ['Toor Dal', 'तूर दाल'], ['Sugar', 'चीनी'], ['Salt', 'नमक'], ['Ghee', 'घी'], ['Sunflower Oil', 'सूरजमुखी तेल'],
  ['Tea', 'चाय'], ['Coffee', 'कॉफ़ी'], ['Biscuits', 'बिस्कुट'], ['Namkeen', 'नमकीन'], ['Turmeric Powder', 'हल्दी पाउडर'], ['Chilli Powder', 'मिर्च पाउडर'],
  ['Garam Masala', 'गरम मसाला'], ['Poha', 'पोहा'], ['Besan', 'बेसन'], ['Rava', 'रवा'], ['Jaggery', 'गुड़'], ['Honey', 'शहद'], ['Paneer', 'पनीर'],
];
const VARIANTS = ['Classic', 'Premium', 'Organic', 'Gold', 'Select', 'Fresh', 'Lite', 'Royal', 'Everyday', 'Family'];
const PACK_NAMES = ['100 g', '500 g', '1 kg', '5 kg'];

/** PACKS packs of PACKS / 4 products, named like a grocer's catalogue, half of them (every other brand) with a Hindi name. */
function devicePacks() {
  const packs = [];
  for (let n = 0; n < PACKS; n++) {
    const product = Math.floor(n / 4);
    const [item, itemHi] = ITEMS[product % ITEMS.length];
    const brand = BRANDS[Math.floor(product / ITEMS.length) % BRANDS.length];
    const variant = VARIANTS[Math.floor(product / (ITEMS.length * BRANDS.length)) % VARIANTS.length];
    const edition = Math.floor(product / (ITEMS.length * BRANDS.length * VARIANTS.length));
    const price = 20 + ((product * 37 + n) % 900);
    packs.push({
      pack_id: n + 1,
      product_id: product + 1,
      product_name: `${brand} ${variant} ${item}${edition ? ` ${edition + 1}` : ''}`,
      product_name_hi: Math.floor(product / ITEMS.length) % 2 ? `${itemHi} ${variant}` : null, // every other brand's
      pack_name: PACK_NAMES[n % 4],
      barcode: barcodeOf(n + 1),
      price,
      mrp: price + 5,
      stock: 50,
      image: null,
    });
  }
  return packs;
}

async function benchDevice() {
  console.log(`\nThe device: the offline catalogue in fake-indexeddb, ${PACKS.toLocaleString('en-IN')} packs`);
  const catalogue = openCatalogue({ name: `bench-pos-${process.pid}` });
  const packs = devicePacks();
  const fill = performance.now();
  await catalogue.apply({ packs, removed: [], as_of: new Date().toISOString() }, { tillId: 1, full: true });
  const filled = performance.now() - fill;
  rows.push({ part: 'device', what: `fill the catalogue (${PACKS} packs, one transaction)`, n: 1, p50: filled, p95: filled, p99: filled, max: filled, note: 'once a day, and at a new till' });
  console.log(`  filled in ${(filled / 1000).toFixed(1)} s`);

  const rand = random(31);
  const picks = sample(LOOKUPS, PACKS, rand).map((i) => packs[i].barcode);
  for (const code of picks.slice(0, 20)) await catalogue.byBarcode(code); // warm
  let found = 0;
  figure('device', 'barcode look-up, found', await timeEach(picks, async (code) => void (found += (await catalogue.byBarcode(code)) ? 1 : 0)), `${found} found`);
  const misses = sample(Math.min(LOOKUPS, 200), 1e9, rand).map((n) => ean13(`891${String(n).padStart(9, '0')}`));
  figure('device', 'barcode look-up, not found', await timeEach(misses, (code) => catalogue.byBarcode(code)));

  const queries = [
    ['atta', 'one common word (a twentieth of the packs)'],
    ['tata atta', 'two words'],
    ['fortune premium sunflower', 'three words'],
    ['ba', 'a prefix of two letters'],
    ['आटा', 'a Hindi word (half the atta has Hindi names)'],
    ['quinoa', 'no match'],
  ];
  for (const [query, said] of queries) {
    let answered = 0;
    const times = await timeEach(Array.from({ length: 50 }, () => query), async (q) => void (answered = (await catalogue.search(q)).length));
    figure('device', `name search "${query}"`, times, `${said}; ${answered} shown`);
  }

  // A scanner's Enter to the line in the ticket's store: the wedge recognises the burst, the catalogue finds the
  // pack, the ticket adds it (what till-session.ts's scan path runs, without the screen). A ticket of 20 lines at most.
  const wedge = createWedge();
  let at = 0;
  let lines = 0;
  const scans = sample(LOOKUPS, PACKS, rand).map((i) => packs[i]);
  const times = [];
  for (const [k, pack] of scans.entries()) {
    if (k % 20 === 0) newTicket(10);
    for (const key of pack.barcode) wedge.feed({ key, at: (at += 5), inTextField: false });
    const start = performance.now();
    const scan = wedge.feed({ key: 'Enter', at: (at += 5), inTextField: false });
    const found = scan && (await catalogue.byBarcode(scan.code));
    if (found) {
      const forTicket = packForTicket(found, 'en');
      updateTicket((ticket) => addPack(ticket, forTicket));
    }
    const onTicket = $ticket.get().lines.some((line) => line.pack_id === pack.pack_id);
    times.push(performance.now() - start);
    if (onTicket) lines += 1;
    at += 1000; // the next pack a second later
  }
  figure('device', "scanner's Enter → line in the ticket store", times, `${lines} of ${scans.length} on the ticket`);
}

// ---------------------------------------------------------------------------------------------------------------
// The server: GET /s/api/pos/packs?barcode= over HTTP

/** A throwaway database: a SQLite file, or a PostgreSQL database of its own. */
async function throwawayDatabase(backend) {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-pos-'));
    return { url: `file:${join(dir, 'shop.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `storefront_bench_pos_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The demo shop, then packs up to PACKS, every pack with an EAN-13; answers the first warehouse's id. */
async function seedShop(db) {
  const started = performance.now();
  await migrate(db);
  await seedDemo(db, {});
  const k = db.kysely;
  const warehouses = (await k.selectFrom('warehouses').select('id').orderBy('id').execute()).map((w) => w.id);
  const products = (await k.selectFrom('products').select('id').orderBy('id').execute()).map((p) => p.id);
  const existing = (await k.selectFrom('packs').select('id').orderBy('id').execute()).map((p) => p.id);
  const rand = random(7);
  await k.transaction().execute(async (trx) => {
    for (const [n, id] of existing.entries()) await trx.updateTable('packs').set({ barcode: barcodeOf(n + 1) }).where('id', '=', id).execute();
    const BATCH = 1000;
    for (let n = existing.length; n < PACKS; n += BATCH) {
      const batch = [];
      for (let m = n; m < Math.min(n + BATCH, PACKS); m++) {
        const price = 20 + Math.floor(rand() * 900);
        batch.push({
          product_id: products[m % products.length],
          name: `${PACK_NAMES[m % 4]} (${m})`,
          price_paise: price * 100,
          act_price_paise: (price + 5) * 100,
          discount_type: null,
          // Four in five in the first warehouse (the till's), as the demo's seed spreads its packs.
          warehouse_id: warehouses[rand() < 0.8 ? 0 : Math.floor(rand() * warehouses.length)],
          stock: 50,
          position: 10 + Math.floor(m / products.length),
          barcode: barcodeOf(m + 1),
          is_active: 1,
        });
      }
      await trx.insertInto('packs').values(batch).execute();
    }
  });
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(k);
  else await sql`analyze`.execute(k);
  const count = Number((await k.selectFrom('packs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  console.log(`  seeded the demo shop and ${count.toLocaleString('en-IN')} packs with barcodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return warehouses[0];
}

/** `node scripts/start.mjs` on the database, one worker, on localhost:PORT; answers how to stop it. */
async function startServer(databaseUrl) {
  const env = { ...process.env, PORT: String(PORT), HOST: 'localhost', DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1', OTP_PER_ADDRESS_PER_HOUR: '1000', OTP_PER_CLIENT_PER_HOUR: '1000' };
  delete env.DATABASE_STATEMENT_TIMEOUT_MS; // the shop's own time limit, not the bulk load's
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const until = Date.now() + 300_000; // a stale build is built first
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
    const ready = await fetch(`http://localhost:${PORT}/s/api/init`).then((r) => r.ok, () => false);
    if (ready) return stop;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the server did not answer within 300 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** A browser's session over HTTP: cookies, the anti-forgery token and the page's origin, as the till sends them. */
function httpClient(base) {
  const cookies = new Map();
  async function call(path, init = {}) {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    headers.set('X-Origin', base);
    const response = await fetch(`${base}/s/api${path}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
  const post = (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { call, post };
}

async function signIn(client, phone) {
  await (await client.call('/cookie')).arrayBuffer();
  const asked = await client.post('/auth/login', { identifier: phone });
  if (!asked.ok) throw new Error(`sign-in for ${phone} answered ${asked.status}: ${await asked.text()}`);
  const { messages } = await (await client.call(`/dev/outbox?to=${phone}`)).json();
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  const verified = await client.post('/auth/verify', { code });
  if (!verified.ok) throw new Error(`verifying the code answered ${verified.status}: ${await verified.text()}`);
}

/** The database's plan of the exact query the barcode call runs (captured from the server's own function). */
async function planOf(db, websiteId, tillId, barcode) {
  const captured = [];
  const executor = db.kysely.getExecutor();
  const capture = {
    transformQuery: (args) => {
      captured.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await posPackByBarcode(db.kysely.withPlugin(capture), websiteId, { till_id: tillId, barcode });
  const query = captured.find((q) => /from "packs"/.test(q.sql));
  const explain = db.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
  const result = await db.kysely.executeQuery(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
  const lines = result.rows.map((row) => row.detail ?? row['QUERY PLAN']);
  // The packs' own indexes are named packs_…; a scan reads the whole table (SQLite: "SCAN pk", PostgreSQL: "Seq Scan").
  const index = lines.map((line) => /USING (?:COVERING )?INDEX (packs_\w+)/.exec(line)?.[1] ?? /Index (?:Only )?Scan (?:using|on) (packs_\w+)/.exec(line)?.[1]).find(Boolean) ?? null;
  const scan = lines.some((line) => /\bSCAN (pk|packs)\b/.test(line) || /Seq Scan on packs\b/.test(line));
  return { lines, index, scan };
}

async function benchServer(backend) {
  console.log(`\nThe server on ${backend === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: GET /s/api/pos/packs?barcode= over HTTP, ${PACKS.toLocaleString('en-IN')} packs`);
  if (backend === 'postgres') process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= '600000'; // the bulk load's statements
  const { url, drop } = await throwawayDatabase(backend);
  const db = await openDatabase(url);
  let stop = async () => {};
  try {
    const warehouseId = await seedShop(db);
    stop = await startServer(url);
    const base = `http://localhost:${PORT}`;
    const client = httpClient(base);
    await signIn(client, CASHIER);
    const opened = await client.post('/pos/tills', { warehouse_id: warehouseId, opening_cash: 0 });
    if (opened.status !== 201) throw new Error(`opening a till answered ${opened.status}: ${await opened.text()}`);
    const till = await opened.json();

    const onSale = await db.kysely
      .selectFrom('packs as pk')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .select('pk.barcode')
      .where('pk.warehouse_id', '=', warehouseId)
      .where('pk.is_active', '=', 1)
      .where('p.is_active', '=', 1)
      .execute();
    const rand = random(11);
    const picks = sample(LOOKUPS, onSale.length, rand).map((i) => onSale[i].barcode);
    const website = await db.kysely.selectFrom('tills').select('website_id').where('id', '=', till.id).executeTakeFirstOrThrow();
    const plan = await planOf(db, website.website_id, till.id, picks[0]);
    console.log(`  the plan of the barcode query:\n    ${plan.lines.join('\n    ')}`);

    const lookUp = async (code) => {
      const response = await client.call(`/pos/packs?till_id=${till.id}&barcode=${code}`);
      await response.arrayBuffer();
      return response.status;
    };
    for (const code of picks.slice(0, 20)) await lookUp(code); // warm: connections, statements, caches
    let ok = 0;
    const found = await timeEach(picks, async (code) => void (ok += (await lookUp(code)) === 200 ? 1 : 0));
    figure(backend, 'barcode call, found (HTTP, one at a time)', found, `${ok} answered 200; ${plan.scan ? 'a SCAN of packs' : `index ${plan.index ?? '?'}`}`);
    let notFound = 0;
    const misses = sample(Math.min(LOOKUPS, 200), 1e9, rand).map((n) => ean13(`891${String(n).padStart(9, '0')}`));
    const missed = await timeEach(misses, async (code) => void (notFound += (await lookUp(code)) === 404 ? 1 : 0));
    figure(backend, 'barcode call, not found', missed, `${notFound} answered 404`);

    // The till's first catalogue: every pack on sale in its warehouse, once.
    const start = performance.now();
    const whole = await client.call(`/pos/catalogue?till_id=${till.id}`, { signal: AbortSignal.timeout(120_000) });
    const body = await whole.arrayBuffer();
    const took = performance.now() - start;
    const packs = whole.ok ? JSON.parse(Buffer.from(body).toString()).packs.length : 0;
    rows.push({ part: backend, what: 'full catalogue call (the till downloads it once a day)', n: 1, p50: took, p95: took, p99: took, max: took, note: `${whole.status}, ${packs} packs, ${(body.byteLength / 1e6).toFixed(1)} MB` });
    console.log(`  full catalogue: ${whole.status}, ${packs} packs, ${(body.byteLength / 1e6).toFixed(1)} MB in ${took.toFixed(0)} ms`);
    return plan;
  } finally {
    await stop();
    await db.close();
    await drop();
  }
}

// ---------------------------------------------------------------------------------------------------------------

console.log(`bench:pos: ${PACKS.toLocaleString('en-IN')} packs, ${LOOKUPS} look-ups; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.versions.node}`);
if (values.only !== 'server') await benchDevice();
if (values.only !== 'device') {
  await benchServer('sqlite');
  if (postgresUrl) await benchServer('postgres');
  else console.log('\nPostgreSQL: not measured (pass --postgres, or set TEST_DATABASE_URL).');
}
printTable();
