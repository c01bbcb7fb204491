/**
 * No shopper is charged twice, and no payment is kept that does not pay its order: one live provider payment
 * per order (parallel starts reuse it), and every capture that does not pay the order — a second payment on an
 * old page, another reference, an amount that differs, a late payment the order can no longer take (its
 * coupon went to another order) — is refunded through the refunds machinery, recorded and logged. Razorpay's
 * webhooks are taken once by what their signature covers. Every suite ends with the money check over every
 * order: captured − refunded = what the order kept. Both providers, both backends, the SDKs' real code
 * against the simulators.
 */
import { createHmac } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { PaymentStarted, PaymentState } from '../../src/contract/payment';
import { Order } from '../../src/contract';
import { createPayments, paymentDb, type ProviderName } from '../../src/server/orders/payments/providers';
import { simulatorKeys } from '../../src/server/demo/payment-simulators/common';
import { loggedWhile } from '../logs';
import { orderKit } from './order-kit';
import { browse, moneyKept, press, providerPayments, simCall, submit } from './payment-kit';
import { describeApi, type TestShop, type Visitor } from './shop';

const PROVIDERS: ProviderName[] = ['razorpay', 'stripe'];

const refOf = (started: PaymentStarted) => (started.provider === 'razorpay' ? started.checkout.order_id : started.checkout.payment_intent);

async function start(v: Visitor, provider: ProviderName, orderId: number): Promise<PaymentStarted> {
  const answer = await v.post(`/payments/${provider}/start`, { order_id: orderId });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return PaymentStarted.parse(await answer.json());
}

/** What the shop logged as a warning or an error while `work` ran. */
async function logged(work: () => Promise<unknown>): Promise<string> {
  const lines = await loggedWhile(work);
  return lines
    .filter((line) => line.level === 'warn' || line.level === 'error')
    .map((line) => line.msg)
    .join('\n');
}

/** A Razorpay webhook signed with the simulator's webhook secret, with the event id header given. */
function razorpayHook(shop: TestShop, body: unknown, eventId: string) {
  const text = JSON.stringify(body);
  const signature = createHmac('sha256', simulatorKeys(shop.deps.secret).razorpay.webhookSecret).update(text).digest('hex');
  return shop.app.fetch(
    new Request('http://localhost/s/api/payments/razorpay/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': eventId }, body: text }),
  );
}

describeApi('one payment kept per order', (shop) => {
  const { db, freshPack, shopper, add, placed, detail, statusOf } = orderKit(shop);
  const everyOrderKeptWhatItWasPaid = moneyKept(shop);
  afterEach(() => void vi.restoreAllMocks());

  const refundRows = (orderId: number) => db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const totalOf = async (orderId: number) => (await db().selectFrom('orders').select('total_paise').where('id', '=', orderId).executeTakeFirstOrThrow()).total_paise;

  /** A shopper's order waiting for its online payment. */
  async function waiting(provider: ProviderName, extra: Record<string, unknown> = {}) {
    const v = await shopper();
    await add(v, await freshPack(12_345), 2);
    const created = await placed(v, provider, extra);
    return { v, id: created.id, ordernumber: created.ordernumber };
  }

  for (const provider of PROVIDERS) {
    it(`${provider}: paying again after a failure and then on the old page refunds the second capture (row and log line); cancelling refunds the first`, async () => {
      const { v, id } = await waiting(provider);
      const total = await totalOf(id);
      const first = await start(v, provider, id);
      await press(shop(), first.hosted_url!, 'fail');
      expect(await statusOf(id)).toBe('payment_failed');
      expect((await v.post(`/orders/${id}/retry`, { payment: provider })).status).toBe(200);
      const second = await start(v, provider, id);
      expect(refOf(second)).not.toBe(refOf(first));
      await press(shop(), second.hosted_url!, 'succeed');
      expect(await statusOf(id)).toBe('placed');

      // The old page still takes money: its capture does not pay the order, and goes back.
      const log = await logged(() => press(shop(), first.hosted_url!, 'succeed'));
      expect((await providerPayments(shop(), id)).map((p) => p.capturedPaise)).toEqual([total, total]);
      expect(await statusOf(id)).toBe('placed');
      expect(await refundRows(id)).toEqual([expect.objectContaining({ provider, payment_ref: refOf(first), amount_paise: total, status: 'processed' })]);
      expect(log).toContain(refOf(first));
      expect(log).toMatch(/refund/i);
      const shown = await detail(v, id);
      expect(shown.refund).toMatchObject({ amount: total / 100, status: 'processed' });

      // Cancelling refunds the payment that paid it: both come back, each once.
      expect((await v.post(`/order/cancel/${id}`, {})).status).toBe(200);
      const rows = await refundRows(id);
      expect(rows.map((r) => [r.payment_ref, r.amount_paise, r.status])).toEqual([
        [refOf(first), total, 'processed'],
        [refOf(second), total, 'processed'],
      ]);
    });

    it(`${provider}: a payment completed again after the order is paid (the same order's second reference) is refunded, once, however often it is reported`, async () => {
      const { v, id } = await waiting(provider);
      const total = await totalOf(id);
      const paid = await start(v, provider, id);
      // A second payment for the same order made at the provider (as a second tab did before): the order is paid by the first.
      const other = await createPayments(shop().deps, async (r) => shop().app.fetch(r)).get(provider)!.start({ id, ordernumber: (await detail(v, id)).ordernumber, totalPaise: total, returnPath: `/checkout/confirm/${id}` });
      await press(shop(), paid.hosted_url!, 'succeed');
      const back = await press(shop(), other.checkout.hosted_url as string, 'succeed');
      // The shopper comes back from that page and confirms it: still paid (by the first), the second refunded.
      const confirmed = await v.post(`/payments/${provider}/confirm`, { order_id: id, ...Object.fromEntries(back.searchParams) });
      expect(PaymentState.parse(await confirmed.json())).toMatchObject({ status: 'paid', order_status: 'placed' });
      expect(await (await v.get(`/payments/status/${id}`)).json()).toMatchObject({ status: 'paid' });
      expect(await refundRows(id)).toEqual([expect.objectContaining({ payment_ref: other.ref, amount_paise: total, status: 'processed' })]);
      expect((await db().selectFrom('orders').select('payment_ref').where('id', '=', id).executeTakeFirstOrThrow()).payment_ref).toBe(refOf(paid));
    });

    it(`${provider}: parallel starts of one order make one provider payment, which all of them answer`, async () => {
      // Three rounds of eight: before the lock, nearly every round made several payments.
      for (let round = 0; round < 3; round += 1) {
        const { v, id } = await waiting(provider);
        const answers = await Promise.all(Array.from({ length: 8 }, () => v.post(`/payments/${provider}/start`, { order_id: id })));
        expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
        const refs = [...new Set(await Promise.all(answers.map(async (a) => refOf(PaymentStarted.parse(await a.json())))))];
        expect(refs).toHaveLength(1);
        expect((await providerPayments(shop(), id)).map((p) => p.ref)).toEqual(refs);
        expect((await db().selectFrom('orders').select('payment_ref').where('id', '=', id).executeTakeFirstOrThrow()).payment_ref).toBe(refs[0]);
        // Started again later, still the same one.
        expect(refOf(await start(v, provider, id))).toBe(refs[0]);
      }
    });

    it(`${provider}: a capture of another amount for the order is refunded (that amount), logged, and does not pay it`, async () => {
      const { v, id, ordernumber } = await waiting(provider);
      const total = await totalOf(id);
      const adapter = createPayments(shop().deps, async (r) => shop().app.fetch(r)).get(provider)!;
      const odd = await adapter.start({ id, ordernumber, totalPaise: total - 1_00, returnPath: `/checkout/confirm/${id}` });
      const log = await logged(() => press(shop(), odd.checkout.hosted_url as string, 'succeed'));
      expect(await statusOf(id)).toBe('pending_payment');
      expect(await refundRows(id)).toEqual([expect.objectContaining({ payment_ref: odd.ref, amount_paise: total - 1_00, status: 'processed' })]);
      expect(log).toContain(odd.ref);
      // The order's own payment still pays it.
      await press(shop(), (await start(v, provider, id)).hosted_url!, 'succeed');
      expect(await statusOf(id)).toBe('placed');
    });

    it(`${provider}: a late payment whose one-use coupon went to another order is refunded, the order is not placed, and the shopper is told why`, async () => {
      const base = await db().selectFrom('coupons').selectAll().where('code', '=', 'LASTONE').executeTakeFirstOrThrow();
      const { id: _id, ...copy } = base;
      const code = `ONCE${provider.toUpperCase()}`;
      await db().insertInto('coupons').values({ ...copy, code, usage_limit: 1 }).execute();
      // P orders online with the coupon; the payment fails, so the coupon is free again.
      const p = await shopper();
      await add(p, await freshPack(60_000), 1);
      expect((await p.post('/apply/coupon', { code })).status).toBe(200);
      const pOrder = await placed(p, provider);
      const started = await start(p, provider, pOrder.id);
      await press(shop(), started.hosted_url!, 'fail');
      expect(await statusOf(pOrder.id)).toBe('payment_failed');
      // Q takes the coupon with cash on delivery.
      const q = await shopper();
      await add(q, await freshPack(60_000), 1);
      expect((await q.post('/apply/coupon', { code })).status).toBe(200);
      const qOrder = await placed(q, 'cod');
      // P pays on the old page: the money goes back, the order stays unpaid, and the page says why.
      const back = await press(shop(), started.hosted_url!, 'succeed');
      expect(await statusOf(pOrder.id)).toBe('payment_failed');
      const total = await totalOf(pOrder.id);
      expect(await refundRows(pOrder.id)).toEqual([expect.objectContaining({ payment_ref: refOf(started), amount_paise: total, status: 'processed', reason: `${code}: This coupon has been fully used` })]);
      const confirmed = PaymentState.parse(await (await p.post(`/payments/${provider}/confirm`, { order_id: pOrder.id, ...Object.fromEntries(back.searchParams) })).json());
      expect(confirmed).toMatchObject({ status: 'failed', order_status: 'payment_failed', refund: { amount: total / 100, status: 'processed', reason: `${code}: This coupon has been fully used` } });
      expect(Order.parse(await (await p.get(`/orders/${pOrder.id}`)).json()).refund).toMatchObject({ reason: `${code}: This coupon has been fully used` });
      const live = await db().selectFrom('orders').select('id').where('coupon_id', '=', (await db().selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id).where('status', 'not in', ['cancelled', 'payment_failed']).execute();
      expect(live.map((o) => o.id)).toEqual([qOrder.id]);
    });
  }

  it('razorpay: a webhook replayed with a new X-Razorpay-Event-Id is applied once; a wrong-length signature is a 400', async () => {
    const { v, id } = await waiting('razorpay');
    const started = await start(v, 'razorpay', id);
    const ref = refOf(started);
    await press(shop(), started.hosted_url!, 'fail');
    const { items } = await (await simCall(shop(), 'razorpay', `/v1/orders/${ref}/payments`)).json();
    const failed = items[0] as { id: string };
    const body = { entity: 'event', event: 'payment.failed', contains: ['payment'], payload: { payment: { entity: { ...items[0], notes: { order_id: String(id) } } } }, created_at: 1 };
    const answers = [];
    for (const eventId of ['evt_Replay000001', 'evt_Replay000002', 'evt_Replay000003']) answers.push(await (await razorpayHook(shop(), body, eventId)).json());
    // The simulator already delivered this failure once (with its own event id): every replay is a duplicate.
    expect(answers).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    const taken = await paymentDb(db()).selectFrom('payment_events').select(['event_id', 'result']).where('ref', '=', ref).execute();
    expect(taken.filter((e) => e.event_id.includes(failed.id))).toHaveLength(1);

    // Wrong signatures of every length are refused with 400 (never a throw), and change nothing.
    const text = JSON.stringify(body);
    for (const signature of ['abc', 'f'.repeat(64), 'f'.repeat(65), '']) {
      const answer = await shop().app.fetch(new Request('http://localhost/s/api/payments/razorpay/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': 'evt_Other' }, body: text }));
      expect(answer.status).toBe(400);
    }
    // So is a return signed with a signature of the wrong length.
    for (const signature of ['abc', 'f'.repeat(64), 'é'.repeat(64)]) {
      const answer = await v.post('/payments/razorpay/confirm', { order_id: id, razorpay_order_id: ref, razorpay_payment_id: failed.id, razorpay_signature: signature });
      expect(answer.status).toBe(400);
    }
  });

  it('razorpay: reloading the UPI collect request page shows the page again, not a JSON 404', async () => {
    const { v, id } = await waiting('razorpay');
    const started = await start(v, 'razorpay', id);
    const html = await (await shop().app.fetch(new Request(new URL(started.hosted_url!, 'http://localhost')))).text();
    const form = /<form method="post" action="([^"]+\/collect)">(.*?)<\/form>/s.exec(html)!;
    const fields = new URLSearchParams([...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
    fields.set('vpa', 'ravi@okicici');
    const sent = await browse(shop(), new URL(form[1]!, 'http://localhost'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields });
    expect(sent.response.status).toBe(200);
    expect(await sent.response.text()).toMatch(/value="succeed">Approve/);
    // The browser reloads the page it shows.
    const reloaded = await shop().app.fetch(new Request(sent.url));
    expect(reloaded.status).toBe(200);
    expect(reloaded.headers.get('content-type')).toMatch(/text\/html/);
    const again = await reloaded.text();
    expect(again).toContain('ravi@okicici');
    // And approving from the reloaded page pays.
    await submit(shop(), again, 'succeed');
    expect(await statusOf(id)).toBe('placed');
    // An address with no valid token is an HTML page saying so, not the API's JSON.
    const bare = await shop().app.fetch(new Request(new URL(`/s/api/sim/razorpay/pay/${refOf(started)}/collect`, 'http://localhost')));
    expect(bare.status).toBe(404);
    expect(bare.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('every order: captured − refunded = what the order kept', async () => {
    await everyOrderKeptWhatItWasPaid();
  });
});
