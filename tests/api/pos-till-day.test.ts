/**
 * The point of sale's day on both backends (docs/pos.md): a till's offline queue sent again and again (one sale per
 * Idempotency-Key, also at once), queued sales after the stock ran out (recorded, flagged, the ledger never below 0
 * and equal to the level), returns giving stock and money back, closing the till with its Z-report, the back office's
 * list of tills, and the till's offline catalogue and barcode lookup.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { BosProduct } from '../../src/contract/bos-products';
import { PosCatalogue, PosPack, PosReturn, PosSale, PosTillList, PosZReport } from '../../src/contract/pos';
import { productsKit } from './bos-products-kit';
import { posKit } from './pos-kit';
import { describeApi } from './shop';

describeApi('point of sale: the till\'s day', (shop) => {
  const { db, asAdmin, asCashier, freshPack, openTill, sell, sold, level, ledger, orderCount, auditOf } = posKit(shop);
  const products = productsKit(shop);

  /** Every ledger entry's level after is the one before plus its change; the last is the pack's level. */
  async function ledgerAgrees(packId: number) {
    let running = 0;
    for (const e of await ledger(packId)) {
      running += e.change;
      expect(e.level_after, `entry ${e.id}`).toBe(running);
      expect(e.level_after).toBeGreaterThanOrEqual(0);
    }
    expect(await level(packId)).toBe(running);
    return running;
  }

  it('answers the same sale for the same key: 201 once, then 200 with the same body, one order, also when sent at once', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(30);
    const body = { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 200 }] };
    const key = randomUUID();
    const before = await orderCount();
    const answers = [];
    for (let n = 0; n < 3; n += 1) answers.push(await sell(v, body, key));
    expect(answers.map((r) => r.status)).toEqual([201, 200, 200]);
    const [first, ...rest] = await Promise.all(answers.map(async (r) => PosSale.parse(await r.json())));
    for (const again of rest) expect(again).toEqual(first);
    expect(await orderCount()).toBe(before + 1);
    expect(await level(pack.id)).toBe(28);

    // A queue flushed twice at once: still one order.
    const racing = randomUUID();
    const raced = await Promise.all([sell(v, body, racing), sell(v, body, racing), sell(v, body, racing)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(await Promise.all(raced.map(async (r) => PosSale.parse(await r.json()).order_id))).size).toBe(1);
    expect(await orderCount()).toBe(before + 2);
    expect(await level(pack.id)).toBe(26);

    // The same key for another sale is refused rather than guessed at.
    const other = await sell(v, { ...body, lines: [{ pack_id: pack.id, quantity: 1 }] }, key);
    expect(other.status).toBe(422);
    expect(await orderCount()).toBe(before + 2);
    expect(await ledgerAgrees(pack.id)).toBe(26);
  });

  it('records queued sales after the stock ran out, flags them stock short, and keeps the ledger at 0, never below', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(5);
    // Offline, the till sold 3 and 4; meanwhile the web shop took 1 (a staff entry here, the same ledger).
    const queued = [
      { key: randomUUID(), body: { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 3 }], payments: [{ mode: 'cash', amount: 270 }] } },
      { key: randomUUID(), body: { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 4 }], payments: [{ mode: 'cash', amount: 400 }] } },
    ];
    const damaged = await (await asAdmin()).post('/bos/stock', { pack_id: pack.id, warehouse_id: (await products.references()).blr, reason: 'damage', change: -1 });
    expect(damaged.status).toBe(201);
    const sales = [];
    // Sent twice each: a flaky connection.
    for (const q of [...queued, ...queued]) sales.push(await sell(v, q.body, q.key));
    expect(sales.map((r) => r.status)).toEqual([201, 201, 200, 200]);
    const [a, b] = await Promise.all(sales.slice(0, 2).map(async (r) => PosSale.parse(await r.json())));
    expect([a!.stock_short, b!.stock_short]).toEqual([false, true]);
    expect([a!.status, b!.status]).toEqual(['delivered', 'delivered']);
    const flags = await db().selectFrom('orders').select(['id', 'stock_short']).where('id', 'in', [a!.order_id, b!.order_id]).orderBy('id').execute();
    expect(flags.map((f) => f.stock_short)).toEqual([0, 1]);
    // 5 − 1 damaged − 3 = 1 in the ledger when the 4 came: it takes the 1 and stops at 0.
    const moves = await ledger(pack.id);
    expect(moves.map((m) => [m.reason, m.change, m.level_after])).toEqual([['opening', 5, 5], ['damage', -1, 4], ['order', -3, 1], ['order', -1, 0]]);
    expect(await ledgerAgrees(pack.id)).toBe(0);
    // Sold out in the ledger: still sold at the counter.
    const third = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 180 }] });
    expect(third.stock_short).toBe(true);
    expect(await ledgerAgrees(pack.id)).toBe(0);
  });

  it('takes back some of a sale: stock back through the ledger, the cash refund recorded once; never more than was sold', async () => {
    const v = await asCashier();
    const till = await openTill();
    const [atta, dal] = [await freshPack(10), await freshPack(10, 12000)];
    const sale = await sold(v, {
      till_id: till.id,
      lines: [{ pack_id: atta.id, quantity: 3 }, { pack_id: dal.id, quantity: 1 }],
      payments: [{ mode: 'cash', amount: 500 }],
    });
    const [attaLine, dalLine] = sale.lines;
    const r = await v.post(`/pos/sales/${sale.order_id}/returns`, { lines: [{ line_id: attaLine!.line_id, quantity: 2 }], note: 'Bag torn' });
    expect(r.status, await r.clone().text()).toBe(201);
    const back = PosReturn.parse(await r.json());
    expect([back.amount, back.refund_mode, back.refund_state, back.till_id]).toEqual([180, 'cash', 'processed', till.id]);
    expect(await level(atta.id)).toBe(9);
    expect((await ledger(atta.id)).map((m) => [m.reason, m.change])).toEqual([['opening', 10], ['order', -3], ['order_returned', 2]]);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', sale.order_id).execute();
    expect(refunds.map((x) => [x.provider, x.amount_paise, x.status, x.restock, x.till_id])).toEqual([['cash', 18000, 'processed', 1, till.id]]);
    expect((await auditOf('pos.returned')).filter((a) => a.order_id === sale.order_id)).toHaveLength(1);

    const before = await db().selectFrom('refunds').select('id').where('order_id', '=', sale.order_id).execute();
    const tooMany = await v.post(`/pos/sales/${sale.order_id}/returns`, { lines: [{ line_id: attaLine!.line_id, quantity: 2 }] });
    const notOurs = await v.post(`/pos/sales/${sale.order_id}/returns`, { lines: [{ line_id: 2_000_000_000, quantity: 1 }] });
    expect([tooMany.status, notOurs.status]).toEqual([422, 422]);
    expect((await tooMany.json()).errors['lines.0.quantity'][0]).toMatch(/^At most 1 of /);
    expect(await db().selectFrom('refunds').select('id').where('order_id', '=', sale.order_id).execute()).toEqual(before);
    expect(await level(atta.id)).toBe(9);

    // The rest of both lines: the last units take what is left of each line.
    const rest = PosReturn.parse(await (await v.post(`/pos/sales/${sale.order_id}/returns`, { lines: [{ line_id: attaLine!.line_id, quantity: 1 }, { line_id: dalLine!.line_id, quantity: 1 }] })).json());
    expect(rest.amount).toBe(210);
    const shown = PosSale.parse(await (await v.get(`/pos/sales/${sale.order_id}`)).json());
    expect(shown.lines.map((l) => l.returned)).toEqual([3, 1]);
    expect(await db().selectFrom('orders').select('status').where('id', '=', sale.order_id).executeTakeFirstOrThrow()).toEqual({ status: 'delivered' });
  });

  it("gives back the last unit of a line once when returns of it race (the sale's and the till's rows locked)", async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    const body = { lines: [{ line_id: sale.lines[0]!.line_id, quantity: 1 }] };
    const answers = await Promise.all([0, 1, 2].map(() => v.post(`/pos/sales/${sale.order_id}/returns`, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const refunds = await db().selectFrom('refunds').select('amount_paise').where('order_id', '=', sale.order_id).execute();
    expect(refunds).toEqual([{ amount_paise: 9000 }]);
    expect(await level(pack.id)).toBe(10);
    expect(await ledgerAgrees(pack.id)).toBe(10);
  });

  it('closes the till with its Z-report: sales by mode, cash expected against counted, stored and listed for the back office', async () => {
    const v = await asCashier();
    const till = await openTill(v, 1000);
    const pack = await freshPack(20);
    const sell1 = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 500 }] }); // cash 180, change 320
    await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'card', amount: 90, reference: 'RRN 7' }] });
    await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 3 }], payments: [{ mode: 'card', amount: 200, reference: 'RRN 8' }, { mode: 'cash', amount: 100 }] }); // card 200, cash 70
    await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] }); // awaiting
    const returned = await v.post(`/pos/sales/${sell1.order_id}/returns`, { lines: [{ line_id: sell1.lines[0]!.line_id, quantity: 1 }] }); // cash back 90
    expect(returned.status).toBe(201);

    const closing = await v.post(`/pos/tills/${till.id}/close`, { counted_cash: 1150, note: 'Short ₹10: a coin jar' });
    expect(closing.status, await closing.clone().text()).toBe(200);
    const z = PosZReport.parse(await closing.json());
    expect(Object.fromEntries(z.by_mode.map((m) => [m.mode, [m.sales, m.refunds, m.net]]))).toEqual({ cash: [250, 90, 160], upi: [0, 0, 0], card: [290, 0, 290] });
    expect([z.opening_cash, z.cash_sales, z.cash_refunds, z.cash_expected, z.counted_cash, z.difference]).toEqual([1000, 250, 90, 1160, 1150, -10]);
    expect([z.sales_count, z.returns_count, z.awaiting_upi, z.note, z.closed_by.name]).toEqual([4, 1, 90, 'Short ₹10: a coin jar', 'Kiran Nair']);
    expect((await auditOf('till.closed')).filter((a) => a.subject_id === till.id)).toHaveLength(1);

    // Closed: no more sales, returns or closing; the report is kept as it was.
    const pack2 = await freshPack(5);
    const before = await orderCount();
    const late = await sell(v, { till_id: till.id, lines: [{ pack_id: pack2.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    const again = await v.post(`/pos/tills/${till.id}/close`, { counted_cash: 0 });
    expect([late.status, again.status]).toEqual([409, 409]);
    expect([await orderCount(), await level(pack2.id)]).toEqual([before, 5]);

    const list = await (await asAdmin()).get('/bos/pos/tills?status=closed&perPage=100');
    expect(list.status, await list.clone().text()).toBe(200);
    const listed = PosTillList.parse(await list.json()).data.find((t) => t.id === till.id);
    expect([listed?.status, listed?.report]).toEqual(['closed', z]);
  });

  it("answers the till's catalogue, only what changed since, the ids no longer sold, and a pack by barcode", async () => {
    const v = await asCashier();
    const till = await openTill();
    const [kept, dropped, moved] = [await freshPack(7), await freshPack(8), await freshPack(9)];
    const full = await v.get(`/pos/catalogue?till_id=${till.id}`);
    expect(full.status).toBe(200);
    const all = PosCatalogue.parse(await full.json());
    const shown = all.packs.find((p) => p.pack_id === kept.id);
    expect([shown?.barcode, shown?.price, shown?.mrp, shown?.stock, shown?.pack_name]).toEqual([kept.barcode, 90, 100, 7, '1 kg']);
    expect(all.packs.some((p) => p.pack_id === moved.id)).toBe(true);
    const elsewhere = await db().selectFrom('packs as pk').innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id').select('pk.id').where('w.code', '!=', 'BLR').executeTakeFirstOrThrow();
    expect(all.packs.some((p) => p.pack_id === elsewhere.id)).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await sold(v, { till_id: till.id, lines: [{ pack_id: moved.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    const read = await (await asAdmin()).get(`/bos/products/${dropped.productId}`);
    await products.save(await asAdmin(), BosProduct.parse(await read.json()), (b) => ({ ...b, status: 'hidden' }));

    const delta = PosCatalogue.parse(await (await v.get(`/pos/catalogue?till_id=${till.id}&since=${encodeURIComponent(all.as_of)}`)).json());
    expect(delta.packs.map((p) => [p.pack_id, p.stock])).toEqual([[moved.id, 8]]);
    expect(delta.removed).toEqual([dropped.id]);

    const byCode = await v.get(`/pos/packs?till_id=${till.id}&barcode=${kept.barcode}`);
    expect(byCode.status).toBe(200);
    expect(PosPack.parse(await byCode.json()).pack_id).toBe(kept.id);
    const [unknown, gone, bad] = await Promise.all([
      v.get(`/pos/packs?till_id=${till.id}&barcode=0000000000000`),
      v.get(`/pos/packs?till_id=${till.id}&barcode=${dropped.barcode}`),
      v.get(`/pos/packs?till_id=${till.id}&barcode=12ab`),
    ]);
    expect([unknown.status, gone.status, bad.status]).toEqual([404, 404, 400]);
  });
});
