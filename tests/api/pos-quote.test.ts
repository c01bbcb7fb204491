/**
 * The till's quote and finding a sale to return (docs/pos.md#quote), on both backends: POST /pos/quote prices a
 * ticket as the sale then records it (one function prices both), answers a coupon the shop's rules refuse with
 * their reason, and writes nothing; GET /pos/sales finds a sale by its order number or a till's latest sales, and
 * the sale read back says what returns gave back for each line.
 */
import { expect, it } from 'vitest';
import { PosQuote, PosReturn, PosSale, PosSaleList } from '../../src/contract/pos';
import { posKit } from './pos-kit';
import { describeApi, signedIn } from './shop';

describeApi('point of sale: quote and finding a sale', (shop) => {
  const { db, asCashier, freshPack, openTill, sold, level, orderCount } = posKit(shop);
  const count = async (table: 'staff_audit' | 'order_events' | 'stock_moves' | 'refunds') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const quote = async (body: unknown) => {
    const r = await (await asCashier()).post('/pos/quote', body);
    expect(r.status, await r.clone().text()).toBe(200);
    return PosQuote.parse(await r.json());
  };

  it('quotes a ticket with line discounts and a coupon exactly as the sale then records it, writing nothing', async () => {
    const till = await openTill();
    const atta = await freshPack(20, 9000);
    const dal = await freshPack(20, 4550);
    const ticket = { till_id: till.id, lines: [{ pack_id: atta.id, quantity: 3, discount: 27 }, { pack_id: dal.id, quantity: 2 }], coupon: 'namaste20', phone: '9876500001' };
    const before = [await orderCount(), await count('staff_audit'), await count('order_events'), await count('stock_moves'), await level(atta.id), await level(dal.id)];
    const q = await quote(ticket);
    // 3 × 90 − 27 = 243 and 2 × 45.50 = 91; NAMASTE20's ₹20 shared over both lines in proportion.
    expect([q.amount, q.line_discount, q.coupon, q.coupon_refused, q.discount, q.total]).toEqual([361, 27, { code: 'NAMASTE20', discount: 20 }, null, 47, 314]);
    expect(q.lines.map((l) => [l.pack_id, l.quantity, l.price, l.line_discount, l.coupon_discount, l.amount])).toEqual([
      [atta.id, 3, 90, 27, 14.55, 228.45],
      [dal.id, 2, 45.5, 0, 5.45, 85.55],
    ]);
    expect(q.customer?.name).toBeTruthy();
    expect([await orderCount(), await count('staff_audit'), await count('order_events'), await count('stock_moves'), await level(atta.id), await level(dal.id)]).toEqual(before);

    const sale = await sold(await asCashier(), { ...ticket, payments: [{ mode: 'cash', amount: q.total }] });
    expect([sale.amount, sale.discount, sale.total, sale.offercode, sale.change_due, sale.customer?.id]).toEqual([q.amount, q.discount, q.total, 'NAMASTE20', 0, q.customer?.id]);
    expect(sale.lines.map((l) => [l.pack_id, l.quantity, l.discount, l.amount])).toEqual(q.lines.map((l) => [l.pack_id, l.quantity, l.line_discount + l.coupon_discount, l.amount]));
  });

  it("refuses a coupon below its minimum with the shop's rule, quoting the total without it; the sale refuses it too", async () => {
    const till = await openTill();
    const pack = await freshPack(10, 9000);
    const ticket = { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], coupon: 'NAMASTE20' };
    const orders = await orderCount();
    const q = await quote(ticket);
    expect([q.coupon, q.coupon_refused, q.discount, q.total]).toEqual([null, { code: 'NAMASTE20', reason: 'Minimum cart value is ₹99' }, 0, 90]);
    const unknown = await quote({ ...ticket, coupon: 'nosuch' });
    expect(unknown.coupon_refused).toEqual({ code: 'NOSUCH', reason: 'No such coupon' });
    const perCustomer = await quote({ ...ticket, lines: [{ pack_id: pack.id, quantity: 4 }], coupon: 'WELCOME50' });
    expect(perCustomer.coupon_refused?.reason).toMatch(/^it is per customer/);

    const sale = await (await asCashier()).post('/pos/sales', { ...ticket, payments: [{ mode: 'cash', amount: 90 }] }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(sale.status).toBe(422);
    const body = await sale.json();
    expect([body.message, body.errors.coupon]).toEqual(['Coupon NAMASTE20: Minimum cart value is ₹99', ['Minimum cart value is ₹99']]);
    expect([await orderCount(), await level(pack.id)]).toEqual([orders, 10]);
  });

  it('answers bad input 400, a line over the discount limit 422, no till 404, a closed till 409; only for till staff', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10, 9000);
    const good = { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }] };
    const cases: [unknown, number][] = [
      [{ ...good, lines: [] }, 400],
      [{ ...good, lines: [{ pack_id: pack.id, quantity: 0 }] }, 400],
      [{ ...good, lines: [{ pack_id: pack.id, quantity: 1, discount: -1 }] }, 400],
      [{ ...good, phone: '12345' }, 400],
      [{ ...good, coupon: 42 }, 400],
      [{ ...good, lines: [{ pack_id: pack.id, quantity: 2, discount: 18.01 }] }, 422],
      [{ ...good, lines: [{ pack_id: 2_000_000_000, quantity: 1 }] }, 422],
      [{ ...good, till_id: 2_000_000_000 }, 404],
    ];
    for (const [body, status] of cases) {
      const r = await v.post('/pos/quote', body);
      expect(r.status, `${JSON.stringify(body)}: ${await r.clone().text()}`).toBe(status);
      expect(typeof (await r.json()).message).toBe('string');
    }
    const over = await v.post('/pos/quote', cases[5]![0]);
    expect((await over.json()).errors['lines.0.discount']).toEqual(['A cashier may take at most 10% off a line: ₹18 here']);
    const closed = await openTill();
    await v.post(`/pos/tills/${closed.id}/close`, { counted_cash: 1000 });
    expect((await v.post('/pos/quote', { ...good, till_id: closed.id })).status).toBe(409);
    const visitor = await shop().visitor().start();
    const shopper = await signedIn(shop(), '9876500001');
    expect([(await visitor.post('/pos/quote', good)).status, (await shopper.post('/pos/quote', good)).status]).toEqual([401, 403]);
    expect([(await visitor.get(`/pos/sales?till_id=${till.id}`)).status, (await shopper.get(`/pos/sales?till_id=${till.id}`)).status]).toEqual([401, 403]);
  });

  it("finds a sale by its order number or among the till's latest, and reads back what returns gave for each line", async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(20, 9000);
    const first = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 3 }], payments: [{ mode: 'cash', amount: 250 }], coupon: 'NAMASTE20' });
    const second = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    const byNumber = PosSaleList.parse(await (await v.get(`/pos/sales?ordernumber=${first.ordernumber.toLowerCase()}`)).json());
    expect(byNumber.data.map((s) => [s.order_id, s.total, s.items, s.returned])).toEqual([[first.order_id, 250, 3, 0]]);
    const latest = PosSaleList.parse(await (await v.get(`/pos/sales?till_id=${till.id}`)).json());
    expect(latest.data.map((s) => s.order_id)).toEqual([second.order_id, first.order_id]);
    expect(PosSaleList.parse(await (await v.get('/pos/sales?ordernumber=NO-000000')).json()).data).toEqual([]);
    expect((await v.get('/pos/sales')).status).toBe(400);

    // 3 × ₹90 − ₹20 = ₹250: one unit gives back ₹83.33, the last two what is left (₹166.67).
    const line = first.lines[0]!;
    const one = PosReturn.parse(await (await v.post(`/pos/sales/${first.order_id}/returns`, { lines: [{ line_id: line.line_id, quantity: 1 }] })).json());
    expect(one.amount).toBe(83.33);
    const after = PosSale.parse(await (await v.get(`/pos/sales/${first.order_id}`)).json());
    expect([after.lines[0]!.returned, after.lines[0]!.refunded]).toEqual([1, 83.33]);
    const rest = PosReturn.parse(await (await v.post(`/pos/sales/${first.order_id}/returns`, { lines: [{ line_id: line.line_id, quantity: 2 }] })).json());
    expect(rest.amount).toBe(166.67);
    const listed = PosSaleList.parse(await (await v.get(`/pos/sales?ordernumber=${first.ordernumber}`)).json());
    expect(listed.data[0]!.returned).toBe(3);
  });
});
