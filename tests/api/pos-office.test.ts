/**
 * The point of sale in the back office, on both backends (docs/pos.md, docs/back-office.md): the receipt link sent
 * by the notifier once per sale and the page's call behind it, the stock-short filter of the order queue, one
 * till's Z-report and the tills by day, and the shop's sales figures by channel, exact against a fixture of
 * orders around India's midnight (18:30 UTC).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { BosOrderDetail, BosOrderQueue } from '../../src/contract/bos-orders';
import { BosSalesFigures } from '../../src/contract/bos-sales';
import { PosReceipt, PosTillList, PosTillWithReport, PosZReport } from '../../src/contract/pos';
import { indiaDate } from '../../src/lib/india-time';
import type { OrderStatus } from '../../src/server/db/schema';
import { staffWith } from './bos-products-kit';
import { posKit } from './pos-kit';
import { describeApi, HOME, type TestShop } from './shop';

const suffix = String(process.pid % 10_000).padStart(4, '0');
let phones = 0;
/** A mobile number no account has: the walk-in customer of a sale. */
const walkInPhone = () => `7${suffix}${String((phones += 1)).padStart(5, '0')}`;

const paise = (rupees: number) => Math.round(rupees * 100);

let seq = 0;
/** Inserts an order as checkout or the till would have stored it (amounts in paise). */
async function insertOrder(shop: TestShop, o: { status: OrderStatus; total: number; at: string; channel?: 'web' | 'pos'; agent?: number | null; user: number }) {
  seq += 1;
  const { id } = await shop.deps.db.kysely
    .insertInto('orders')
    .values({
      website_id: 1,
      user_id: o.user,
      agent_id: o.agent ?? null,
      channel: o.channel ?? 'web',
      ordernumber: `FIG-${suffix}-${seq}`,
      status: o.status,
      payment_method: o.channel === 'pos' ? 'cash' : 'razorpay',
      payment_provider: null,
      payment_ref: null,
      amount_paise: o.total,
      discount_paise: 0,
      delivery_charge_paise: 0,
      total_paise: o.total,
      offercode: null,
      coupon_id: null,
      note: null,
      address_id: null,
      address_json: JSON.stringify(HOME),
      idempotency_key: `fig-${suffix}-${seq}`,
      request_hash: 'x',
      expires_at: o.status === 'pending_payment' ? '2099-01-01T00:00:00.000Z' : null,
      created_at: o.at,
      updated_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertRefund(shop: TestShop, orderId: number, amount: number, status: 'processed' | 'pending', at: string) {
  await shop.deps.db.kysely
    .insertInto('refunds')
    .values({
      order_id: orderId,
      provider: 'cash',
      payment_ref: `fig-${orderId}-${randomUUID()}`,
      payment_id: null,
      amount_paise: amount,
      currency: 'INR',
      status,
      provider_refund_id: null,
      idempotency_key: randomUUID(),
      last_error: null,
      next_attempt_at: null,
      created_at: at,
      updated_at: at,
      // A pending refund with a time too: only the state says it was paid back.
      processed_at: at,
      reason: 'fixture',
      kind: 'part',
    })
    .execute();
}

describeApi('point of sale in the back office', (shop) => {
  const { db, asAdmin, asCashier, freshPack, openTill, sold } = posKit(shop);

  const receiptRows = (orderId: number) => db().selectFrom('notifications').selectAll().where('order_id', '=', orderId).where('template', '=', 'pos_receipt').execute();
  const outbox = async (phone: string) => ((await (await shop().visitor().get(`/dev/outbox?to=${phone}`)).json()) as { messages: { text: string }[] }).messages;

  it("sends the receipt link to the customer's phone once per sale, even when the till sends the sale again", async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(20);
    const phone = walkInPhone();
    const key = randomUUID();
    const body = { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 200 }], phone };
    const sale = await sold(v, body, key);
    const again = await v.post('/pos/sales', body, { headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(200);
    const order = await db().selectFrom('orders').select(['receipt_token', 'ordernumber']).where('id', '=', sale.order_id).executeTakeFirstOrThrow();
    expect(order.receipt_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(order.receipt_token).not.toContain(order.ordernumber);
    // One message on the one channel the test shop has on (the console and its demo outbox), sent after commit.
    const rows = await receiptRows(sale.order_id);
    expect(rows.map((r) => [r.channel, r.recipient, r.state])).toEqual([['console', phone, 'sent']]);
    const messages = await outbox(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain(`Your receipt for bill ${sale.ordernumber} (₹180.00): http://localhost/receipt/${order.receipt_token}`);

    // A till's queue sent three times at once (a flaky network): one sale, one message.
    const racePhone = walkInPhone();
    const raceKey = randomUUID();
    const raced = await Promise.all([1, 2, 3].map(() => v.post('/pos/sales', { ...body, phone: racePhone }, { headers: { 'Idempotency-Key': raceKey } })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(raced.map(async (r) => ((await r.json()) as { order_id: number }).order_id)));
    expect(ids.size).toBe(1);
    expect((await receiptRows([...ids][0]!)).map((r) => r.recipient)).toEqual([racePhone]);
    expect(await outbox(racePhone)).toHaveLength(1);
  });

  it('sends nothing for a sale without a phone, and gives every sale its own token', async () => {
    const till = await openTill();
    const pack = await freshPack(20);
    const a = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    const b = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    expect(await receiptRows(a.order_id)).toEqual([]);
    const tokens = await db().selectFrom('orders').select('receipt_token').where('id', 'in', [a.order_id, b.order_id]).execute();
    expect(new Set(tokens.map((t) => t.receipt_token)).size).toBe(2);
  });

  it('answers the receipt for its token without a sign-in, and 404 for a wrong or malformed one', async () => {
    const till = await openTill();
    const pack = await freshPack(20);
    const sale = await sold(await asCashier(), {
      till_id: till.id,
      lines: [{ pack_id: pack.id, quantity: 3, discount: 7.5 }],
      payments: [{ mode: 'card', amount: 100, reference: 'TID 1 RRN 2' }, { mode: 'cash', amount: 200 }],
      phone: walkInPhone(),
      note: 'Thank you',
    });
    const { receipt_token: token } = await db().selectFrom('orders').select('receipt_token').where('id', '=', sale.order_id).executeTakeFirstOrThrow();
    const stranger = shop().visitor();
    const r = await stranger.get(`/receipts/${token}`);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const receipt = PosReceipt.parse(await r.json());
    expect(receipt.shop.gstin).toBe(shop().deps.config.shopGstin);
    // With SHOP_GSTIN set, the receipt carries it.
    const config = shop().deps.config as { shopGstin: string | null };
    const gstinBefore = config.shopGstin;
    config.shopGstin = '29ABCDE1234F1Z5';
    try {
      expect(PosReceipt.parse(await (await stranger.get(`/receipts/${token}`)).json()).shop.gstin).toBe('29ABCDE1234F1Z5');
    } finally {
      config.shopGstin = gstinBefore;
    }
    const shopName = (await db().selectFrom('websites').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name;
    expect([receipt.shop.name, receipt.ordernumber, receipt.total, receipt.discount, receipt.change_due, receipt.cashier, receipt.note]).toEqual([shopName, sale.ordernumber, 262.5, 7.5, 37.5, 'Kiran', 'Thank you']);
    expect(receipt.lines.map((l) => [l.quantity, l.price, l.amount])).toEqual([[3, 90, 262.5]]);
    expect(receipt.payments.map((p) => [p.mode, p.amount, p.tendered])).toEqual([['card', 100, null], ['cash', 162.5, 200]]);
    // Never the card's reference nor the customer's phone.
    expect(JSON.stringify(receipt)).not.toMatch(/TID 1|RRN/);

    const wrong = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'x'.repeat(32), sale.ordernumber, String(sale.order_id), 'short']) {
      expect((await stranger.get(`/receipts/${bad}`)).status, bad).toBe(404);
    }
    // A control character breaks the text rule every field keeps: refused as bad input, before any look-up.
    expect((await stranger.get('/receipts/%00')).status).toBe(400);
  });

  it("filters the order queue to stock-short sales, and flags them on the row and the order's page", async () => {
    const till = await openTill();
    const pack = await freshPack(1);
    const short = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 3 }], payments: [{ mode: 'cash', amount: 270 }] });
    const fine = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: (await freshPack(5)).id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    expect([short.stock_short, fine.stock_short]).toEqual([true, false]);
    const admin = await asAdmin();
    const answer = await admin.get('/bos/orders?tab=delivered_today&stock_short=true&perPage=100');
    expect(answer.status, await answer.clone().text()).toBe(200);
    const queue = BosOrderQueue.parse(await answer.json());
    const ids = queue.data.map((o) => o.id);
    expect(ids).toContain(short.order_id);
    expect(ids).not.toContain(fine.order_id);
    expect(queue.data.every((o) => o.stock_short)).toBe(true);
    expect(queue.data.find((o) => o.id === short.order_id)?.channel).toBe('pos');
    const others = BosOrderQueue.parse(await (await admin.get('/bos/orders?tab=delivered_today&stock_short=false&perPage=100')).json());
    expect(others.data.map((o) => o.id)).toContain(fine.order_id);
    expect(others.data.map((o) => o.id)).not.toContain(short.order_id);
    const detail = BosOrderDetail.parse(await (await admin.get(`/bos/orders/${short.order_id}`)).json());
    expect([detail.stock_short, detail.channel, detail.till_id]).toEqual([true, 'pos', till.id]);
    expect((await admin.get('/bos/orders?stock_short=yes')).status).toBe(400);
  });

  it("answers one till's Z-report for the back office, and lists the tills opened on an India day", async () => {
    const till = await openTill(undefined, 500);
    const pack = await freshPack(10);
    await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 200 }] });
    const closed = await (await asCashier()).post(`/pos/tills/${till.id}/close`, { counted_cash: 670, note: 'Ten short' });
    expect(closed.status).toBe(200);
    const report = PosZReport.parse(await closed.json());
    expect([report.cash_expected, report.difference, report.sales_count]).toEqual([680, -10, 1]);
    const admin = await asAdmin();
    const one = await admin.get(`/bos/pos/tills/${till.id}`);
    expect(one.status, await one.clone().text()).toBe(200);
    const shown = PosTillWithReport.parse(await one.json());
    expect([shown.status, shown.report]).toEqual(['closed', report]);
    expect((await admin.get('/bos/pos/tills/99999999')).status).toBe(404);
    expect((await (await asCashier()).get(`/bos/pos/tills/${till.id}`)).status).toBe(403);
    expect((await shop().visitor().get(`/bos/pos/tills/${till.id}`)).status).toBe(401);

    const today = PosTillList.parse(await (await admin.get(`/bos/pos/tills?status=closed&date=${indiaDate()}&perPage=100`)).json());
    expect(today.data.map((t) => t.id)).toContain(till.id);
    const longAgo = PosTillList.parse(await (await admin.get('/bos/pos/tills?date=2001-01-01')).json());
    expect(longAgo.meta.total).toBe(0);
    for (const bad of ['2026-02-30', '27-11-2026', 'today']) expect((await admin.get(`/bos/pos/tills?date=${bad}`)).status, bad).toBe(400);
  });

  it("adds up the sales by channel exactly: the day's, 7 days' and 30 days', in India's days, cancelled and unpaid orders left out", async () => {
    const k = db();
    const asha = (await k.selectFrom('users').select('id').where('phone', '=', '9876500001').executeTakeFirstOrThrow()).id;
    const agent = (await k.selectFrom('users').select('id').where('phone', '=', '9876500003').executeTakeFirstOrThrow()).id;
    const order = (status: OrderStatus, total: number, at: string, extra: { channel?: 'pos'; agent?: number } = {}) => insertOrder(shop(), { status, total, at, user: asha, ...extra });
    // The day asked for is 15 March 2021 in India: 14 March 18:30 UTC to 15 March 18:30 UTC.
    const webFirst = await order('delivered', 10_050, '2021-03-14T18:30:00.000Z');
    await order('placed', 20_000, '2021-03-15T18:29:59.999Z');
    const cancelled = await order('cancelled', 99_999, '2021-03-15T06:00:00.000Z');
    await order('pending_payment', 77_777, '2021-03-15T06:00:00.000Z');
    await order('payment_failed', 55_555, '2021-03-15T06:00:00.000Z');
    await order('confirmed', 30_025, '2021-03-15T06:00:00.000Z', { agent });
    const pos = await order('delivered', 15_000, '2021-03-15T07:00:00.000Z', { channel: 'pos' });
    await order('pending_payment', 4_000, '2021-03-15T07:00:00.000Z', { channel: 'pos' });
    // The day before in India (23:59 on 14 March), 6 days before, 7 days before, 29 and 30 days before, the day after.
    await order('delivered', 12_345, '2021-03-14T18:29:59.999Z');
    await order('delivered', 40_000, '2021-03-09T00:00:00.000Z', { agent });
    await order('delivered', 5_000, '2021-03-08T18:29:00.000Z', { channel: 'pos' });
    await order('delivered', 7_000, '2021-02-13T18:30:00.000Z');
    await order('delivered', 8_888, '2021-02-13T18:29:59.000Z');
    await order('delivered', 6_666, '2021-03-15T18:30:00.000Z');
    await insertRefund(shop(), pos, 2_500, 'processed', '2021-03-15T10:00:00.000Z');
    await insertRefund(shop(), webFirst, 1_050, 'processed', '2021-03-10T05:00:00.000Z');
    await insertRefund(shop(), cancelled, 99_999, 'processed', '2021-03-15T10:00:00.000Z');
    await insertRefund(shop(), webFirst, 3_000, 'pending', '2021-03-15T10:00:00.000Z');

    const admin = await asAdmin();
    const answer = await admin.get('/bos/sales?date=2021-03-15');
    expect(answer.status, await answer.clone().text()).toBe(200);
    const figures = BosSalesFigures.parse(await answer.json());
    const inPaise = (key: string) => {
      const period = figures.periods.find((p) => p.key === key)!;
      return {
        span: [period.from, period.to, period.days],
        channels: period.channels.map((c) => [c.channel, c.orders, paise(c.amount), paise(c.refunded), paise(c.net)]),
        total: [period.total.orders, paise(period.total.amount), paise(period.total.refunded), paise(period.total.net)],
      };
    };
    expect(inPaise('day')).toEqual({
      span: ['2021-03-15', '2021-03-15', 1],
      channels: [['web', 2, 30_050, 0, 30_050], ['agent', 1, 30_025, 0, 30_025], ['pos', 1, 15_000, 2_500, 12_500]],
      total: [4, 75_075, 2_500, 72_575],
    });
    expect(inPaise('week')).toEqual({
      span: ['2021-03-09', '2021-03-15', 7],
      channels: [['web', 3, 42_395, 1_050, 41_345], ['agent', 2, 70_025, 0, 70_025], ['pos', 1, 15_000, 2_500, 12_500]],
      total: [6, 127_420, 3_550, 123_870],
    });
    expect(inPaise('month')).toEqual({
      span: ['2021-02-14', '2021-03-15', 30],
      channels: [['web', 4, 49_395, 1_050, 48_345], ['agent', 2, 70_025, 0, 70_025], ['pos', 2, 20_000, 2_500, 17_500]],
      total: [8, 139_420, 3_550, 135_870],
    });
    expect(figures.days).toHaveLength(30);
    expect([figures.days[0]!.date, figures.days[29]!.date]).toEqual(['2021-02-14', '2021-03-15']);
    const day = (date: string) => figures.days.find((d) => d.date === date)!.channels.map((c) => [c.channel, c.orders, paise(c.amount)]);
    expect(day('2021-03-14')).toEqual([['web', 1, 12_345], ['agent', 0, 0], ['pos', 0, 0]]);
    expect(day('2021-03-08')).toEqual([['web', 0, 0], ['agent', 0, 0], ['pos', 1, 5_000]]);
  });

  it("counts today's counter sale in today's pos figures, and refuses a bad date (400) and anyone without order:manage", async () => {
    const admin = await asAdmin();
    const before = BosSalesFigures.parse(await (await admin.get('/bos/sales')).json());
    expect(before.date).toBe(indiaDate());
    const till = await openTill();
    const sale = await sold(await asCashier(), { till_id: till.id, lines: [{ pack_id: (await freshPack(5)).id, quantity: 2 }], payments: [{ mode: 'cash', amount: 180 }] });
    const after = BosSalesFigures.parse(await (await admin.get('/bos/sales')).json());
    const pos = (f: BosSalesFigures) => f.periods.find((p) => p.key === 'day')!.channels.find((c) => c.channel === 'pos')!;
    expect([pos(after).orders - pos(before).orders, paise(pos(after).amount) - paise(pos(before).amount)]).toEqual([1, paise(sale.total)]);
    for (const bad of ['2021-02-29', '2021-3-1', 'yesterday']) expect((await admin.get(`/bos/sales?date=${bad}`)).status, bad).toBe(400);
    expect((await (await asCashier()).get('/bos/sales')).status).toBe(403);
    expect((await (await staffWith(shop(), ['order:view'])).get('/bos/sales')).status).toBe(403);
    expect((await shop().visitor().get('/bos/sales')).status).toBe(401);
  });
});
