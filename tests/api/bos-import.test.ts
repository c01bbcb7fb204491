/**
 * The catalogue's CSV import and export on both backends (docs/back-office-import.md): who may; a file refused as a
 * whole (its header, its size, its type); row errors with row and column; a dry run that changes nothing and says
 * what the apply then does; an apply that is all or nothing, with one audit row; the export read back changing
 * nothing; and every change live on the shopper's next call (product, listing, discount sort, suggestions, sitemap).
 */
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { ImportReport } from '../../src/contract/bos-import';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/contract/import-rules';
import { Product, ProductList, Suggestions } from '../../src/contract';
import { bodyLimitFor } from '../../src/lib/body-limits.mjs';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';
import { sitemapEntries } from './xml-check';

const ADMIN = '9876500003';
const SHOPPER = '9876500001';

let staffCount = 0;
/** An administrator holding only these permissions. */
async function staffWith(shop: TestShop, permissions: string[]): Promise<Visitor> {
  staffCount += 1;
  const phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(staffCount + 500).padStart(6, '0')}`;
  await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Importer ${staffCount}`, email: `importer${staffCount}.${phone}@example.com`, phone, has_admin_access: 1, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .execute();
  return signedIn(shop, phone);
}

const send = (v: Visitor, csv: string, dryRun: boolean, type = 'text/csv') =>
  v.request(`/bos/import?dry_run=${dryRun ? 1 : 0}`, { method: 'POST', headers: { 'content-type': type }, body: csv });

/**
 * Every table's rows, sorted, as text: what "the database did not change" compares. The session's own bookkeeping
 * (its last-seen time, the rate limits' counters) is left out: any call may write it.
 */
async function everyRow(shop: TestShop): Promise<Record<string, string[]>> {
  const db = shop.deps.db.kysely as Kysely<any>;
  const tables =
    shop.backend === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db)).rows.map((r) => r.name);
  const dump: Record<string, string[]> = {};
  for (const table of tables.filter((t) => !['sessions', 'rate_limits'].includes(t)).sort()) {
    dump[table] = (await db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
  }
  return dump;
}

describeApi('back office: catalogue import and export', (shop) => {
  let signedInAdmin: Promise<Visitor> | undefined;
  const admin = () => (signedInAdmin ??= signedIn(shop(), ADMIN));
  const db = () => shop().deps.db.kysely;

  /** A dry run or apply that the API answers with a report (200), parsed with the contract. */
  async function report(csv: string, dryRun: boolean): Promise<ImportReport> {
    const response = await send(await admin(), csv, dryRun);
    expect(response.status, await response.clone().text()).toBe(200);
    return ImportReport.parse(await response.json());
  }
  /** A seeded pack at BLR with its product and category, to import changes to. */
  async function seededPack(offset = 0) {
    return db()
      .selectFrom('packs as pk')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['pk.id', 'pk.name', 'pk.price_paise', 'pk.act_price_paise', 'pk.stock', 'p.id as product_id', 'p.slug', 'p.name as product_name', 'c.slug as category', 'b.slug as brand', 'w.code'])
      .where('w.code', '=', 'BLR')
      .where('p.is_active', '=', 1)
      .orderBy('pk.id')
      .offset(100 + offset * 7)
      .limit(1)
      .executeTakeFirstOrThrow();
  }
  const exported = async (v: Visitor) => {
    const response = await v.get('/bos/export.csv');
    expect(response.status).toBe(200);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  it('lets only catalogue staff import or export: 401 signed out, 403 for a shopper and for other staff, nothing changed', async () => {
    const p = await seededPack(6);
    const csv = `product_slug,pack_name,warehouse_code,stock\n${p.slug},${p.name},BLR,${p.stock + 1}\n`;
    const anonymous = await shop().visitor().start();
    const shopper = await signedIn(shop(), SHOPPER);
    const orders = await staffWith(shop(), ['order:manage', 'coupon:manage']);
    const catalogue = await staffWith(shop(), ['catalogue:manage']);
    const before = await everyRow(shop());
    expect((await send(anonymous, csv, false)).status).toBe(401);
    expect((await anonymous.get('/bos/export.csv')).status).toBe(401);
    expect((await send(shopper, csv, false)).status).toBe(403);
    expect((await shopper.get('/bos/export.csv')).status).toBe(403);
    expect((await send(orders, csv, false)).status).toBe(403);
    expect((await orders.get('/bos/export.csv')).status).toBe(403);
    expect(await everyRow(shop())).toEqual(before);
    const dry = await send(catalogue, csv, true);
    expect(dry.status).toBe(200);
    expect(ImportReport.parse(await dry.json()).rows[0]).toMatchObject({ outcome: 'updated', changed: ['stock'] });
    expect((await catalogue.get('/bos/export.csv')).status).toBe(200);
  });

  it('refuses a file whose header it cannot use, naming each unknown and missing column (400, errors.file)', async () => {
    const response = await send(await admin(), 'product_slug,pack,price_rupees,price_rupees\nx,1 kg,10,10\n', true);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.file).toEqual([
      'Unknown column "pack" (column B)',
      'Column price_rupees is in the header twice (columns C and D)',
      'Column pack_name is missing: every row needs it to name its pack',
      'Column warehouse_code is missing: every row needs it to name its pack',
      `The columns are: ${IMPORT_COLUMNS.join(', ')}`,
    ]);
    expect(body.message).toBe('Unknown column "pack" (column B)');
    for (const [csv, words] of [['', /empty/], ['product_slug,pack_name,warehouse_code\n', /no rows/], ['product_slug,pack_name,warehouse_code\na,"1 kg,BLR\n', /quoted cell is never closed \(row 2\)/]] as const) {
      const refused = await send(await admin(), csv, true);
      expect(refused.status, csv).toBe(400);
      expect((await refused.json()).message).toMatch(words);
    }
  });

  it('refuses a body that is not text/csv (415), or not UTF-8 (400)', async () => {
    expect((await send(await admin(), 'product_slug,pack_name,warehouse_code\n', true, 'application/json')).status).toBe(415);
    const latin1 = new Uint8Array([...new TextEncoder().encode('product_slug,pack_name,warehouse_code\nx,'), 0xe9, ...new TextEncoder().encode(',BLR\n')]);
    const response = await (await admin()).request('/bos/import?dry_run=1', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: latin1 });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.file).toEqual(['The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8 (comma delimited)"']);
  });

  it(`refuses a file over ${IMPORT_MAX_BYTES / 1024 / 1024} MB or over ${IMPORT_MAX_ROWS} rows with 413, changing nothing`, async () => {
    expect(bodyLimitFor('/s/api/bos/import')).toBe(IMPORT_MAX_BYTES);
    const head = 'product_slug,pack_name,warehouse_code,stock\n';
    const big = head + 'x,1 kg,BLR,1,'.padEnd(1000, ' ') + '\n'.repeat(1) + 'y'.repeat(IMPORT_MAX_BYTES);
    const tooBig = await send(await admin(), big, false);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).errors.file).toEqual(['This file is too large: an import may be at most 8 MB (split it into several files)']);
    const manyRows = head + 'x,1 kg,BLR,1\n'.repeat(IMPORT_MAX_ROWS + 1);
    const tooMany = await send(await admin(), manyRows, true);
    expect(tooMany.status).toBe(413);
    expect((await tooMany.json()).message).toBe(`This file has ${(IMPORT_MAX_ROWS + 1).toLocaleString('en-IN')} rows: an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} (split it into several files)`);
  });

  it('reports every row\'s errors with its row and column: negative stock, a bad barcode, the same pack twice, a product\'s rows disagreeing', async () => {
    const p = await seededPack(0);
    const csv = [
      'product_slug,product_name,category,brand,pack_name,barcode,price_rupees,mrp_rupees,stock,warehouse_code',
      `${p.slug},${p.product_name},${p.category},${p.brand},${p.name},,10.00,12.00,-3,BLR`,
      `${p.slug},${p.product_name},${p.category},${p.brand},Import test 2 kg,8901030865274,20.505,25,5,BLR`,
      `${p.slug},${p.product_name},${p.category},${p.brand},${p.name},,10,12,4,BLR`,
      `${p.slug},Another name,${p.category},${p.brand},Import test 3 kg,,30,30,4,BLR`,
      `${p.slug},${p.product_name},${p.category},${p.brand},Import test 4 kg,,40,45,6,XYZ`,
    ].join('\n');
    const r = await report(csv, true);
    const errors = Object.fromEntries(r.rows.map((row) => [row.row, row.errors.map((e) => [e.column, e.message])]));
    expect(errors).toEqual({
      2: [['stock', 'Stock cannot be negative']],
      3: [['barcode', 'Barcode check digit is wrong: check the number on the pack'], ['price_rupees', 'Price must be an amount in rupees with at most 2 decimals, such as 49.50']],
      4: [['pack_name', 'The same pack is on row 2: each pack may be in the file once']],
      5: [['product_name', `Row 2 says otherwise for product ${p.slug}: every row of one product must say the same product_name`]],
      6: [['warehouse_code', 'No warehouse with the code XYZ']],
    });
    expect(r.totals).toMatchObject({ rows: 5, errors: 5, created: 0, updated: 0 });
    expect(r).toMatchObject({ dry_run: true, applied: false, columns: ['product_slug', 'product_name', 'category', 'brand', 'pack_name', 'barcode', 'price_rupees', 'mrp_rupees', 'stock', 'warehouse_code'] });
  });

  it('changes nothing on a dry run, and the apply then does exactly what the dry run said, with one audit row', async () => {
    const [a, b] = [await seededPack(1), await seededPack(2)];
    const slug = `import-test-masala-${shop().backend}`;
    const csv = [
      'product_slug,product_name,category,brand,description,pack_name,price_rupees,mrp_rupees,stock,warehouse_code,max_per_order,active',
      `${a.slug},${a.product_name},${a.category},${a.brand},,${a.name},${(a.price_paise / 100 + 1).toFixed(2)},${(Math.max(a.act_price_paise, a.price_paise + 100) / 100).toFixed(2)},${a.stock + 7},BLR,10,yes`,
      `${slug},Import Test Masala,${b.category},${b.brand},"Fresh, ground <b>today</b>",100 g,49.50,55,12,BLR,6,yes`,
      `${slug},Import Test Masala,${b.category},${b.brand},"Fresh, ground <b>today</b>",250 g,110,120,0,BLR,6,no`,
    ].join('\n');
    const before = await everyRow(shop());
    const dry = await report(csv, true);
    expect(await everyRow(shop())).toEqual(before);
    expect(dry.rows.map((r) => [r.row, r.outcome, r.new_product])).toEqual([[2, 'updated', false], [3, 'created', true], [4, 'created', true]]);
    expect(dry.rows[0]!.changed).toEqual(expect.arrayContaining(['price_rupees', 'stock']));
    expect(dry.totals).toMatchObject({ rows: 3, created: 2, updated: 1, unchanged: 0, errors: 0, products_created: 1 });

    // One audit row for the whole import, whatever it changes (no product, pack or stock rows of its own).
    const audits = async () => db().selectFrom('staff_audit').selectAll().orderBy('id').execute();
    const auditsBefore = (await audits()).length;
    const applied = await report(csv, false);
    expect({ ...applied, dry_run: true, applied: false }).toEqual(dry);
    expect(applied).toMatchObject({ dry_run: false, applied: true });

    const made = await db().selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(made).toMatchObject({ name: 'Import Test Masala', description: 'Fresh, ground <b>today</b>', is_active: 1 });
    const packs = await db().selectFrom('packs').selectAll().where('product_id', '=', made.id).orderBy('position').execute();
    expect(packs.map((p) => [p.name, p.price_paise, p.act_price_paise, p.stock, p.max_per_order, p.is_active])).toEqual([['100 g', 4950, 5500, 12, 6, 1], ['250 g', 11000, 12000, 0, 6, 0]]);
    expect(await db().selectFrom('packs').select(['price_paise', 'stock']).where('id', '=', a.id).executeTakeFirstOrThrow()).toEqual({ price_paise: a.price_paise + 100, stock: a.stock + 7 });

    const rows = await audits();
    expect(rows.length).toBe(auditsBefore + 1);
    const me = await db().selectFrom('users').select('id').where('phone', '=', ADMIN).executeTakeFirstOrThrow();
    expect(rows.at(-1)).toMatchObject({ action: 'import.applied', subject_kind: 'import', user_id: me.id, order_id: null });
    expect(JSON.parse(rows.at(-1)!.after_json!)).toMatchObject({ rows: 3, created: 2, updated: 1, unchanged: 0, errors: 0, products_created: 1 });
  });

  it('keeps the stock ledger: an imported level is a count entry of the difference, a new pack an opening entry; level and ledger agree', async () => {
    const p = await seededPack(3);
    const slug = `import-test-ledger-${shop().backend}`;
    await report(
      [
        'product_slug,product_name,category,brand,pack_name,price_rupees,stock,warehouse_code',
        `${p.slug},${p.product_name},${p.category},${p.brand},${p.name},${(p.price_paise / 100).toFixed(2)},${p.stock + 15},BLR`,
        `${slug},Import Test Ledger,${p.category},${p.brand},1 kg,80,9,BLR`,
      ].join('\n'),
      false,
    );
    const me = await db().selectFrom('users').select('id').where('phone', '=', ADMIN).executeTakeFirstOrThrow();
    const ledger = (packId: number) => db().selectFrom('stock_moves').selectAll().where('pack_id', '=', packId).orderBy('id').execute();
    const level = async (packId: number) => (await db().selectFrom('packs').select('stock').where('id', '=', packId).executeTakeFirstOrThrow()).stock;
    const counted = await ledger(p.id);
    expect(counted.at(-1)).toMatchObject({ change: 15, level_after: p.stock + 15, reason: 'count', note: 'CSV import', user_id: me.id });
    expect(counted.reduce((sum, move) => sum + move.change, 0)).toBe(await level(p.id));
    const fresh = await db().selectFrom('packs as pk').innerJoin('products as pr', 'pr.id', 'pk.product_id').select('pk.id').where('pr.slug', '=', slug).executeTakeFirstOrThrow();
    expect(await ledger(fresh.id)).toMatchObject([{ change: 9, level_after: 9, reason: 'opening', user_id: me.id }]);
    expect(await level(fresh.id)).toBe(9);
  });

  it('is all or nothing: a file with one bad row changes nothing (422 with the report), and neither does a file the shop changed under', async () => {
    const p = await seededPack(4);
    const slug = `import-test-refused-${shop().backend}`;
    const good = `${slug},Import Test Refused,${p.category},${p.brand},1 kg,80,90,5,BLR`;
    const head = 'product_slug,product_name,category,brand,pack_name,price_rupees,mrp_rupees,stock,warehouse_code';
    const before = await everyRow(shop());
    const refused = await send(await admin(), [head, good, `${p.slug},${p.product_name},${p.category},${p.brand},${p.name},10,9,5,BLR`].join('\n'), false);
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.message).toBe('Nothing was imported: 1 row has an error');
    expect(ImportReport.parse(body.report).rows.map((r) => r.outcome)).toEqual(['created', 'error']);
    expect(await everyRow(shop())).toEqual(before);

    // Checked clean, then another pack takes the barcode the file gives: the apply finds the error and writes nothing.
    const barcode = '8901234567890';
    const csv = [`${head},barcode`, `${good},${barcode}`].join('\n');
    expect((await report(csv, true)).totals.errors).toBe(0);
    await db().updateTable('packs').set({ barcode }).where('id', '=', p.id).execute();
    const meanwhile = await everyRow(shop());
    const late = await send(await admin(), csv, false);
    expect(late.status).toBe(422);
    expect((await late.json()).report.rows[0].errors).toEqual([{ column: 'barcode', message: `Barcode ${barcode} is already on ${p.product_name} – ${p.name} (${p.slug}), another product's pack` }]);
    expect(await everyRow(shop())).toEqual(meanwhile);
    await db().updateTable('packs').set({ barcode: null }).where('id', '=', p.id).execute();
  });

  it('makes a new product once when two imports of it run at once: the other finds it made, or is refused (409) having changed nothing', async () => {
    const p = await seededPack(7);
    const slug = `import-test-twice-${shop().backend}`;
    const csv = ['product_slug,product_name,category,brand,pack_name,price_rupees,stock,warehouse_code', `${slug},Import Test Twice,${p.category},${p.brand},1 kg,80,9,BLR`, `${slug},Import Test Twice,${p.category},${p.brand},2 kg,150,4,BLR`].join('\n');
    const [a, b] = await Promise.all([send(await admin(), csv, false), send(await admin(), csv, false)]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([200]));
    for (const answer of [a, b]) expect([200, 409]).toContain(answer.status);
    const made = await db().selectFrom('products').select('id').where('slug', '=', slug).execute();
    expect(made).toHaveLength(1);
    const packs = await db().selectFrom('packs').select(['id', 'stock']).where('product_id', '=', made[0]!.id).orderBy('id').execute();
    expect(packs.map((k) => k.stock)).toEqual([9, 4]);
    const moves = await db().selectFrom('stock_moves').select(['pack_id', 'change']).where('pack_id', 'in', packs.map((k) => k.id)).execute();
    expect(moves.map((m) => [m.pack_id, m.change]).sort()).toEqual([[packs[0]!.id, 9], [packs[1]!.id, 4]].sort());
  });

  it('exports every pack in the import\'s columns, and the export imported back changes nothing', async () => {
    const { response, bytes } = await exported(await admin());
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A byte order mark first, so spreadsheets read UTF-8; then the header, CRLF.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(`${IMPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const packs = Number((await db().selectFrom('packs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(text.trimEnd().split('\r\n').length).toBe(packs + 1);
    const before = await everyRow(shop());
    const back = await report(text, true);
    expect(back.totals).toMatchObject({ rows: packs, unchanged: packs, created: 0, updated: 0, errors: 0 });
    const applied = await report(text, false);
    expect(applied.totals).toMatchObject({ unchanged: packs, updated: 0 });
    const after = await everyRow(shop());
    // The apply's audit row is the only difference.
    expect({ ...after, staff_audit: [] }).toEqual({ ...before, staff_audit: [] });
    expect(after.staff_audit!.length).toBe(before.staff_audit!.length + 1);
  });

  it('shows an imported price at once: the product, the listing card, the biggest-discount sort, the suggestions, the sitemap', async () => {
    const p = await seededPack(5);
    const shopper = shop().visitor();
    const generation = async () => (await (await shopper.get('/page-generation')).json()).generation as number;
    const was = await generation();
    const slug = `import-test-bargain-${shop().backend}`;
    await report(
      [
        'product_slug,product_name,category,brand,pack_name,price_rupees,mrp_rupees,stock,warehouse_code',
        `${p.slug},${p.product_name},${p.category},${p.brand},${p.name},1.00,999.00,50,BLR`,
        `${slug},Zephyrine Import Bargain,${p.category},${p.brand},1 kg,42.50,50,20,BLR`,
      ].join('\n'),
      false,
    );
    expect(await generation()).toBeGreaterThan(was);
    const product = Product.parse(await (await shopper.get(`/products/${p.slug}`)).json());
    expect(product.packs.find((k) => k.pack_id === p.id)).toMatchObject({ price: 1, act_price: 999 });
    const byDiscount = ProductList.parse(await (await shopper.get('/products?s=discount')).json());
    expect(byDiscount.data[0]!.slug).toBe(p.slug);
    const found = ProductList.parse(await (await shopper.get('/products?q=zephyrine')).json());
    expect(found.data.map((d) => [d.slug, d.packs[0]!.price])).toEqual([[slug, 42.5]]);
    const suggested = Suggestions.parse(await (await shopper.get('/search/suggest?q=zephyr')).json());
    expect(suggested.products.map((s) => s.slug)).toContain(slug);
    const sitemap = await (await shopper.get('/crawlers/sitemap.xml')).text();
    expect(sitemapEntries(sitemap).some((e) => e.loc === `http://localhost/products/${slug}`)).toBe(true);
  });
});
