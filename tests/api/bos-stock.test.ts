/**
 * The stock ledger on both backends (docs/back-office-products.md#stock): who may call, staff entries (count,
 * damage, received) with their rules and refusals, negative stock refused atomically, the ledger and the level,
 * orders taking and giving back goods as ledger entries, the low-stock list, the shop following at once, and many
 * adjustments and orders at once leaving the ledger's sum equal to the level.
 */
import { expect, it } from 'vitest';
import { Product } from '../../src/contract';
import { BosLowStockList, BosStockLedger, BosStockMoved } from '../../src/contract/bos-products';
import { PaymentStarted } from '../../src/contract/payment';
import { readPageGeneration } from '../../src/server/db/page-generation';
import { ADMIN, productsKit, send, staffWith, uniqueWord } from './bos-products-kit';
import { orderKit } from './order-kit';
import { press } from './payment-kit';
import { describeApi, signedIn, type Visitor } from './shop';

describeApi('back office: stock', (shop) => {
  const { db, references, create, auditRows, ledger, level } = productsKit(shop);
  const orders = orderKit(shop);
  let signedInAdmin: Promise<Visitor> | undefined;
  const admin = () => (signedInAdmin ??= signedIn(shop(), ADMIN));
  /** A new product of one pack in Bengaluru with this opening stock (₹50, at most 20 per order). */
  async function freshPack(opening: number) {
    const ref = await references();
    const product = await create(await admin(), `${uniqueWord('Stock')} Ragi`, { packs: [{ name: '1 kg', price: 5000, mrp: 6000, max_per_order: 20, active: true, warehouse_id: ref.blr, opening_stock: opening }] });
    const pack = product.packs[0]!;
    return { product, pack, id: pack.id, warehouse_id: pack.warehouse_id, price_paise: pack.price };
  }
  const entry = (v: Visitor, body: Record<string, unknown>) => v.post('/bos/stock', body);
  const ledgerSum = async (packId: number) => (await ledger(packId)).reduce((sum, e) => sum + e.change, 0);
  /** Each entry's level after is the one before it plus its change, in the order written; the last is the level. */
  async function ledgerAgrees(packId: number) {
    const entries = await ledger(packId);
    let running = 0;
    for (const e of entries) {
      running += e.change;
      expect(e.level_after, `entry ${e.id}`).toBe(running);
    }
    expect(await level(packId)).toBe(running);
    expect(await ledgerSum(packId)).toBe(running);
    return running;
  }

  it('answers 401 signed out and 403 to shoppers and to staff without catalogue:manage, moving nothing', async () => {
    const p = await freshPack(10);
    const calls = (v: Visitor) => [
      v.get(`/bos/stock?pack_id=${p.id}`),
      v.get('/bos/stock/low'),
      v.post('/bos/stock', { pack_id: p.id, warehouse_id: p.warehouse_id, reason: 'received', change: 5 }),
    ];
    const [anonymous, shopper, pages] = [await shop().visitor().start(), await signedIn(shop(), '9876500001'), await staffWith(shop(), ['website_setting:edit', 'order:manage'])];
    for (const [v, status] of [[anonymous, 401], [shopper, 403], [pages, 403]] as const) {
      expect((await Promise.all(calls(v))).map((r) => r.status)).toEqual([status, status, status]);
    }
    expect(await level(p.id)).toBe(10);
    expect(await ledger(p.id)).toHaveLength(1);
  });

  it('records received, damage and counts as entries with who, why and the level after; a count sets the level and records the difference', async () => {
    const v = await admin();
    const p = await freshPack(10);
    const moves: [Record<string, unknown>, number, number][] = [
      [{ reason: 'received', change: 24, note: 'Invoice 4411' }, 24, 34],
      [{ reason: 'damage', change: -4, note: 'Torn bags' }, -4, 30],
      [{ reason: 'count', level: 27 }, -3, 27],
      [{ reason: 'count', level: 27 }, 0, 27],
      [{ reason: 'count', change: 2 }, 2, 29],
    ];
    for (const [body, change, after] of moves) {
      const r = await entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, ...body });
      expect(r.status, await r.clone().text()).toBe(201);
      const moved = BosStockMoved.parse(await r.json());
      expect([moved.entry.change, moved.entry.level_after, moved.level, moved.entry.reason]).toEqual([change, after, after, body.reason]);
      expect(moved.entry.by?.name).toBe('Meera Iyer');
    }
    expect(await ledgerAgrees(p.id)).toBe(29);
    const audit = await auditRows('stock', p.id);
    expect(audit.map((a) => [a.action, JSON.parse(a.before_json!).level, JSON.parse(a.after_json!).level])).toEqual([
      ['stock.adjusted', 10, 34],
      ['stock.adjusted', 34, 30],
      ['stock.adjusted', 30, 27],
      ['stock.adjusted', 27, 27],
      ['stock.adjusted', 27, 29],
    ]);
    expect(audit.map((a) => a.reason)).toEqual(['Invoice 4411', 'Torn bags', null, null, null]);

    const page = BosStockLedger.parse(await (await v.get(`/bos/stock?pack_id=${p.id}&perPage=2`)).json());
    expect(page.stock).toEqual([{ warehouse_id: p.warehouse_id, warehouse_name: expect.any(String), level: 29 }]);
    expect(page.meta.total).toBe(6);
    expect(page.data.map((e) => [e.reason, e.change])).toEqual([['count', 2], ['count', 0]]);
    const last = BosStockLedger.parse(await (await v.get(`/bos/stock?pack_id=${p.id}&perPage=2&page=3`)).json());
    expect(last.data.map((e) => [e.reason, e.change, e.level_after, e.by])).toEqual([['received', 24, 34, expect.objectContaining({ name: 'Meera Iyer' })], ['opening', 10, 10, expect.objectContaining({ name: 'Meera Iyer' })]]);
    expect((await v.get('/bos/stock?pack_id=999999')).status).toBe(404);
    expect((await v.get('/bos/stock')).status).toBe(400);
    expect((await v.get(`/bos/stock?pack_id=${p.id}&perPage=101`)).status).toBe(400);
  });

  it('refuses a move below zero (409) and leaves the level and the ledger as they were; a wrong warehouse is 422, a malformed entry 400', async () => {
    const v = await admin();
    const ref = await references();
    const p = await freshPack(5);
    const below = await entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, reason: 'damage', change: -6 });
    expect(below.status).toBe(409);
    expect(await below.json()).toMatchObject({ level: 5, message: 'Only 5 in stock: taking 6 would leave -1', errors: { change: ['At most 5 can be taken away'] } });
    const countedBelow = await entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, reason: 'count', change: -9 });
    expect(countedBelow.status).toBe(409);
    const elsewhere = await entry(v, { pack_id: p.id, warehouse_id: ref.other, reason: 'received', change: 5 });
    expect(elsewhere.status).toBe(422);
    expect((await elsewhere.json()).errors).toHaveProperty('warehouse_id');
    expect((await entry(v, { pack_id: 999_999, warehouse_id: p.warehouse_id, reason: 'received', change: 5 })).status).toBe(422);
    const malformed: Record<string, unknown>[] = [
      { reason: 'damage', change: 3 },
      { reason: 'received', change: -3 },
      { reason: 'received', change: 0 },
      { reason: 'received', level: 3 },
      { reason: 'count', level: -1 },
      { reason: 'count' },
      { reason: 'order', change: -1 },
      { reason: 'received', change: 1.5 },
      { reason: 'received', change: 2_000_000 },
    ];
    for (const body of malformed) expect((await entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, ...body })).status, JSON.stringify(body)).toBe(400);
    expect(await level(p.id)).toBe(5);
    expect(await ledger(p.id)).toHaveLength(1);
    expect(await auditRows('stock', p.id)).toEqual([]);
    // To zero is allowed: the shop then shows it sold out, and the page generation rises.
    const before = await readPageGeneration(db());
    expect((await entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, reason: 'damage', change: -5 })).status).toBe(201);
    expect(await readPageGeneration(db())).toBeGreaterThan(before);
    expect(Product.parse(await (await shop().visitor().get(`/products/${p.product.slug}`)).json()).packs[0]!.in_stock).toBe(false);
    expect(await ledgerAgrees(p.id)).toBe(0);
  });

  it('orders write to the ledger: placing takes (order), cancelling gives back (order_cancelled), a refund back to stock returns (order_returned)', async () => {
    const p = await freshPack(30);
    const shopper = await orders.shopper();
    await orders.add(shopper, p, 4);
    const order = await orders.placed(shopper);
    expect((await shopper.post(`/order/cancel/${order.id}`, {})).status).toBe(200);

    const paying = await orders.shopper();
    await orders.add(paying, p, 3);
    const paid = await orders.placed(paying, 'razorpay');
    const started = PaymentStarted.parse(await (await paying.post('/payments/razorpay/start', { order_id: paid.id })).json());
    await press(shop(), started.hosted_url!, 'succeed');
    const v = await admin();
    const line = await db().selectFrom('order_lines').select('id').where('order_id', '=', paid.id).executeTakeFirstOrThrow();
    expect((await v.post(`/bos/orders/${paid.id}/refunds`, { lines: [{ line_id: line.id, quantity: 1 }], reason: 'Short-picked', restock: true })).status).toBe(201);

    const meera = await db().selectFrom('users').select('id').where('phone', '=', ADMIN).executeTakeFirstOrThrow();
    expect((await ledger(p.id)).map((e) => [e.reason, e.change, e.level_after, e.order_id, e.user_id])).toEqual([
      ['opening', 30, 30, null, meera.id],
      ['order', -4, 26, order.id, shopper.userId],
      ['order_cancelled', 4, 30, order.id, shopper.userId],
      ['order', -3, 27, paid.id, paying.userId],
      ['order_returned', 1, 28, paid.id, meera.id],
    ]);
    expect(await ledgerAgrees(p.id)).toBe(28);
    const shown = BosStockLedger.parse(await (await v.get(`/bos/stock?pack_id=${p.id}`)).json());
    expect(shown.data[0]!.order).toEqual({ id: paid.id, ordernumber: paid.ordernumber });
    // An order refused for short stock leaves no entry.
    const greedy = await orders.shopper();
    await orders.add(greedy, p, 20);
    await db().updateTable('packs').set({ max_per_order: 20 }).where('id', '=', p.id).execute();
    expect((await entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, reason: 'count', level: 10 })).status).toBe(201);
    expect((await orders.create(greedy, { address_id: greedy.address.id, payment: 'cod' })).status).toBe(422);
    expect(await ledgerAgrees(p.id)).toBe(10);
  });

  it('lists packs on sale at or below the threshold, fewest first, by warehouse and name', async () => {
    const v = await admin();
    const word = uniqueWord('Low');
    const ref = await references();
    const packs = (opening: number, active = true) => [{ name: '1 kg', price: 5000, mrp: 6000, max_per_order: 10, active, warehouse_id: ref.blr, opening_stock: opening }];
    const two = await create(v, `${word} Two`, { packs: packs(2) });
    const zero = await create(v, `${word} Zero`, { packs: packs(0) });
    await create(v, `${word} Plenty`, { packs: packs(50) });
    await create(v, `${word} Inactive`, { packs: packs(0, false) });
    await create(v, `${word} Hidden`, { packs: packs(0), status: 'hidden' });
    const low = (query: string) => v.get(`/bos/stock/low?q=${word}${query}`).then(async (r) => BosLowStockList.parse(await r.json()));
    expect((await low('')).data.map((r) => [r.product_id, r.level])).toEqual([[zero.id, 0], [two.id, 2]]);
    expect((await low('&threshold=1')).data.map((r) => r.product_id)).toEqual([zero.id]);
    expect((await low('&threshold=100')).meta).toEqual({ total: 3, threshold: 100 });
    expect((await low(`&warehouse_id=${ref.other}`)).meta.total).toBe(0);
    expect((await low('')).data[0]).toMatchObject({ pack_name: '1 kg', product_name: `${word} Zero`, slug: zero.slug, warehouse_id: ref.blr, price: 5000, mrp: 6000 });
    for (const bad of ['threshold=-1', 'perPage=500', 'warehouse_id=x']) expect((await v.get(`/bos/stock/low?${bad}`)).status, bad).toBe(400);
  });

  it('many adjustments and orders at once: none goes below zero, and the ledger’s sum is the level', async () => {
    const v = await admin();
    const p = await freshPack(40);
    const shoppers = [];
    for (let i = 0; i < 8; i++) {
      const s = await orders.shopper();
      await orders.add(s, p, 3);
      shoppers.push(s);
    }
    // Receipts, damage, corrections and counts that set the level (read and locked in their transaction).
    const kinds = [{ reason: 'received', change: 2 }, { reason: 'damage', change: -5 }, { reason: 'count', change: -1 }, { reason: 'count', level: 12 }];
    const adjustments = Array.from({ length: 24 }, (_, i) => kinds[i % kinds.length]!);
    const answers = await Promise.all([
      ...shoppers.map((s) => orders.create(s, { address_id: s.address.id, payment: 'cod' })),
      ...adjustments.map((a) => entry(v, { pack_id: p.id, warehouse_id: p.warehouse_id, ...a })),
    ]);
    const statuses = answers.map((r) => r.status);
    // Orders are placed or refused for stock; staff moves are made or refused below zero: nothing else.
    expect(statuses.slice(0, 8).every((s) => s === 201 || s === 422), String(statuses)).toBe(true);
    expect(statuses.slice(8).every((s) => s === 201 || s === 409), String(statuses)).toBe(true);
    const placed = statuses.slice(0, 8).filter((s) => s === 201).length;
    const made = (await ledger(p.id)).filter((e) => e.reason !== 'opening');
    expect(made.filter((e) => e.reason === 'order')).toHaveLength(placed);
    expect(made).toHaveLength(placed + statuses.slice(8).filter((s) => s === 201).length);
    const final = await ledgerAgrees(p.id);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(Math.min(...(await ledger(p.id)).map((e) => e.level_after))).toBeGreaterThanOrEqual(0);
    expect(await auditRows('stock', p.id)).toHaveLength(statuses.slice(8).filter((s) => s === 201).length);
  });

  it('a quick count from the list and a staff PUT of the product leave the ledger and the level agreeing', async () => {
    const v = await admin();
    const p = await freshPack(15);
    expect((await send(v, 'PUT', `/bos/packs/${p.id}`, { level: 9 })).status).toBe(200);
    expect((await send(v, 'PUT', `/bos/packs/${p.id}`, { level: 11, price: 4500 })).status).toBe(200);
    expect((await ledger(p.id)).map((e) => [e.reason, e.change])).toEqual([['opening', 15], ['count', -6], ['count', 2]]);
    expect(await ledgerAgrees(p.id)).toBe(11);
  });
});
