/**
 * Refunds of orders paid online, through the providers' official SDKs against their local simulators, on both
 * backends: a paid order cancelled is refunded in full at the provider (amounts exact in paise) and shows it;
 * a second cancel, a retry or a sweep never refunds twice; a provider that is down leaves the refund pending
 * until the sweeper sends it; a payment arriving after the cancel is refunded too; the provider's refund
 * webhooks settle it; cash on delivery and unpaid orders owe nothing.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Order } from '../../src/contract';
import { PaymentStarted } from '../../src/contract/payment';
import { simulatorKeys } from '../../src/server/demo/payment-simulators/common';
import { paymentDb, type ProviderName } from '../../src/server/orders/payments/providers';
import { cancelOrder } from '../../src/server/orders/lifecycle';
import { sweepRefunds } from '../../src/server/orders/refunds';
import { cancelQuestion, refundNote } from '../../src/features/orders/orders';
import { loggedWhile } from '../logs';
import { orderKit } from './order-kit';
import { moneyKept, press } from './payment-kit';
import { describeApi, type TestShop, type Visitor } from './shop';

const PROVIDERS: ProviderName[] = ['razorpay', 'stripe'];
const MINUTE = 60_000;

/** A call to a simulator's REST API with its keys, as the provider's dashboard or curl would. */
function simCall(shop: TestShop, provider: ProviderName, path: string, init: RequestInit = {}) {
  const keys = simulatorKeys(shop.deps.secret);
  const authorization = provider === 'razorpay' ? `Basic ${Buffer.from(`${keys.razorpay.keyId}:${keys.razorpay.keySecret}`).toString('base64')}` : `Bearer ${keys.stripe.secretKey}`;
  return shop.app.fetch(new Request(`http://localhost/s/api/sim/${provider}${path}`, { ...init, headers: { authorization, ...Object.fromEntries(new Headers(init.headers)) } }));
}

/** The refunds the provider (its simulator) holds for an order's payment. */
async function providerRefunds(shop: TestShop, provider: ProviderName, ref: string): Promise<{ id: string; amount: number; status: string }[]> {
  if (provider === 'stripe') return (await (await simCall(shop, 'stripe', `/v1/refunds?payment_intent=${ref}`)).json()).data;
  const { items: payments } = await (await simCall(shop, 'razorpay', `/v1/orders/${ref}/payments`)).json();
  const refunds = [];
  for (const p of payments as { id: string }[]) refunds.push(...(await (await simCall(shop, 'razorpay', `/v1/payments/${p.id}/refunds`)).json()).items);
  return refunds;
}

/** The simulator app the shop's SDK talks to, to make the provider fail for a while. */
const simulatorOf = (shop: TestShop, provider: ProviderName) => shop.app.payments.simulators.find((s) => s.name === provider)!.app;

describeApi('refunds of orders paid online', (shop) => {
  const { db, freshPack, shopper, add, placed, detail } = orderKit(shop);
  const everyOrderKeptWhatItWasPaid = moneyKept(shop);
  afterEach(() => void vi.restoreAllMocks());

  const refundRows = (orderId: number) => db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();
  const totalPaise = async (orderId: number) => (await db().selectFrom('orders').select('total_paise').where('id', '=', orderId).executeTakeFirstOrThrow()).total_paise;
  const sweep = (at = new Date()) => sweepRefunds(shop().deps, shop().app.payments.get, at);

  /** An order paid online through the simulator's hosted page (placed by its webhook): its provider reference. */
  async function paidOrder(provider: ProviderName): Promise<{ v: Visitor & { userId: number }; id: number; ordernumber: string; ref: string }> {
    const v = await shopper();
    const p = await freshPack(12_345);
    await add(v, p, 3);
    const created = await placed(v, provider);
    const started = PaymentStarted.parse(await (await v.post(`/payments/${provider}/start`, { order_id: created.id })).json());
    await press(shop(), started.hosted_url!, 'succeed');
    expect((await detail(v, created.id)).status).toBe('placed');
    const ref = started.provider === 'razorpay' ? started.checkout.order_id : started.checkout.payment_intent;
    return { v, id: created.id, ordernumber: created.ordernumber, ref };
  }

  for (const provider of PROVIDERS) {
    it(`${provider}: cancelling a paid order refunds its whole total at the provider, once, and the order shows it`, async () => {
      const { v, id, ordernumber, ref } = await paidOrder(provider);
      const total = await totalPaise(id);
      const before = await detail(v, id);
      expect(before.refund).toBeNull();
      expect(cancelQuestion(before)).toContain(`${new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(total / 100)} is refunded to your original payment method`);

      const cancelled = await v.post(`/order/cancel/${id}`, {});
      expect(cancelled.status).toBe(200);
      expect((await cancelled.json()).message).toMatch(new RegExp(`^Order ${ordernumber} has been cancelled and ₹[\\d,]+\\.\\d\\d is being refunded to your original payment method$`));

      const atProvider = await providerRefunds(shop(), provider, ref);
      expect(atProvider).toHaveLength(1);
      expect(atProvider[0]!.amount).toBe(total);
      const [row] = await refundRows(id);
      expect(row).toMatchObject({ provider, payment_ref: ref, amount_paise: total, currency: 'INR', status: 'processed', provider_refund_id: atProvider[0]!.id, attempts: 1, next_attempt_at: null });
      expect(row!.processed_at).not.toBeNull();

      const after = await detail(v, id);
      expect(after.status).toBe('cancelled');
      expect(after.refund).toEqual({ amount: total / 100, status: 'processed', created_at: row!.created_at, processed_at: row!.processed_at, reason: null });
      expect(refundNote(after.refund!)).toMatch(/^Refunded ₹[\d,]+\.\d\d on [A-Z][a-z]{2} \d{1,2}, \d{4} to your original payment method/);

      // A second cancel is refused; a sweep has nothing due; the answer lost and the refund sent again (same key) makes no second one.
      expect((await v.post(`/order/cancel/${id}`, {})).status).toBe(409);
      expect(await sweep(new Date(Date.now() + 60 * MINUTE))).toBe(0);
      await db().updateTable('refunds').set({ status: 'pending', provider_refund_id: null, payment_id: null, processed_at: null, next_attempt_at: new Date(0).toISOString() }).where('id', '=', row!.id).execute();
      expect(await sweep()).toBe(1);
      expect(await providerRefunds(shop(), provider, ref)).toHaveLength(1);
      expect((await refundRows(id))[0]).toMatchObject({ status: 'processed', provider_refund_id: atProvider[0]!.id });
    });

    it(`${provider}: with the provider down the cancel still answers, the refund stays pending (shown as started), and the sweeper completes it`, async () => {
      const { v, id, ref } = await paidOrder(provider);
      const total = await totalPaise(id);
      const down = vi.spyOn(simulatorOf(shop(), provider), 'fetch').mockImplementation(async () => Response.json({ error: { code: 'SERVER_ERROR', description: 'The server is down for maintenance', type: 'api_error', message: 'down' } }, { status: 503 }));
      let cancelled: Response | undefined;
      const errors = (await loggedWhile(async () => (cancelled = await v.post(`/order/cancel/${id}`, {})))).filter((line) => line.level === 'error');
      expect(cancelled!.status).toBe(200);
      expect(down).toHaveBeenCalled();
      expect(errors.map((line) => line.msg).join(' ')).toMatch(/not sent yet .*503/);
      const [row] = await refundRows(id);
      expect(row).toMatchObject({ status: 'pending', provider_refund_id: null, amount_paise: total, attempts: 1 });
      expect(row!.last_error).toMatch(/503/);
      expect(new Date(row!.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
      const shown = await detail(v, id);
      expect(shown.refund).toMatchObject({ amount: total / 100, status: 'pending', processed_at: null });
      expect(refundNote(shown.refund!)).toMatch(/^Refund of ₹[\d,]+\.\d\d started on [A-Z][a-z]{2} \d{1,2}, \d{4} — it reaches your account in 5–7 working days\.$/);

      // Not yet due: nothing is sent. Still down when due: still pending, a later attempt.
      expect(await sweep()).toBe(0);
      expect(await sweep(new Date(Date.now() + 2 * MINUTE))).toBe(1);
      expect((await refundRows(id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
      down.mockRestore();
      expect(await providerRefunds(shop(), provider, ref)).toEqual([]);
      // Back up: the next sweep makes it, once.
      expect(await sweep(new Date(Date.now() + 10 * MINUTE))).toBe(1);
      const atProvider = await providerRefunds(shop(), provider, ref);
      expect(atProvider).toHaveLength(1);
      expect(atProvider[0]!.amount).toBe(total);
      expect((await refundRows(id))[0]).toMatchObject({ status: 'processed', provider_refund_id: atProvider[0]!.id, attempts: 3, last_error: null });
      expect((await detail(v, id)).refund?.status).toBe('processed');
    });

    it(`${provider}: a refund recorded by a cancel whose process stopped before the call is sent by the sweeper`, async () => {
      const { v, id, ref } = await paidOrder(provider);
      // The cancel's transaction alone (the route would send the refund next; here nothing does).
      await cancelOrder(shop().deps, { userId: v.userId, websiteId: (await db().selectFrom('orders').select('website_id').where('id', '=', id).executeTakeFirstOrThrow()).website_id }, id);
      expect((await refundRows(id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await providerRefunds(shop(), provider, ref)).toEqual([]);
      // The writer's lease has not run out: no one else sends it yet; after it, the sweeper does.
      expect(await sweep()).toBe(0);
      expect(await sweep(new Date(Date.now() + 3 * MINUTE))).toBe(1);
      expect((await providerRefunds(shop(), provider, ref)).map((r) => r.amount)).toEqual([await totalPaise(id)]);
      expect((await refundRows(id))[0]!.status).toBe('processed');
    });

    it(`${provider}: a payment that arrives after the order was cancelled is refunded`, async () => {
      const v = await shopper();
      await add(v, await freshPack(12_345), 1);
      const created = await placed(v, provider);
      const started = PaymentStarted.parse(await (await v.post(`/payments/${provider}/start`, { order_id: created.id })).json());
      // Unpaid when cancelled: nothing to refund, and the dialog says so.
      const waiting = await detail(v, created.id);
      expect(cancelQuestion(waiting)).toBe('Its items go back on the shelf and you are not charged.');
      expect(await (await v.post(`/order/cancel/${created.id}`, {})).json()).toEqual({ message: `Order ${created.ordernumber} has been cancelled` });
      expect(await refundRows(created.id)).toEqual([]);
      // The shopper had the payment page open in another tab and paid: the webhook finds the order cancelled.
      await press(shop(), started.hosted_url!, 'succeed');
      const ref = started.provider === 'razorpay' ? started.checkout.order_id : started.checkout.payment_intent;
      expect((await providerRefunds(shop(), provider, ref)).map((r) => r.amount)).toEqual([await totalPaise(created.id)]);
      const shown = await detail(v, created.id);
      expect(shown.status).toBe('cancelled');
      expect(shown.refund?.status).toBe('processed');
      const results = await paymentDb(shop().deps.db.kysely).selectFrom('payment_events').select('result').where('ref', '=', ref).execute();
      expect(results.map((r) => r.result)).toContain('refunded');
    });

    it(`${provider}: the provider's refund webhook settles a pending refund, once; a settled one never goes back`, async () => {
      const { v, id } = await paidOrder(provider);
      const down = vi.spyOn(simulatorOf(shop(), provider), 'fetch').mockImplementation(async () => new Response('{}', { status: 503 }));
      await v.post(`/order/cancel/${id}`, {});
      down.mockRestore();
      const [row] = await refundRows(id);
      expect(row!.status).toBe('pending');
      const processed = refundWebhook(shop(), provider, { event: `evt_rf_${provider}_${id}`, refundId: provider === 'razorpay' ? `rfnd_Hook${id}` : `re_Hook${id}`, status: 'processed', amount: row!.amount_paise, orderId: id, key: row!.idempotency_key });
      const first = await postWebhook(shop(), provider, processed);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      expect(await (await postWebhook(shop(), provider, processed)).json()).toEqual({ received: true, duplicate: true });
      expect((await refundRows(id))[0]).toMatchObject({ status: 'processed', provider_refund_id: provider === 'razorpay' ? `rfnd_Hook${id}` : `re_Hook${id}`, next_attempt_at: null });
      const failed = refundWebhook(shop(), provider, { event: `evt_rf2_${provider}_${id}`, refundId: provider === 'razorpay' ? `rfnd_Hook${id}` : `re_Hook${id}`, status: 'failed', amount: row!.amount_paise, orderId: id, key: row!.idempotency_key });
      expect((await postWebhook(shop(), provider, failed)).status).toBe(200);
      expect((await refundRows(id))[0]!.status).toBe('processed');
      expect(Order.parse(await (await v.get(`/orders/${id}`)).json()).refund?.status).toBe('processed');
    });
  }

  it('razorpay: the simulator makes one refund per X-Refund-Idempotency key, and refuses the same key with another body', async () => {
    const { id, ref } = await paidOrder('razorpay');
    const total = await totalPaise(id);
    const { items } = await (await simCall(shop(), 'razorpay', `/v1/orders/${ref}/payments`)).json();
    const refund = (key: string, amount: number) =>
      simCall(shop(), 'razorpay', `/v1/payments/${items[0].id}/refund`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Refund-Idempotency': key }, body: JSON.stringify({ amount }) });
    const first = await (await refund(`key-${id}-0001`, total)).json();
    const again = await (await refund(`key-${id}-0001`, total)).json();
    expect(again).toEqual(first);
    expect((await refund(`key-${id}-0001`, total - 100)).status).toBe(400);
    const other = await refund(`key-${id}-0002`, total);
    expect(other.status).toBe(400);
    expect((await other.json()).error.description).toBe('The payment has been fully refunded already');
    expect(await providerRefunds(shop(), 'razorpay', ref)).toHaveLength(1);
  });

  it('cash on delivery: a cancel refunds nothing, and the dialog and the answer say there is nothing to pay back', async () => {
    const v = await shopper();
    await add(v, await freshPack(12_345), 1);
    const created = await placed(v, 'cod');
    const order = await detail(v, created.id);
    expect(cancelQuestion(order)).toBe('Its items go back on the shelf and you are not charged.');
    expect(await (await v.post(`/order/cancel/${created.id}`, {})).json()).toEqual({ message: `Order ${created.ordernumber} has been cancelled` });
    expect(await refundRows(created.id)).toEqual([]);
    expect((await detail(v, created.id)).refund).toBeNull();
  });

  it('every order: captured − refunded = what the order kept', async () => {
    await everyOrderKeptWhatItWasPaid();
  });
});

/** A refund webhook signed as the provider signs it (Razorpay refund.processed / refund.failed; Stripe refund.updated / refund.failed). */
function refundWebhook(shop: TestShop, provider: ProviderName, e: { event: string; refundId: string; status: 'processed' | 'failed'; amount: number; orderId: number; key: string }): { body: string; headers: Record<string, string> } {
  const keys = simulatorKeys(shop.deps.secret);
  const notes = { order_id: String(e.orderId), refund_key: e.key };
  if (provider === 'razorpay') {
    const refund = { id: e.refundId, entity: 'refund', amount: e.amount, currency: 'INR', payment_id: 'pay_Hook0000000001', notes, receipt: null, status: e.status, created_at: 1 };
    const body = JSON.stringify({ entity: 'event', event: `refund.${e.status}`, contains: ['refund', 'payment'], payload: { refund: { entity: refund } }, created_at: 1 });
    return { body, headers: { 'X-Razorpay-Signature': createHmac('sha256', keys.razorpay.webhookSecret).update(body).digest('hex'), 'X-Razorpay-Event-Id': e.event } };
  }
  const refund = { id: e.refundId, object: 'refund', amount: e.amount, currency: 'inr', payment_intent: 'pi_Hook', metadata: notes, status: e.status === 'processed' ? 'succeeded' : 'failed' };
  const body = JSON.stringify({ id: e.event, object: 'event', type: e.status === 'processed' ? 'refund.updated' : 'refund.failed', data: { object: refund }, created: Math.floor(Date.now() / 1000) });
  return { body, headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: keys.stripe.webhookSecret }) } };
}

const postWebhook = (shop: TestShop, provider: ProviderName, hook: { body: string; headers: Record<string, string> }) =>
  shop.app.fetch(new Request(`http://localhost/s/api/payments/${provider}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...hook.headers }, body: hook.body }));

describe('refund copy', () => {
  it('says where a refund stands in rupees (en-IN) and in India’s dates', () => {
    // 18:45 UTC on Nov 24 is Nov 25 in India.
    expect(refundNote({ amount: 667, status: 'pending', created_at: '2026-11-24T18:45:00.000Z', processed_at: null, reason: null })).toBe('Refund of ₹667.00 started on Nov 25, 2026 — it reaches your account in 5–7 working days.');
    expect(refundNote({ amount: 1234.5, status: 'processed', created_at: '2026-11-24T10:00:00.000Z', processed_at: '2026-11-24T10:00:01.000Z', reason: null })).toMatch(/^Refunded ₹1,234\.50 on Nov 24, 2026 /);
    expect(refundNote({ amount: 667, status: 'failed', created_at: '2026-11-24T10:00:00.000Z', processed_at: null, reason: null })).toMatch(/could not go through automatically/);
    // A payment the order could not take says why first.
    expect(refundNote({ amount: 667, status: 'pending', created_at: '2026-11-24T18:45:00.000Z', processed_at: null, reason: 'Order AF-000001 was already paid' })).toBe(
      'Your payment could not be accepted (Order AF-000001 was already paid). Refund of ₹667.00 started on Nov 25, 2026 — it reaches your account in 5–7 working days.',
    );
    expect(cancelQuestion({ status: 'placed', payment_method: 'razorpay', total: 667 })).toBe('Its items go back on the shelf and ₹667.00 is refunded to your original payment method.');
    expect(cancelQuestion({ status: 'placed', payment_method: 'cod', total: 667 })).toBe('Its items go back on the shelf and you are not charged.');
  });
});
