/**
 * UPI at the point of sale on both backends (docs/pos.md#upi): a UPI payment gets a single-use dynamic QR code of
 * the provider (Razorpay's simulator here, through the SDK) for its exact amount; the sale waits until the signed
 * qr_code.credited webhook (or the provider, asked when the till polls) says it was paid; a wrong amount, a replayed
 * or a forged webhook changes nothing; the till cancels a wait (closing the code) or takes it in cash; a UPI
 * return is refunded through the provider; the Z-report counts UPI paid as UPI takings.
 */
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { PosReturn, PosSale, PosZReport } from '../../src/contract/pos';
import { simulatorKeys } from '../../src/server/demo/payment-simulators/common';
import { paymentDb, type Payments } from '../../src/server/orders/payments/providers';
import { mustTakeUpi } from '../../src/server/pos/upi';
import { submit } from './payment-kit';
import { posKit } from './pos-kit';
import { describeApi, type TestShop } from './shop';

interface SimQr {
  qr: { id: string; payment_amount: number; status: string; usage: string; fixed_amount: boolean; close_reason: string | null; notes: Record<string, string> };
  payments: { id: string; amount: number; amount_refunded: number; status: string }[];
}

const simQr = async (shop: TestShop, id: string) => {
  const row = await paymentDb(shop.deps.db.kysely).selectFrom('payment_simulations').select('data_json').where('provider', '=', 'razorpay').where('id', '=', id).executeTakeFirstOrThrow();
  return JSON.parse(row.data_json) as SimQr;
};

/** The demo's customer pays the QR code on the simulator's page: its payment is captured and the webhooks sent. */
async function customerPays(shop: TestShop, payPage: string) {
  const page = await shop.app.fetch(new Request(new URL(payPage, 'http://localhost')));
  expect(page.status).toBe(200);
  return submit(shop, await page.text(), 'succeed');
}

/** A qr_code.credited webhook signed with the simulator's webhook secret (or another secret: a forgery). */
function qrCredited(shop: TestShop, qr: { id: string; notes: Record<string, string> }, payment: { id: string; amount: number; status?: string }, secret?: string) {
  const entity = { id: payment.id, entity: 'payment', amount: payment.amount, currency: 'INR', status: payment.status ?? 'captured', order_id: null, method: 'upi', notes: [], created_at: 1 };
  const body = JSON.stringify({ entity: 'event', event: 'qr_code.credited', contains: ['payment', 'qr_code'], payload: { payment: { entity }, qr_code: { entity: { id: qr.id, entity: 'qr_code', payment_amount: payment.amount, status: 'closed', notes: qr.notes } } }, created_at: 1 });
  const signature = createHmac('sha256', secret ?? simulatorKeys(shop.deps.secret).razorpay.webhookSecret).update(body).digest('hex');
  return shop.app.fetch(new Request('http://localhost/s/api/payments/razorpay/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Razorpay-Signature': signature }, body }));
}

it('refuses a UPI sale (422) when the shop has no UPI provider (production without Razorpay keys), and not a cash one', () => {
  const none = { get: () => undefined } as unknown as Payments;
  const body = (mode: 'cash' | 'upi') => ({ till_id: 1, lines: [{ pack_id: 1, quantity: 1 }], payments: [{ mode, amount: 90 }] });
  expect(() => mustTakeUpi(none, body('upi'))).toThrow(expect.objectContaining({ status: 422 }));
  expect(() => mustTakeUpi(none, body('cash'))).not.toThrow();
});

describeApi('UPI at the point of sale', (shop) => {
  const { db, asCashier, freshPack, openTill, sold, level } = posKit(shop);
  const saleNow = async (id: number) => PosSale.parse(await (await (await asCashier()).get(`/pos/sales/${id}`)).json());
  const orderOf = (id: number) => db().selectFrom('orders').select(['status', 'payment_method']).where('id', '=', id).executeTakeFirstOrThrow();

  it('gives a UPI payment a single-use QR code for its exact amount, and waits until the signed webhook says paid', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'cash', amount: 50 }, { mode: 'upi', amount: 130.5 }] });
    expect([sale.status, sale.payment_state, sale.total]).toEqual(['pending_payment', 'awaiting', 180]);
    const upi = sale.payments.find((p) => p.mode === 'upi')!;
    expect(upi.state).toBe('pending');
    expect(upi.qr).toEqual({ id: expect.stringMatching(/^qr_/), intent: expect.stringMatching(/^upi:\/\/pay\?/), image_url: null, close_by: expect.any(String), pay_page: expect.stringContaining(`/s/api/sim/razorpay/qr/${upi.qr!.id}?token=`) });
    expect(new URL(upi.qr!.intent!).searchParams.get('am')).toBe('130.50');
    // At the provider: a single-use, fixed-amount UPI QR code for exactly the payment, naming the sale.
    const held = await simQr(shop(), upi.qr!.id);
    expect([held.qr.payment_amount, held.qr.usage, held.qr.fixed_amount, held.qr.status, held.qr.notes.order_id, held.qr.notes.pos_payment_id]).toEqual([13050, 'single_use', true, 'active', String(sale.order_id), String(upi.id)]);
    // The till polls: nothing paid yet, nothing changes.
    expect((await saleNow(sale.order_id)).payment_state).toBe('awaiting');
    expect(await orderOf(sale.order_id)).toEqual({ status: 'pending_payment', payment_method: 'split' });

    await customerPays(shop(), upi.qr!.pay_page!);
    const paid = await saleNow(sale.order_id);
    expect([paid.status, paid.payment_state, paid.payments.map((p) => [p.mode, p.state])]).toEqual(['delivered', 'paid', [['cash', 'paid'], ['upi', 'paid']]]);
    expect((await simQr(shop(), upi.qr!.id)).qr.close_reason).toBe('paid');
    const row = await db().selectFrom('pos_payments').selectAll().where('id', '=', upi.id).executeTakeFirstOrThrow();
    expect(row.provider_payment_id).toMatch(/^pay_/);
    const events = await paymentDb(db()).selectFrom('payment_events').select(['event_id', 'result']).where('event_id', 'like', 'qr_code.credited:%').where('event_id', 'like', `%${row.provider_payment_id}%`).execute();
    expect(events.map((e) => e.result)).toEqual(['pos_paid']);
    expect(await level(pack.id)).toBe(8);
  });

  it('changes nothing for a wrong amount, a forged signature, a payment not captured, or a replay', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    const qr = (await simQr(shop(), sale.payments[0]!.qr!.id)).qr;
    // Signed, but for ₹80 into a ₹90 code: received, not applied.
    const wrong = await qrCredited(shop(), qr, { id: 'pay_WrongAmount0001', amount: 8000 });
    expect(wrong.status).toBe(200);
    // Forged: the body of a right payment under another secret.
    const forged = await qrCredited(shop(), qr, { id: 'pay_Forged00000001', amount: 9000 }, 'not-the-webhook-secret');
    expect(forged.status).toBe(400);
    const authorised = await qrCredited(shop(), qr, { id: 'pay_NotCaptured001', amount: 9000, status: 'authorized' });
    expect(authorised.status).toBe(200);
    expect([(await saleNow(sale.order_id)).payment_state, (await orderOf(sale.order_id)).status]).toEqual(['awaiting', 'pending_payment']);

    // The real payment, then its webhook replayed: applied once.
    await customerPays(shop(), sale.payments[0]!.qr!.pay_page!);
    const payment = (await simQr(shop(), qr.id)).payments[0]!;
    const replay = await qrCredited(shop(), qr, { id: payment.id, amount: 9000 });
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const events = await db().selectFrom('order_events').select(['to_status']).where('order_id', '=', sale.order_id).where('kind', '=', 'status').orderBy('id').execute();
    expect(events.map((e) => e.to_status)).toEqual(['pending_payment', 'delivered']);
    // A second, different payment into the paid code (a provider's double credit) is refunded, never paid twice.
    const second = await qrCredited(shop(), qr, { id: 'pay_SecondPayment1', amount: 9000 });
    expect(second.status).toBe(200);
    const refunds = await db().selectFrom('refunds').select(['payment_id', 'amount_paise', 'kind']).where('order_id', '=', sale.order_id).execute();
    expect(refunds).toEqual([{ payment_id: 'pay_SecondPayment1', amount_paise: 9000, kind: 'whole' }]);
    expect((await saleNow(sale.order_id)).payments.map((p) => p.state)).toEqual(['paid']);
  });

  it('asks the provider when the till polls, so a lost webhook still pays the sale', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    const id = sale.payments[0]!.qr!.id;
    // The provider took the payment, and its webhook never came.
    const held = await simQr(shop(), id);
    const payment = { id: 'pay_LostWebhook001', entity: 'payment', amount: 9000, currency: 'INR', status: 'captured', amount_refunded: 0, refund_status: null, order_id: null, method: 'upi', vpa: 'c@upi', captured: true, notes: {}, error_code: null, error_description: null, error_reason: null, created_at: 1 };
    await paymentDb(db()).updateTable('payment_simulations').set({ data_json: JSON.stringify({ ...held, qr: { ...held.qr, status: 'closed', close_reason: 'paid' }, payments: [payment] }) }).where('id', '=', id).execute();
    // The first poll came just now (at the sale): the provider is asked again only after a few seconds.
    await db().updateTable('pos_payments').set({ checked_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', sale.payments[0]!.id).execute();
    expect((await saleNow(sale.order_id)).payment_state).toBe('paid');
    expect((await orderOf(sale.order_id)).status).toBe('delivered');
  });

  it('makes a new QR code when the shown one closed unpaid, and keeps an open one', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    const first = sale.payments[0]!.qr!;
    // Still open: the same code.
    const kept = PosSale.parse(await (await v.post(`/pos/sales/${sale.order_id}/upi`, {})).json());
    expect(kept.payments[0]!.qr!.id).toBe(first.id);
    // Its close_by passed at the provider: a new code for the same amount, naming the same payment.
    const held = await simQr(shop(), first.id);
    await paymentDb(db()).updateTable('payment_simulations').set({ data_json: JSON.stringify({ ...held, qr: { ...held.qr, close_by: Math.floor(Date.now() / 1000) - 1 } }) }).where('id', '=', first.id).execute();
    const renewed = PosSale.parse(await (await v.post(`/pos/sales/${sale.order_id}/upi`, {})).json());
    const next = renewed.payments[0]!.qr!;
    expect(next.id).not.toBe(first.id);
    expect([(await simQr(shop(), next.id)).qr.payment_amount, (await simQr(shop(), next.id)).qr.notes.pos_payment_id]).toEqual([9000, String(sale.payments[0]!.id)]);
    await customerPays(shop(), next.pay_page!);
    expect((await saleNow(sale.order_id)).payment_state).toBe('paid');
  });

  it('cancels a UPI wait: the code closed at the provider, then the UPI part taken in cash, or the sale cancelled', async () => {
    const v = await asCashier();
    const till = await openTill();
    const pack = await freshPack(10);
    const toCash = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    const short = await v.post(`/pos/sales/${toCash.order_id}/upi/cancel`, { then: 'cash', tendered: 50 });
    expect(short.status).toBe(422);
    expect((await simQr(shop(), toCash.payments[0]!.qr!.id)).qr.status).toBe('active');
    const bad = await v.post(`/pos/sales/${toCash.order_id}/upi/cancel`, { then: 'later' });
    expect(bad.status).toBe(400);
    const cash = PosSale.parse(await (await v.post(`/pos/sales/${toCash.order_id}/upi/cancel`, { then: 'cash', tendered: 100 })).json());
    expect([cash.status, cash.payment_state, cash.change_due, cash.payments.map((p) => [p.mode, p.amount, p.state])]).toEqual(['delivered', 'paid', 10, [['upi', 90, 'cancelled'], ['cash', 90, 'paid']]]);
    expect((await simQr(shop(), toCash.payments[0]!.qr!.id)).qr.close_reason).toBe('on_demand');
    expect(await orderOf(toCash.order_id)).toEqual({ status: 'delivered', payment_method: 'cash' });
    // The closed code takes no payment: the customer's app is refused, nothing changes.
    const closedPage = new URL(toCash.payments[0]!.qr!.pay_page!, 'http://localhost');
    expect(await (await shop().app.fetch(new Request(closedPage))).text()).toContain('data-qr-state="closed"');
    const late = await shop().app.fetch(new Request(new URL(closedPage.pathname, closedPage), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: closedPage.searchParams.get('token')!, action: 'succeed' }) }));
    expect(late.status).toBe(303);
    expect((await simQr(shop(), toCash.payments[0]!.qr!.id)).payments).toEqual([]);
    expect((await v.post(`/pos/sales/${toCash.order_id}/upi/cancel`, { then: 'cancel' })).status).toBe(409);

    const toCancel = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'upi', amount: 180 }] });
    expect(await level(pack.id)).toBe(7);
    const cancelled = PosSale.parse(await (await v.post(`/pos/sales/${toCancel.order_id}/upi/cancel`, { then: 'cancel' })).json());
    expect([cancelled.status, cancelled.payment_state, cancelled.payments[0]!.state]).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await level(pack.id)).toBe(9);
    // A paid sale has no wait to give up.
    const paid = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    await customerPays(shop(), paid.payments[0]!.qr!.pay_page!);
    expect((await v.post(`/pos/sales/${paid.order_id}/upi/cancel`, { then: 'cancel' })).status).toBe(409);
    expect((await v.post(`/pos/sales/${paid.order_id}/upi`, {})).status).toBe(409);
  });

  it("refunds a UPI return through the provider's refund, and the Z-report counts UPI paid apart from UPI waiting", async () => {
    const v = await asCashier();
    const till = await openTill(v, 500);
    const pack = await freshPack(10);
    const waiting = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'upi', amount: 90 }] });
    const sale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 2 }], payments: [{ mode: 'upi', amount: 180 }] });
    // Nothing paid yet: nothing to give back.
    expect((await v.post(`/pos/sales/${sale.order_id}/returns`, { lines: [{ line_id: sale.lines[0]!.line_id, quantity: 1 }] })).status).toBe(409);
    await customerPays(shop(), sale.payments[0]!.qr!.pay_page!);
    const r = await v.post(`/pos/sales/${sale.order_id}/returns`, { lines: [{ line_id: sale.lines[0]!.line_id, quantity: 1 }] });
    expect(r.status, await r.clone().text()).toBe(201);
    const back = PosReturn.parse(await r.json());
    expect([back.amount, back.refund_mode, back.refund_state]).toEqual([90, 'upi', 'processed']);
    const refund = await db().selectFrom('refunds').selectAll().where('id', '=', back.return_id).executeTakeFirstOrThrow();
    const row = await db().selectFrom('pos_payments').selectAll().where('order_id', '=', sale.order_id).executeTakeFirstOrThrow();
    expect([refund.provider, refund.payment_ref, refund.payment_id, refund.till_id, refund.provider_refund_id]).toEqual(['razorpay', row.provider_ref, row.provider_payment_id, till.id, expect.stringMatching(/^rfnd_/)]);
    expect((await simQr(shop(), row.provider_ref!)).payments[0]!.amount_refunded).toBe(9000);
    expect(await level(pack.id)).toBe(8);
    // More than the UPI payment has left is refused through the provider; cash may still give it.
    const cashSale = await sold(v, { till_id: till.id, lines: [{ pack_id: pack.id, quantity: 1 }], payments: [{ mode: 'cash', amount: 90 }] });
    const noUpi = await v.post(`/pos/sales/${cashSale.order_id}/returns`, { lines: [{ line_id: cashSale.lines[0]!.line_id, quantity: 1 }], refund_mode: 'upi' });
    expect(noUpi.status).toBe(422);

    const z = PosZReport.parse(await (await v.post(`/pos/tills/${till.id}/close`, { counted_cash: 590 })).json());
    expect(Object.fromEntries(z.by_mode.map((m) => [m.mode, [m.sales, m.refunds, m.net]]))).toEqual({ cash: [90, 0, 90], upi: [180, 90, 90], card: [0, 0, 0] });
    expect([z.awaiting_upi, z.cash_expected, z.difference]).toEqual([90, 590, 0]);
    expect(waiting.payment_state).toBe('awaiting');
  });
});
