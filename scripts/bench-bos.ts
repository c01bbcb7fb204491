// `npm run bench:bos`: times the back office in-process (app.fetch, no socket) against the database at DATABASE_URL,
// signed in as the demo administrator Meera Iyer (by the dev outbox's code, so never in production). The orders
// queue: no filter, each tab and each filter (with the tab counts every answer carries), the counts alone, and
// marking 200 orders packed in one bulk call. The catalogue's CSV import of 10,000 rows, checked then applied. The
// products: the product list with each search and filter, the low-stock list, and the writes of a morning (a price,
// a count, a stock entry, a product saved). Prints the min, median and p95 of each; a measurement, never a test.
// It changes the database it is given (200 orders are made ready to pack, then packed; the import changes 5,000
// packs' prices and stock and adds 5,000 new packs; a few packs' prices and stock move): use its own.
//   DATABASE_URL=file:./data/bos-bench.sqlite npm run seed -- --reset --orders 100000
//   DATABASE_URL=file:./data/bos-bench.sqlite npm run bench:bos [-- --runs 30] [--only orders|import|products]
//   DATABASE_URL=file:./data/products-bench.sqlite npm run seed -- --reset --products 100000
//   DATABASE_URL=file:./data/products-bench.sqlite npm run bench:bos -- --only products
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app';
import { closeDeps, prepare } from '../src/server/boot';
import { readConfig } from '../src/server/config';
import { DEMO_USERS } from '../src/server/db/seed';
import { signedInClient } from './bench-client';
import { queueCounts } from '../src/server/orders/queue';
import { BosOrderQuery } from '../src/contract/bos-orders';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, only: { type: 'string' } } });
if (values.only !== undefined && !['orders', 'import', 'products'].includes(values.only)) throw new Error('--only takes orders, import or products');
const runs = Math.min(Math.max(Number(values.runs) || 30, 5), 500);
/** No call is timed for longer than this, whatever the runs asked. */
const CALL_BUDGET_MS = 10_000;
const config = readConfig();
if (config.production) throw new Error('bench:bos signs in by the dev outbox, which a production shop does not have');
const deps = await prepare(config, () => {});
const app = createApp(deps);
const db = deps.db.kysely;

const phone = DEMO_USERS[2].phone;
const { call, post } = await signedInClient(app, phone);
const admin = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
const websiteId = (await db.selectFrom('website_domains').select('website_id').where('host', '=', 'localhost').executeTakeFirst())?.website_id ?? 1;

type Json = Record<string, any>;
const ms = (sorted: number[], at: number) => sorted[Math.min(sorted.length - 1, Math.floor(at * sorted.length))]!.toFixed(2);
/** Times `once` up to `runs` times (after up to 3, within 2 s, to warm up), within CALL_BUDGET_MS; the sorted times. */
async function timed(once: () => Promise<void>): Promise<number[]> {
  const warm = performance.now() + 2_000;
  for (let i = 0; i < 3 && performance.now() < warm; i++) await once();
  const times: number[] = [];
  const until = performance.now() + CALL_BUDGET_MS;
  for (let i = 0; i < runs && performance.now() < until; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}
const row = (name: string, times: number[], said: string) => console.log(name.padEnd(36), times[0]!.toFixed(2).padStart(8), ms(times, 0.5).padStart(10), ms(times, 0.95).padStart(10), String(times.length).padStart(6), `  ${said}`);

const anyOrder = await db.selectFrom('orders').select('id').where('website_id', '=', websiteId).limit(1).executeTakeFirst();
if (values.only === undefined || values.only === 'orders') {
  if (anyOrder) await benchOrders();
  else console.log('No orders in this shop: the orders queue is not timed (seed with --orders N for it).');
}
if (values.only === undefined || values.only === 'import') await benchImport();
if (values.only === undefined || values.only === 'products') await benchProducts();
await closeDeps(deps);

/** The orders queue, its counts and a bulk move (a shop with orders). */
async function benchOrders() {
  // Values the shop holds: the busiest delivery date of the last days, the Bengaluru warehouse, the Metro zone, the
  // demo agent, and an order, a phone and a name of a customer on this website.
  const newest = await db.selectFrom('orders').select(['id', 'ordernumber', 'user_id']).where('website_id', '=', websiteId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const date = (await db.selectFrom('order_lines').select('del_date').where('order_id', '=', newest.id).where('del_date', 'is not', null).executeTakeFirst())?.del_date ?? '2026-01-01';
  const warehouse = (await db.selectFrom('warehouses').select('id').where('code', '=', 'BLR').executeTakeFirstOrThrow()).id;
  const zone = (await db.selectFrom('delivery_zones').select('id').where('name', '=', 'Metro').executeTakeFirstOrThrow()).id;
  const agent = (await db.selectFrom('users').select('id').where('phone', '=', DEMO_USERS[1].phone).executeTakeFirstOrThrow()).id;
  const customer = await db.selectFrom('users').select(['name', 'phone']).where('id', '=', newest.user_id).executeTakeFirstOrThrow();
  const surname = customer.name.split(' ').at(-1)!;

  const described = (b: Json) => `${b.meta.total} found, ${b.data.length} shown`;
  // As the page asks: always a tab (To confirm unless one is chosen), with the filters; without a tab (every open
  // order and those closed in the last days, sorted by delivery window) only through the API.
  const q = (query: string) => `/bos/orders?tab=to_confirm${query ? `&${query}` : ''}`;
  const calls: [string, string][] = [
    ['no tab: open and recent (API only)', '/bos/orders'],
    ['no tab, page 100 (API only)', '/bos/orders?page=100'],
    ['to confirm, no filter', q('')],
    ...(['to_pack', 'to_send', 'out_for_delivery', 'delivered_today', 'cancelled', 'payment_failed'] as const).map((tab): [string, string] => [`tab ${tab}`, `/bos/orders?tab=${tab}`]),
    [`date ${date}`, q(`date=${date}`)],
    ['window 7:00 AM', q(`window=${encodeURIComponent('7:00 AM')}`)],
    ['date and window', q(`date=${date}&window=${encodeURIComponent('7:00 AM')}`)],
    ['warehouse BLR', q(`warehouse=${warehouse}`)],
    ['payment mode cod', q('payment_method=cod')],
    ['payment state on_delivery', q('payment_state=on_delivery')],
    ['payment state paid', q('payment_state=paid')],
    ['zone Metro', q(`zone=${zone}`)],
    ['pincode 560001', q('pincode=560001')],
    ['agent Ravi Kumar', q(`agent=${agent}`)],
    [`search number ${newest.ordernumber}`, q(`q=${newest.ordernumber}`)],
    [`search phone ${customer.phone.slice(-6)}`, q(`q=${customer.phone.slice(-6)}`)],
    [`search name "${surname}"`, q(`q=${encodeURIComponent(surname)}`)],
    ['cancelled, zone, agent and name', `/bos/orders?tab=cancelled&zone=${zone}&agent=${agent}&q=${encodeURIComponent(surname)}`],
  ];

  const orders = (await db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n;
  console.log(`${deps.config.databaseUrl.replace(/\/\/[^@]*@/, '//')} · ${orders} orders · signed in as ${phone} · up to ${runs} runs per call\n`);
  console.log('GET /s/api/bos/orders'.padEnd(36), 'min ms'.padStart(8), 'median ms'.padStart(10), 'p95 ms'.padStart(10), 'runs'.padStart(6), '  answered');

  for (const [name, path] of calls) {
    let body: Json = {};
    try {
      const times = await timed(async () => {
        const response = await call(path);
        const text = await response.text();
        if (!response.ok) throw new Error(`answered ${response.status}: ${text.slice(0, 80)}`);
        body = JSON.parse(text);
      });
      row(name, times, described(body));
    } catch (error) {
      // A call past the database's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) is said, not timed.
      console.log(name.padEnd(36), '—'.padStart(8), '—'.padStart(10), '—'.padStart(10), '0'.padStart(6), `  ${(error as Error).message}`);
    }
  }

  // The counts alone (every answer above carries them), through the service.
  const staff = { userId: admin.id, websiteId };
  for (const [name, query] of [['counts, no filter', ''], ['counts, date', `date=${date}`], ['counts, zone and agent', `zone=${zone}&agent=${agent}`], ['counts, name', `q=${surname}`]] as const) {
    const parsed = BosOrderQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    let counts: Record<string, number> = {};
    const times = await timed(async () => void (counts = await queueCounts(db, staff, parsed)));
    row(name, times, Object.values(counts).join(' / '));
  }

  // Marking 200 orders packed: 200 of this website's delivered orders are made ready to pack first (set to
  // confirmed here, so the bench has them whatever the seed's mix), then one bulk call packs them.
  const ready = await db.selectFrom('orders').select('id').where('website_id', '=', websiteId).where('status', '=', 'delivered').orderBy('id').limit(200).execute();
  const ids = ready.map((r) => r.id);
  await db.updateTable('orders').set({ status: 'confirmed', status_at: new Date().toISOString() }).where('id', 'in', ids).execute();
  const start = performance.now();
  const packed = await post('/bos/orders/status', { ids, to: 'packed' });
  const took = performance.now() - start;
  const result = (await packed.json()) as Json;
  if (!packed.ok) throw new Error(`the bulk call answered ${packed.status}: ${JSON.stringify(result)}`);
  console.log(`\nPOST /s/api/bos/orders/status: ${ids.length} orders packed in ${took.toFixed(0)} ms (${result.moved.length} moved, ${result.refused.length} refused)`);
}


/** The catalogue's CSV import (docs/back-office-import.md), 10,000 rows: checked (dry run), then applied. */
async function benchImport() {
  // The catalogue's CSV import (docs/back-office-import.md): 10,000 rows, half of them new prices and stock counts of
  // existing packs, half new packs of new products (two each); checked (dry run), then applied in one transaction.
  const IMPORT_ROWS = 10_000;
  const existing = await db
    .selectFrom('packs as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
    .select(['p.slug', 'p.name as product', 'c.slug as category', 'b.slug as brand', 'pk.name', 'pk.price_paise', 'pk.act_price_paise', 'pk.stock', 'w.code'])
    .orderBy('pk.id')
    .limit(IMPORT_ROWS / 2)
    .execute();
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  const run = Date.now().toString(36);
  const template = existing[0]!;
  const csvRows = [
    'product_slug,product_name,category,brand,pack_name,price_rupees,mrp_rupees,stock,warehouse_code',
    ...existing.map((p) => [p.slug, `"${p.product.replace(/"/g, '""')}"`, p.category, p.brand, p.name, rupees(p.price_paise + 100), rupees(Math.max(p.act_price_paise, p.price_paise + 100)), p.stock + 3, p.code].join(',')),
    ...Array.from({ length: IMPORT_ROWS - existing.length }, (_, i) => {
      const n = Math.floor(i / 2);
      return [`bench-import-${run}-${n}`, `Bench Import ${run} ${n}`, template.category, template.brand, i % 2 ? '1 kg' : '500 g', rupees(4950 + i), rupees(5500 + i), 20, template.code].join(',');
    }),
  ];
  const csv = `${csvRows.join('\n')}\n`;
  console.log(`\nPOST /s/api/bos/import: ${IMPORT_ROWS.toLocaleString('en-IN')} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB`);
  for (const dryRun of [true, false]) {
    const began = performance.now();
    const answer = await call(`/bos/import?dry_run=${dryRun ? 1 : 0}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    const ms = performance.now() - began;
    const body = (await answer.json()) as Json;
    if (!answer.ok) throw new Error(`the import answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
    const t = body.totals;
    console.log(`  ${dryRun ? 'dry run' : 'apply  '}  ${(ms / 1000).toFixed(2)} s  (${Math.round(IMPORT_ROWS / (ms / 1000)).toLocaleString('en-IN')} rows/s): ${t.created} new packs (${t.products_created} new products), ${t.updated} changed, ${t.unchanged} unchanged, ${t.errors} errors`);
  }
}

/**
 * The back office's product list at the shop's scale (GET /s/api/bos/products, as the Products screen asks it:
 * 20 a page, newest first unless sorted), each search and filter, the low-stock list, and the writes a busy
 * morning makes: the list's quick edit of a price, a stock entry, and saving a whole product (each in its
 * transaction with the listing's recompute and its audit row). It changes the database: one pack gets a barcode,
 * and the writes change a few packs' prices and stock.
 */
async function benchProducts() {
  const count = (await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n;
  const popular = await db.selectFrom('products').select(['id', 'name', 'brand_id']).where('is_active', '=', 1).orderBy('popularity', 'desc').limit(1).executeTakeFirstOrThrow();
  const pack = await db.selectFrom('packs').select(['id', 'warehouse_id', 'price_paise', 'act_price_paise', 'stock']).where('product_id', '=', popular.id).orderBy('position').limit(1).executeTakeFirstOrThrow();
  const barcode = '8901058000290';
  await db.updateTable('packs').set({ barcode }).where('id', '=', pack.id).execute();
  const root = (await db.selectFrom('categories').select('id').where('parent_id', 'is', null).orderBy('position').limit(1).executeTakeFirstOrThrow()).id;
  const word = popular.name.split(' ').find((w) => /^[A-Za-z]{4,}$/.test(w))!.toLowerCase();
  const rare = popular.name.toLowerCase();
  const p = (query: string) => `/bos/products${query ? `?${query}` : ''}`;
  const calls: [string, string][] = [
    ['no filter (newest first)', p('')],
    ['page 100', p('page=100')],
    ['100 a page', p('perPage=100')],
    [`search a common word "${word}"`, p(`q=${encodeURIComponent(word)}`)],
    [`search a whole name "${rare.slice(0, 24)}"`, p(`q=${encodeURIComponent(rare)}`)],
    ['search a name nobody has', p('q=zzqxv')],
    ['search a barcode', p(`q=${barcode}`)],
    [`search a number ${popular.id}`, p(`q=${popular.id}`)],
    ['a root category (and those below)', p(`category=${root}`)],
    ['a brand', p(`brand=${popular.brand_id}`)],
    ['hidden', p('status=hidden')],
    ['low stock (≤ 10)', p('low_stock=true')],
    ['low stock (≤ 50), by stock', p('low_stock=true&threshold=50&sort=stock')],
    ['sorted by name', p('sort=name')],
    ['sorted by stock', p('sort=stock')],
    [`"${word}", low stock, by name`, p(`q=${encodeURIComponent(word)}&low_stock=true&sort=name`)],
    ['GET /bos/stock/low', '/bos/stock/low'],
    [`GET /bos/stock?pack_id=${pack.id}`, `/bos/stock?pack_id=${pack.id}`],
    ['GET /bos/products/{id}', `/bos/products/${popular.id}`],
  ];
  console.log(`\n${deps.config.databaseUrl.replace(/\/\/[^@]*@/, '//')} · ${count} products · up to ${runs} runs per call\n`);
  console.log('GET /s/api/bos/products'.padEnd(36), 'min ms'.padStart(8), 'median ms'.padStart(10), 'p95 ms'.padStart(10), 'runs'.padStart(6), '  answered');
  for (const [name, path] of calls) {
    let body: Json = {};
    const times = await timed(async () => {
      const response = await call(path);
      const text = await response.text();
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 80)}`);
      body = JSON.parse(text);
    });
    row(name, times, body.meta ? `${body.meta.total} found, ${body.data.length} shown` : 'one');
  }

  const put = (path: string, body: unknown) => call(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const ok = async (answer: Promise<Response>) => {
    const response = await answer;
    if (!response.ok) throw new Error(`answered ${response.status}: ${(await response.text()).slice(0, 120)}`);
    await response.text();
  };
  let flip = 0;
  const price = () => (flip++ % 2 === 0 ? pack.price_paise - 100 : pack.price_paise);
  row('PUT /bos/packs/{id} (price)', await timed(() => ok(put(`/bos/packs/${pack.id}`, { price: price() }))), 'the listing recomputed');
  row('PUT /bos/packs/{id} (count)', await timed(() => ok(put(`/bos/packs/${pack.id}`, { level: pack.stock + (flip++ % 2) }))), 'a count entry');
  row('POST /bos/stock (received 1)', await timed(() => ok(post('/bos/stock', { pack_id: pack.id, warehouse_id: pack.warehouse_id, reason: 'received', change: 1 }))), 'an entry');
  const product = (await (await call(`/bos/products/${popular.id}`)).json()) as Json;
  const body = (name: string) => ({
    name,
    slug: product.slug,
    description: product.description,
    category_id: product.category.id,
    brand_id: product.brand.id,
    supplier_id: product.supplier?.id ?? null,
    images: product.images,
    status: product.status,
    packs: product.packs.map((k: Json) => ({ id: k.id, name: k.name, price: k.price, mrp: k.mrp, max_per_order: k.max_per_order, barcode: k.barcode, active: k.active, warehouse_id: k.warehouse_id })),
  });
  row('PUT /bos/products/{id} (rename)', await timed(() => ok(put(`/bos/products/${popular.id}`, body(flip++ % 2 === 0 ? `${popular.name} Fresh` : popular.name)))), 'words and listing recomputed');
}
