/**
 * The point of sale on both backends (docs/pos.md): who may use it, tills, sales by each payment mode and split,
 * change due, line discounts and coupons, refusals that change nothing, the stock ledger, the back office reading a
 * pos order, and the walk-in sale kept out of the cashier's own orders.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { OrderList } from '../../src/contract';
import { BosOrderDetail, BosOrderQueue } from '../../src/contract/bos-orders';
import { PosCounter, PosSale } from '../../src/contract/pos';
import { staffWith } from './bos-products-kit';
import { CASHIER, posKit } from './pos-kit';
import { describeApi, signedIn } from './shop';

describeApi('point of sale', (shop) => {
  const { db, asAdmin, asCashier, blr, freshPack, openTill, sell, sold, level, ledger, orderCount, auditOf } = posKit(shop);

  it('refuses a visitor (401) and anyone without pos_access:view (403), changing nothing', async () => {
    const till = await openTill();
    const pack = await freshPack(10);
    const tills = Number((await db().selectFrom('tills').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const orders = await orderCount();
    const visitor = await shop().visitor().start();
    const shopper = await signedIn(shop(), '9876500001');
    const backOffice = await staffWith(shop(), ['order:manage', 'catalogue:manage']);
    const sale = { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 100 }] };
    for (const [v, status] of [[visitor, 401], [shopper, 403], [backOffice, 403]] as const) {
      const answers = await Promise.all([
        v.post('/pos/tills', { warehouse_id: await blr(), opening_cash: 0 }),
        v.post(`/pos/tills/${till.id}/close`, { counted_cash: 0 }),
        sell(v, sale),
        v.get(`/pos/catalogue?till_id=${till.id}`),
        v.get(`/pos/packs?till_id=${till.id}&barcode=${pack.barcode}`),
        v.post('/pos/sales/1/returns', { lines: [{ line_id: 1, quantity: 1 }] }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([status, status, status, status, status, status]);
    }
    expect(Number((await db().selectFrom('tills').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(tills);
    expect(await orderCount()).toBe(orders);
    expect(await level(pack.id)).toBe(10);
  });

  it('has the demo cashier Kiran with pos_access:view only, who opens a till (one audit row)', async () => {
    const kiran = await db().selectFrom('users').selectAll().where('phone', '=', CASHIER).executeTakeFirstOrThrow();
    expect([kiran.name, JSON.parse(kiran.permissions_json), kiran.has_admin_access, kiran.is_superadmin]).toEqual(['Kiran Nair', ['pos_access:view'], 0, 0]);
    const till = await openTill(await asCashier(), 1500.5);
    expect([till.status, till.opening_cash, till.opened_by.name, till.warehouse.id]).toEqual(['open', 1500.5, 'Kiran Nair', await blr()]);
    const audit = (await auditOf('till.opened')).filter((a) => a.subject_id === till.id);
    expect(audit.map((a) => [a.user_id, JSON.parse(a.after_json!).opening_cash_paise])).toEqual([[kiran.id, 150050]]);
    // The back office's view of tills needs order:manage: the cashier has not got it.
    expect((await (await asCashier()).get('/bos/pos/tills')).status).toBe(403);
  });

  it('sells for cash: change due, an order of channel pos delivered at once, its stock taken through the ledger', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(20);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 3 }], payments: [{ mode: 'cash', amount: 500 }], note: 'Paid with a ₹500 note' });
    expect([sale.total, sale.change_due, sale.status, sale.payment_state, sale.stock_short, sale.customer]).toEqual([270, 230, 'delivered', 'paid', false, null]);
    expect(sale.payments.map((p) => [p.mode, p.amount, p.tendered, p.state])).toEqual([['cash', 270, 500, 'paid']]);
    const order = await db().selectFrom('orders').selectAll().where('id', '=', sale.order_id).executeTakeFirstOrThrow();
    expect([order.channel, order.till_id, order.status, order.total_paise, order.payment_method]).toEqual(['pos', till.id, 'delivered', 27000, 'cash']);
    expect(await level(pack.id)).toBe(17);
    const moves = await ledger(pack.id);
    expect(moves.map((m) => [m.reason, m.change, m.level_after, m.order_id])).toEqual([['opening', 20, 20, null], ['order', -3, 17, sale.order_id]]);
    expect((await auditOf('pos.sale')).filter((a) => a.order_id === sale.order_id)).toHaveLength(1);
  });

  it('takes a card with its terminal reference, refuses one without (nothing changed), and waits for UPI', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const before = await orderCount();
    const noRef = await sell(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'card', amount: 90 }] });
    expect(noRef.status).toBe(422);
    expect((await noRef.json()).errors['payments.0.reference']).toEqual(["A card payment needs the terminal's reference"]);
    expect([await orderCount(), await level(pack.id)]).toEqual([before, 10]);

    const card = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'card', amount: 90, reference: 'TID 4411 RRN 88' }] });
    expect([card.status, card.payment_state, card.change_due, card.payments[0]!.reference]).toEqual(['delivered', 'paid', 0, 'TID 4411 RRN 88']);

    // UPI is paid when the provider says so, never on the cashier's word: the sale waits for it.
    const upi = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    expect([upi.status, upi.payment_state, upi.payments[0]!.state]).toEqual(['pending_payment', 'awaiting', 'pending']);
    expect(await level(pack.id)).toBe(8);
  });

  it('splits a payment across card and cash, with change from the cash; refuses more card than the total and less than it', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const split = await sold(v, {
      till_id: till.id,
      lines: [{ pack_id: pack.id, quantity: 2 }],
      payments: [{ mode: 'card', amount: 100, reference: 'RRN 1' }, { mode: 'cash', amount: 100 }],
    });
    expect([split.total, split.change_due, split.payments.map((p) => [p.mode, p.amount])]).toEqual([180, 20, [['card', 100], ['cash', 80]]]);
    expect((await db().selectFrom('orders').select('payment_method').where('id', '=', split.order_id).executeTakeFirstOrThrow()).payment_method).toBe('split');
    const before = await orderCount();
    const tooMuch = await sell(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'card', amount: 100, reference: 'x' }] });
    const short = await sell(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'card', amount: 50, reference: 'x' }, { mode: 'cash', amount: 39.99 }] });
    expect([tooMuch.status, short.status]).toEqual([422, 422]);
    expect((await short.json()).message).toBe('The payments are ₹0.01 short of the total ₹90');
    expect([await orderCount(), await level(pack.id)]).toEqual([before, 8]);
  });

  it("holds a cashier's line discount to 10% of the line; order:manage may give more", async () => {
    const till = await openTill();
    const pack = await freshPack(10);
    const line = (discount: number) => ({ till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2, discount }], payments: [{ mode: 'cash', amount: 200 }] });
    const refused = await sell(await asCashier(), line(18.01));
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors['lines.0.discount']).toEqual(['A cashier may take at most 10% off a line: ₹18 here']);
    const ok = await sold(await asCashier(), line(18));
    expect([ok.total, ok.discount, ok.lines[0]!.amount]).toEqual([162, 18, 162]);
    const manager = await sold(await asAdmin(), line(90));
    expect(manager.total).toBe(90);
  });

  it("applies the shop's coupon rules: NAMASTE20 takes ₹20; a per-customer coupon needs the customer's phone", async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 200 }], coupon: 'namaste20' });
    expect([sale.total, sale.discount, sale.offercode, sale.change_due]).toEqual([160, 20, 'NAMASTE20', 40]);
    const before = await orderCount();
    const perCustomer = await sell(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 4 }], payments: [{ mode: 'cash', amount: 400 }], coupon: 'WELCOME50' });
    expect(perCustomer.status).toBe(422);
    expect((await perCustomer.json()).message).toMatch(/^Coupon WELCOME50: it is per customer/);
    const unknown = await sell(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 400 }], coupon: 'NOSUCH' });
    expect(unknown.status).toBe(422);
    expect([await orderCount(), await level(pack.id)]).toEqual([before, 8]);
  });

  it('links a sale to the account of the phone given; a walk-in sale stays out of the cashier\'s own orders', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const asha = await db().selectFrom('users').select(['id', 'name']).where('phone', '=', '9876500001').executeTakeFirstOrThrow();
    const linked = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }], phone: '9876500001' });
    expect(linked.customer).toEqual({ id: asha.id, name: asha.name });
    const walkIn = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }], phone: '9000000001' });
    expect(walkIn.customer).toBeNull();
    const mine = OrderList.parse(await (await v.get('/orders')).json());
    expect(mine.data.map((o) => o.id)).not.toContain(walkIn.order_id);
    expect((await v.get(`/orders/${walkIn.order_id}`)).status).toBe(404);
    const ashas = OrderList.parse(await (await (await signedIn(shop(), '9876500001')).get('/orders?perPage=100')).json());
    expect(ashas.data.map((o) => o.id)).toContain(linked.order_id);
  });

  it("shows pos orders in the back office's queue and order page (no delivery address, no window), flagged when stock short", async () => {
    const till = await openTill();
    const pack = await freshPack(1);
    const sale = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 3 }], payments: [{ mode: 'cash', amount: 270 }] });
    expect(sale.stock_short).toBe(true);
    const admin = await asAdmin();
    const queue = await admin.get(`/bos/orders?q=${sale.ordernumber}`);
    expect(queue.status, await queue.clone().text()).toBe(200);
    const row = BosOrderQueue.parse(await queue.json()).data.find((o) => o.id === sale.order_id);
    expect([row?.status, row?.payment_state, row?.delivery]).toEqual(['delivered', 'paid', { date: null, start: null, end: null }]);
    const page = await admin.get(`/bos/orders/${sale.order_id}`);
    expect(page.status, await page.clone().text()).toBe(200);
    const detail = BosOrderDetail.parse(await page.json());
    expect(detail.lines.map((l) => [l.pack_id, l.quantity])).toEqual([[pack.id, 3]]);
    expect(detail.timeline.some((e) => e.kind === 'note' && /Stock short/.test(e.note ?? ''))).toBe(true);
  });

  it('answers bad input 400 with the reason, and a pack of another warehouse 422, changing nothing', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const elsewhere = await db().selectFrom('packs as pk').innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id').select('pk.id').where('w.code', '!=', 'BLR').executeTakeFirstOrThrow();
    const before = await orderCount();
    const good = { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] };
    const cases: [Record<string, unknown> | string, string | null, number][] = [
      [good, null, 400],
      [{ ...good, lines: [] }, randomUUID(), 400],
      [{ ...good, lines: [{ pack_id: pack.id, quantity: 0 }] }, randomUUID(), 400],
      [{ ...good, payments: [{ mode: 'cheque', amount: 90 }] }, randomUUID(), 400],
      [{ ...good, payments: [{ mode: 'cash', amount: -1 }] }, randomUUID(), 400],
      [{ ...good, payments: [{ mode: 'cash', amount: 90.001 }] }, randomUUID(), 400],
      [{ ...good, phone: '12345' }, randomUUID(), 400],
      ['{"till_id":', randomUUID(), 400],
      [{ ...good, lines: [{ pack_id: elsewhere.id, quantity: 1 }] }, randomUUID(), 422],
      [{ ...good, lines: [{ pack_id: 2_000_000_000, quantity: 1 }] }, randomUUID(), 422],
      [{ ...good, till_id: 2_000_000_000 }, randomUUID(), 404],
    ];
    for (const [body, key, status] of cases) {
      const r = await sell(v, body, key);
      expect(r.status, `${JSON.stringify(body)}: ${await r.clone().text()}`).toBe(status);
      expect(typeof (await r.json()).message).toBe('string');
    }
    const till400 = await v.post('/pos/tills', { warehouse_id: await blr(), opening_cash: '100' });
    const noWarehouse = await v.post('/pos/tills', { warehouse_id: 2_000_000_000, opening_cash: 0 });
    expect([till400.status, noWarehouse.status]).toEqual([400, 422]);
    expect([await orderCount(), await level(pack.id)]).toEqual([before, 10]);
  });

  it('answers a sale by its id for the till, and 404 for an order that is not a sale', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 100 }] });
    const again = await v.get(`/pos/sales/${sale.order_id}`);
    expect(PosSale.parse(await again.json())).toEqual(sale);
    const web = await db().selectFrom('orders').select('id').where('channel', '=', 'web').executeTakeFirstOrThrow();
    expect((await v.get(`/pos/sales/${web.id}`)).status).toBe(404);
  });
  it("keeps a customer's waiting UPI sale from being cancelled or paid another way in the web shop (409, nothing changed)", async () => {
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'upi', amount: 180 }], phone: '9876500001' });
    expect(sale.status).toBe('pending_payment');
    const asha = await signedIn(shop(), '9876500001');
    const cancel = await asha.post(`/order/cancel/${sale.order_id}`, {});
    const retry = await asha.post(`/orders/${sale.order_id}/retry`, { payment: 'cod' });
    expect([cancel.status, retry.status]).toEqual([409, 409]);
    expect((await cancel.json()).message).toBe(`Order ${sale.ordernumber} was bought at the shop's counter: ask there to change or return it`);
    const order = await db().selectFrom('orders').select(['status', 'payment_method']).where('id', '=', sale.order_id).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'pending_payment', payment_method: 'upi' });
    expect(await level(pack.id)).toBe(8);
  });
  it("answers the till screen's start: warehouses and only this cashier's open tills (401 signed out, 403 a shopper)", async () => {
    const mine = await openTill();
    const others = await openTill(await asAdmin());
    const r = await (await asCashier()).get('/pos/counter');
    expect(r.status).toBe(200);
    const answer = PosCounter.parse(await r.json());
    expect(answer.warehouses.map((w) => w.id)).toContain(await blr());
    const ids = answer.open_tills.map((t) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(others.id);
    expect(answer.open_tills.every((t) => t.status === 'open')).toBe(true);
    await (await asCashier()).post(`/pos/tills/${mine.id}/close`, { counted_cash: 1000 });
    const after = PosCounter.parse(await (await (await asCashier()).get('/pos/counter')).json());
    expect(after.open_tills.map((t) => t.id)).not.toContain(mine.id);
    const visitor = await shop().visitor().start();
    const shopper = await signedIn(shop(), '9876500001');
    expect([(await visitor.get('/pos/counter')).status, (await shopper.get('/pos/counter')).status]).toEqual([401, 403]);
  });
});
