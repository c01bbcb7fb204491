/**
 * Online payments through the providers' official SDKs, against their local simulators (no keys configured,
 * nothing leaves the process): the adapters on their own, the hosted pages, and the shop's calls with real
 * orders (start, the signed webhook, confirm, state), on both backends.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PaymentStarted, PaymentState } from '../../src/contract/payment';
import { ConfigError, readConfig } from '../../src/server/config';
import { createPayments, paymentDb, ProviderError, type ProviderName } from '../../src/server/orders/payments/providers';
import { razorpayProvider } from '../../src/server/orders/payments/razorpay';
import { SIM_ORIGIN, simulatorKeys } from '../../src/server/demo/payment-simulators/common';
import { razorpaySimulator } from '../../src/server/demo/payment-simulators/razorpay';
import { stripeSimulator } from '../../src/server/demo/payment-simulators/stripe';
import { stripeProvider } from '../../src/server/orders/payments/stripe';
import { findOrderForPayment, setPaymentRef } from '../../src/server/orders/payments/captures';
import { moneyKept, press, submit } from './payment-kit';
import { describeApi, newShopper, openTestShop, type TestShop, type Visitor } from './shop';

const ADDRESS = { name: 'Ravi Kumar', phone: '9876500002', pincode: '560001', line1: '7, Residency Road', line2: '', landmark: null, city: 'Bengaluru', state: 'Karnataka', type: 'home' };
const PROVIDERS: ProviderName[] = ['razorpay', 'stripe'];

/** The test's own adapters: the same SDK code as the shop's, over the same simulators (their records are in the database). */
const adapters = (shop: TestShop) => createPayments(shop.deps, async (request) => shop.app.fetch(request));
const adapter = (shop: TestShop, name: ProviderName) => adapters(shop).get(name)!;

let orders = 0;
/** A placed order waiting for its online payment, by a new shopper. */
async function pendingOrder(shop: TestShop, provider: ProviderName) {
  const shopper = await newShopper(shop);
  // One pack above the minimum order, a different one each time so no pack runs out of stock.
  const { data } = await (await shopper.get('/products?perPage=48')).json();
  const packs = (data as { packs: { pack_id: number; warehouse_id: number; price: number; in_stock: boolean }[] }[]).flatMap((p) => p.packs).filter((p) => p.in_stock && p.price >= 120);
  orders += 1;
  const pack = packs[orders % packs.length]!;
  expect((await shopper.post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status).toBe(200);
  const address = await (await shopper.post('/addresses', ADDRESS)).json();
  const created = await shopper.post('/order/create', { address_id: address.id, payment: provider }, { headers: { 'Idempotency-Key': `payments-test-${process.pid}-${orders}` } });
  expect(created.status).toBe(201);
  const order = (await created.json()) as { id: number; ordernumber: string };
  return { shopper, order };
}

async function start(shopper: Visitor, provider: ProviderName, orderId: number) {
  const response = await shopper.post(`/payments/${provider}/start`, { order_id: orderId });
  expect(response.status).toBe(200);
  return PaymentStarted.parse(await response.json());
}

/** The provider's reference for a started payment: the Razorpay order, or the Stripe PaymentIntent. */
const refOf = (started: PaymentStarted) => (started.provider === 'razorpay' ? started.checkout.order_id : started.checkout.payment_intent);
const orderStatus = async (shopper: Visitor, id: number) => (await (await shopper.get(`/orders/${id}`)).json()).status as string;
const events = (shop: TestShop, ref: string) => paymentDb(shop.deps.db.kysely).selectFrom('payment_events').select(['event_id', 'outcome', 'result']).where('ref', '=', ref).orderBy('id').execute();

/** A webhook signed as the provider signs it, with the simulator's secrets. */
function signedWebhook(shop: TestShop, provider: ProviderName, event: { id: string; type: 'paid' | 'failed'; ref: string; orderId: number; amount: number }): { body: string; headers: Record<string, string> } {
  const keys = simulatorKeys(shop.deps.secret);
  if (provider === 'razorpay') {
    const payment = { id: `pay_${event.id}`, entity: 'payment', amount: event.amount, currency: 'INR', status: event.type === 'paid' ? 'captured' : 'failed', order_id: event.ref, notes: { order_id: String(event.orderId) }, created_at: 1 };
    const body = JSON.stringify({ entity: 'event', event: event.type === 'paid' ? 'payment.captured' : 'payment.failed', contains: ['payment'], payload: { payment: { entity: payment } }, created_at: 1 });
    return { body, headers: { 'X-Razorpay-Signature': createHmac('sha256', keys.razorpay.webhookSecret).update(body).digest('hex'), 'X-Razorpay-Event-Id': event.id } };
  }
  const intent = { id: event.ref, object: 'payment_intent', amount: event.amount, amount_received: event.type === 'paid' ? event.amount : 0, currency: 'inr', metadata: { order_id: String(event.orderId) } };
  const body = JSON.stringify({ id: event.id, object: 'event', type: event.type === 'paid' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', data: { object: intent }, created: Math.floor(Date.now() / 1000) });
  return { body, headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: keys.stripe.webhookSecret }) } };
}

/** Posts a webhook as a provider does: no cookie, no anti-forgery token, no page origin. */
const postWebhook = (shop: TestShop, provider: ProviderName, body: string, headers: Record<string, string>) =>
  shop.app.fetch(new Request(`http://localhost/s/api/payments/${provider}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));

describeApi('payment adapters against their simulators, through the SDKs', (shop) => {
  for (const name of PROVIDERS) {
    it(`${name}: start is pending, the hosted page's Succeed makes it paid for the amount, Fail makes a new one failed`, async () => {
      const provider = adapter(shop(), name);
      const order = { id: 900_001, ordernumber: 'TEST-000001', totalPaise: 123_45, returnPath: '/checkout/confirm/900001' };
      const paid = await provider.start(order);
      expect(paid.ref).toMatch(name === 'razorpay' ? /^order_[A-Za-z0-9]{14}$/ : /^pi_[A-Za-z0-9]{24}$/);
      expect(await provider.status(paid.ref)).toMatchObject({ state: 'pending', orderId: 900_001 });
      // Asking again for the same order reuses the payment.
      expect((await provider.start(order, paid.ref)).ref).toBe(paid.ref);
      const back = await press(shop(), paid.checkout.hosted_url as string, 'succeed');
      expect(back.pathname).toBe('/checkout/confirm/900001');
      expect(await provider.status(paid.ref)).toEqual({ state: 'paid', amountPaise: 123_45, currency: 'INR', orderId: 900_001 });
      const returned = Object.fromEntries(back.searchParams);
      expect(provider.verifyReturn(returned)).toEqual({ ref: paid.ref, ok: true });

      const failing = await provider.start({ ...order, id: 900_002 });
      expect(failing.ref).not.toBe(paid.ref);
      await press(shop(), failing.checkout.hosted_url as string, 'fail');
      expect((await provider.status(failing.ref)).state).toBe('failed');
    });

    it(`${name}: the simulator checks the SDK's credentials: other keys are refused (401), surfacing as a ProviderError`, async () => {
      const keys = simulatorKeys(shop().deps.secret);
      const ctx = { deps: shop().deps, shopFetch: async (request: Request) => shop().app.fetch(request) };
      const simulator = name === 'razorpay' ? razorpaySimulator(ctx, () => keys.razorpay) : stripeSimulator(ctx, () => keys.stripe);
      const transport = { baseUrl: SIM_ORIGIN, fetch: (async (input, init) => simulator.fetch(new Request(input, init))) as typeof fetch };
      const wrong = name === 'razorpay' ? razorpayProvider({ ...keys.razorpay, keySecret: 'guessed' }, transport, 2_000) : stripeProvider({ ...keys.stripe, secretKey: 'sk_test_guessed' }, transport, 2_000);
      const order = { id: 900_003, ordernumber: 'TEST-000003', totalPaise: 500_00 };
      await expect(wrong.start(order)).rejects.toThrow(/401/);
      await expect(wrong.start(order)).rejects.toBeInstanceOf(ProviderError);
      // The REST slice is also mounted in the embedded API (for curl), behind the same keys.
      const { ref } = await adapter(shop(), name).start(order);
      const path = `http://localhost/s/api/sim/${name}/v1/${name === 'razorpay' ? 'orders' : 'payment_intents'}/${ref}`;
      const right = name === 'razorpay' ? `Basic ${Buffer.from(`${keys.razorpay.keyId}:${keys.razorpay.keySecret}`).toString('base64')}` : `Bearer ${keys.stripe.secretKey}`;
      const guessed = name === 'razorpay' ? `Basic ${Buffer.from(`${keys.razorpay.keyId}:guessed`).toString('base64')}` : 'Bearer sk_test_guessed';
      expect((await shop().app.fetch(new Request(path, { headers: { authorization: guessed } }))).status).toBe(401);
      const answer = await shop().app.fetch(new Request(path, { headers: { authorization: right } }));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ id: ref, amount: 500_00, ...(name === 'razorpay' ? { receipt: 'TEST-000003', notes: { order_id: '900003' } } : { payment_method_types: ['card'], metadata: { order_id: '900003' } }) });
      await expect(adapter(shop(), name).status(`${name === 'razorpay' ? 'order_' : 'pi_'}DoesNotExist000`)).rejects.toBeInstanceOf(ProviderError);
    });

    it(`${name}: a webhook verifies with the SDK's function only when signed with the webhook secret`, async () => {
      const provider = adapter(shop(), name);
      const { body, headers } = signedWebhook(shop(), name, { id: 'evt_check_1', type: 'paid', ref: name === 'razorpay' ? 'order_Check00000001' : 'pi_Check000000000000000001', orderId: 42, amount: 999 });
      const event = provider.parseWebhook(body, new Headers(headers));
      // Razorpay's event is known by what its signature covers (its X-Razorpay-Event-Id header is not signed); Stripe's id is in the signed body.
      expect(event).toMatchObject({ eventId: name === 'razorpay' ? 'payment.captured:pay_evt_check_1:captured' : 'evt_check_1', outcome: 'paid', orderId: 42, amountPaise: 999, currency: 'INR' });
      expect(() => provider.parseWebhook(body.replace('999', '998'), new Headers(headers))).toThrow();
      expect(() => provider.parseWebhook(body, new Headers())).toThrow();
    });
  }

  it('the Razorpay return verifies only with the key secret: a forged signature or swapped ids are refused', async () => {
    const provider = adapter(shop(), 'razorpay');
    const keys = simulatorKeys(shop().deps.secret).razorpay;
    const sign = (o: string, p: string, secret = keys.keySecret) => createHmac('sha256', secret).update(`${o}|${p}`).digest('hex');
    const good = { razorpay_order_id: 'order_A', razorpay_payment_id: 'pay_B', razorpay_signature: sign('order_A', 'pay_B') };
    expect(provider.verifyReturn(good)).toEqual({ ref: 'order_A', ok: true });
    expect(provider.verifyReturn({ ...good, razorpay_signature: sign('order_A', 'pay_B', 'guessed') }).ok).toBe(false);
    expect(provider.verifyReturn({ ...good, razorpay_order_id: 'order_C' }).ok).toBe(false);
    expect(provider.verifyReturn({ razorpay_order_id: 'order_A', razorpay_payment_id: 'pay_B' }).ok).toBe(false);
  });

  it('the hosted Razorpay page: no script, a UPI QR code as SVG, the collect request flow, and only its own token and same-origin returns', async () => {
    const provider = adapter(shop(), 'razorpay');
    const { ref, checkout } = await provider.start({ id: 900_010, ordernumber: 'TEST-000010', totalPaise: 250_00, returnPath: '/checkout/confirm/900010' });
    const url = new URL(checkout.hosted_url as string, 'http://localhost');
    const page = await shop().app.fetch(new Request(url));
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/<svg[^>]*>/);
    expect(html).toContain('upi://pay?pa=');
    expect(html).toContain('₹250.00');
    // The collect request: a bad UPI id is sent back with a message; a good one offers approve and decline.
    const form = (vpa: string) => new URLSearchParams({ token: url.searchParams.get('token')!, return_to: '/checkout/confirm/900010', vpa });
    const collect = (vpa: string) => shop().app.fetch(new Request(`http://localhost/s/api/sim/razorpay/pay/${ref}/collect`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(vpa) }));
    const bad = await collect('not a vpa');
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toContain('error=');
    const asked = await collect('ravi@okicici');
    expect(asked.status).toBe(303);
    const sent = await (await shop().app.fetch(new Request(new URL(asked.headers.get('location')!, 'http://localhost')))).text();
    expect(sent).toContain('ravi@okicici');
    expect(sent).toMatch(/value="succeed">Approve/);
    expect(sent).toMatch(/value="fail">Decline/);
    // Approving in the (simulated) UPI app pays by UPI from that id, and comes back signed.
    const back = await submit(shop(), sent, 'succeed');
    expect(provider.verifyReturn(Object.fromEntries(back.searchParams))).toEqual({ ref, ok: true });
    expect((await provider.status(ref)).state).toBe('paid');
    const keys = simulatorKeys(shop().deps.secret).razorpay;
    const payments = await shop().app.fetch(new Request(`http://localhost/s/api/sim/razorpay/v1/orders/${ref}/payments`, { headers: { authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}` } }));
    expect((await payments.json()).items).toEqual([expect.objectContaining({ method: 'upi', vpa: 'ravi@okicici', status: 'captured', amount: 250_00 })]);
    // Another token, or a return to another site, is not this page.
    const forged = new URL(url);
    forged.searchParams.set('token', 'x'.repeat(32));
    expect((await shop().app.fetch(new Request(forged))).status).toBe(404);
    for (const away of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const elsewhere = new URL(url);
      elsewhere.searchParams.set('return_to', away);
      expect((await shop().app.fetch(new Request(elsewhere))).status).toBe(404);
    }
  });
});

describeApi('paying orders online: start, webhook, confirm, state', (shop) => {
  const everyOrderKeptWhatItWasPaid = moneyKept(shop);
  for (const provider of PROVIDERS) {
    it(`${provider}: start answers the payment page's data once (reused on a second start); the state is pending until paid`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      expect(started).toMatchObject({ provider, order_id: order.id, ordernumber: order.ordernumber, return_url: `/checkout/confirm/${order.id}` });
      expect(started.hosted_url).toMatch(new RegExp(`^/s/api/sim/${provider}/pay/`));
      expect(started.checkout).toMatchObject(
        provider === 'razorpay'
          ? { order_id: expect.stringMatching(/^order_/), amount: started.amount_paise, currency: 'INR', key_id: expect.stringMatching(/^rzp_test_/) }
          : { client_secret: expect.stringMatching(/^pi_\w+_secret_/), publishable_key: expect.stringMatching(/^pk_test_/), amount: started.amount_paise },
      );
      const again = await start(shopper, provider, order.id);
      expect(again.checkout).toEqual(started.checkout);
      const state = PaymentState.parse(await (await shopper.get(`/payments/status/${order.id}`)).json());
      expect(state).toEqual({ order_id: order.id, ordernumber: order.ordernumber, status: 'pending', order_status: 'pending_payment', provider, refund: null });
    });

    it(`${provider}: Succeed on the hosted page sends a signed webhook that places the order; confirm with the return says paid`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      const back = await press(shop(), started.hosted_url!, 'succeed');
      // The webhook went through the shop's own route and signature check before the browser came back.
      expect(await orderStatus(shopper, order.id)).toBe('placed');
      const ref = refOf(started);
      expect((await events(shop(), ref)).map((e) => e.result)).toEqual(provider === 'razorpay' ? ['paid', 'already'] : ['paid']);
      const confirmed = await shopper.post(`/payments/${provider}/confirm`, { order_id: order.id, ...Object.fromEntries(back.searchParams) });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toEqual({ order_id: order.id, ordernumber: order.ordernumber, status: 'paid', order_status: 'placed', provider, refund: null });
      // A paid order is not started again.
      expect((await shopper.post(`/payments/${provider}/start`, { order_id: order.id })).status).toBe(409);
    });

    it(`${provider}: Fail on the hosted page fails the order (its stock returns); confirm says failed`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      const back = await press(shop(), started.hosted_url!, 'fail');
      expect(await orderStatus(shopper, order.id)).toBe('payment_failed');
      const confirmed = await shopper.post(`/payments/${provider}/confirm`, { order_id: order.id, ...Object.fromEntries(back.searchParams) });
      expect(await confirmed.json()).toMatchObject({ status: 'failed', order_status: 'payment_failed' });
    });

    it(`${provider}: confirm without paying (the shopper cancelled) asks the provider and stays pending; Cancel changes nothing`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      const back = await press(shop(), started.hosted_url!, 'cancel');
      expect(back.pathname).toBe(`/checkout/confirm/${order.id}`);
      const confirmed = await shopper.post(`/payments/${provider}/confirm`, { order_id: order.id });
      expect(await confirmed.json()).toMatchObject({ status: 'pending', order_status: 'pending_payment' });
    });

    it(`${provider}: starts racing for one order all answer, and whichever payment the shopper completes pays the order`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const answers = await Promise.all([1, 2, 3].map(() => shopper.post(`/payments/${provider}/start`, { order_id: order.id })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const started = await Promise.all(answers.map(async (a) => PaymentStarted.parse(await a.json())));
      // The first answer's payment may not be the one recorded last: the provider vouches that it is this order's.
      const back = await press(shop(), started[0]!.hosted_url!, 'succeed');
      const confirmed = await shopper.post(`/payments/${provider}/confirm`, { order_id: order.id, ...Object.fromEntries(back.searchParams) });
      expect(await confirmed.json()).toMatchObject({ status: 'paid', order_status: 'placed' });
      expect((await findOrderForPayment(shop().deps, order.id))?.paymentRef).toBe(refOf(started[0]!));
    });

    it(`${provider}: a recorded payment the provider does not know (the keys changed) is replaced on the next start`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      await setPaymentRef(shop().deps, order.id, provider, provider === 'razorpay' ? 'order_Unknown0000001' : 'pi_Unknown00000000000000001');
      const started = await start(shopper, provider, order.id);
      expect(refOf(started)).not.toMatch(/Unknown/);
      expect((await findOrderForPayment(shop().deps, order.id))?.paymentRef).toBe(refOf(started));
    });

    it(`${provider}: a webhook with a bad signature is refused with 400 and changes nothing`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      const ref = refOf(started);
      const { body, headers } = signedWebhook(shop(), provider, { id: `evt_bad_${order.id}`, type: 'paid', ref, orderId: order.id, amount: started.amount_paise });
      const tampered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, /signature/i.test(k) ? v.replace(/[0-9a-f]{8}$/, '00000000') : v]));
      const refused = await postWebhook(shop(), provider, body, tampered);
      expect(refused.status).toBe(400);
      expect((await postWebhook(shop(), provider, body, {})).status).toBe(400);
      expect(await orderStatus(shopper, order.id)).toBe('pending_payment');
      expect(await events(shop(), ref)).toEqual([]);
    });

    it(`${provider}: the same event twice is answered 2xx both times and applied once; a late failure never un-pays`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      const ref = refOf(started);
      // The provider says paid (its own record agrees), then the same event comes again.
      await press(shop(), started.hosted_url!, 'succeed');
      const paidEvent = signedWebhook(shop(), provider, { id: `evt_paid_${order.id}`, type: 'paid', ref, orderId: order.id, amount: started.amount_paise });
      const first = await postWebhook(shop(), provider, paidEvent.body, paidEvent.headers);
      const replay = await postWebhook(shop(), provider, paidEvent.body, paidEvent.headers);
      expect([first.status, replay.status]).toEqual([200, 200]);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      expect(await replay.json()).toEqual({ received: true, duplicate: true });
      // (Razorpay's event is recorded by what its signature covers, which names the payment, pay_evt_paid_…)
      const ours = (await events(shop(), ref)).filter((e) => e.event_id.includes(`evt_paid_${order.id}`));
      expect(ours.map(({ outcome, result }) => ({ outcome, result }))).toEqual([{ outcome: 'paid', result: 'already' }]);
      // A failure arriving after the payment leaves the order placed.
      const late = signedWebhook(shop(), provider, { id: `evt_late_${order.id}`, type: 'failed', ref, orderId: order.id, amount: started.amount_paise });
      expect((await postWebhook(shop(), provider, late.body, late.headers)).status).toBe(200);
      expect(await orderStatus(shopper, order.id)).toBe('placed');
      expect((await events(shop(), ref)).find((e) => e.event_id.includes(`evt_late_${order.id}`))).toMatchObject({ outcome: 'failed', result: 'ignored' });
    });

    it(`${provider}: a paid webhook for the wrong amount is not applied`, async () => {
      const { shopper, order } = await pendingOrder(shop(), provider);
      const started = await start(shopper, provider, order.id);
      const ref = refOf(started);
      const cheap = signedWebhook(shop(), provider, { id: `evt_cheap_${order.id}`, type: 'paid', ref, orderId: order.id, amount: 100 });
      expect((await postWebhook(shop(), provider, cheap.body, cheap.headers)).status).toBe(200);
      expect(await orderStatus(shopper, order.id)).toBe('pending_payment');
    });

    it(`${provider}: only the owner starts or reads an order's payment; another provider's order is refused`, async () => {
      const { order } = await pendingOrder(shop(), provider);
      const stranger = await newShopper(shop());
      expect((await stranger.post(`/payments/${provider}/start`, { order_id: order.id })).status).toBe(404);
      expect((await stranger.get(`/payments/status/${order.id}`)).status).toBe(404);
      expect((await stranger.post(`/payments/${provider}/confirm`, { order_id: order.id })).status).toBe(404);
      const { shopper, order: other } = await pendingOrder(shop(), provider === 'razorpay' ? 'stripe' : 'razorpay');
      expect((await shopper.post(`/payments/${provider}/start`, { order_id: other.id })).status).toBe(409);
      const anonymous = await shop().visitor().start();
      expect((await anonymous.post(`/payments/${provider}/start`, { order_id: order.id })).status).toBe(401);
    });
  }

  it('razorpay: confirm with forged callback parameters is refused and changes nothing', async () => {
    const { shopper, order } = await pendingOrder(shop(), 'razorpay');
    const started = await start(shopper, 'razorpay', order.id);
    const rzpOrder = (started.checkout as { order_id: string }).order_id;
    const forged = { order_id: order.id, razorpay_order_id: rzpOrder, razorpay_payment_id: 'pay_Forged00000001', razorpay_signature: 'f'.repeat(64) };
    const refused = await shopper.post('/payments/razorpay/confirm', forged);
    expect(refused.status).toBe(400);
    expect(await orderStatus(shopper, order.id)).toBe('pending_payment');
    // Signed for another order (its own, paid), the return still does not pay this one.
    const { shopper: other, order: otherOrder } = await pendingOrder(shop(), 'razorpay');
    const otherStarted = await start(other, 'razorpay', otherOrder.id);
    const otherBack = await press(shop(), otherStarted.hosted_url!, 'succeed');
    const borrowed = await shopper.post('/payments/razorpay/confirm', { order_id: order.id, ...Object.fromEntries(otherBack.searchParams) });
    expect(borrowed.status).toBe(400);
    expect(await orderStatus(shopper, order.id)).toBe('pending_payment');
  });

  it("stripe: confirm naming another order's PaymentIntent is refused and changes nothing", async () => {
    const { shopper, order } = await pendingOrder(shop(), 'stripe');
    await start(shopper, 'stripe', order.id);
    const { shopper: other, order: otherOrder } = await pendingOrder(shop(), 'stripe');
    const otherStarted = await start(other, 'stripe', otherOrder.id);
    const otherBack = await press(shop(), otherStarted.hosted_url!, 'succeed');
    const borrowed = await shopper.post('/payments/stripe/confirm', { order_id: order.id, ...Object.fromEntries(otherBack.searchParams) });
    expect(borrowed.status).toBe(400);
    const malformed = await shopper.post('/payments/stripe/confirm', { order_id: order.id, payment_intent: 'pi_../../x', redirect_status: 'succeeded' });
    expect(malformed.status).toBe(400);
    expect(await orderStatus(shopper, order.id)).toBe('pending_payment');
  });

  it('the webhook is the only call exempt from the anti-forgery token: start without it is still refused', async () => {
    const { shopper, order } = await pendingOrder(shop(), 'razorpay');
    expect((await shopper.post('/payments/razorpay/start', { order_id: order.id }, { xsrf: false })).status).toBe(403);
    // A cross-site webhook is answered by its signature (400 here), not by the page's token.
    const crossSite = await shop().app.fetch(new Request('http://localhost/s/api/payments/razorpay/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }, body: '{}' }));
    expect(crossSite.status).toBe(400);
    // The exemption is the exact path only: a neighbour of it is still guarded.
    const neighbour = await shop().app.fetch(new Request('http://localhost/s/api/payments/razorpay/webhooks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
    expect(neighbour.status).toBe(403);
  });

  it('every order: captured − refunded = what the order kept', async () => {
    await everyOrderKeptWhatItWasPaid();
  });

  it('the calls are in the OpenAPI document; the simulators are not', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/s/api/payments/{provider}/start', '/s/api/payments/{provider}/confirm', '/s/api/payments/status/{order_id}', '/s/api/payments/{provider}/webhook']));
    expect(paths.filter((p) => p.includes('/sim/'))).toEqual([]);
  });
});

describe('payment adapters with keys configured (no request leaves the test)', () => {
  const razorpayKeys = { keyId: 'rzp_test_K', keySecret: 'key-secret', webhookSecret: 'hook-secret' };
  const stripeKeys = { secretKey: 'sk_test_K', publishableKey: 'pk_test_K', webhookSecret: 'whsec_K' };
  const order = { id: 7, ordernumber: 'AF-000007', totalPaise: 456_78 };

  /** A fetch that records what the SDK sends and answers as the provider would. */
  function recording(answer: unknown) {
    const seen: { url: string; method: string; authorization: string | null; body: string }[] = [];
    const fake: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, method: request.method, authorization: request.headers.get('authorization'), body: await request.text() });
      return Response.json(answer);
    };
    return { seen, fake };
  }

  it("Razorpay: the SDK calls Razorpay's API with the key id and secret, for the order's total in paise", async () => {
    const { seen, fake } = recording({ id: 'order_Real00000001', amount: 456_78, currency: 'INR', status: 'created', notes: { order_id: '7' } });
    const provider = razorpayProvider(razorpayKeys, { baseUrl: 'https://api.razorpay.com', fetch: fake }, 1_000);
    const { ref, checkout } = await provider.start(order);
    expect(ref).toBe('order_Real00000001');
    expect(checkout).toEqual({ key_id: 'rzp_test_K', order_id: 'order_Real00000001', amount: 456_78, currency: 'INR', notes: { order_id: '7' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: 'https://api.razorpay.com/v1/orders', method: 'POST', authorization: `Basic ${Buffer.from('rzp_test_K:key-secret').toString('base64')}` });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ amount: 456_78, currency: 'INR', receipt: 'AF-000007', notes: { order_id: '7' } });
  });

  it("Stripe: the SDK calls Stripe's API with the secret key, for the order's total in paise, cards only", async () => {
    const intent = { id: 'pi_Real', object: 'payment_intent', amount: 456_78, currency: 'inr', status: 'requires_payment_method', client_secret: 'pi_Real_secret_x', metadata: { order_id: '7' } };
    const { seen, fake } = recording(intent);
    const provider = stripeProvider(stripeKeys, { baseUrl: 'https://api.stripe.com', fetch: fake }, 1_000);
    const { ref, checkout } = await provider.start(order);
    expect(ref).toBe('pi_Real');
    expect(checkout).toEqual({ publishable_key: 'pk_test_K', client_secret: 'pi_Real_secret_x', payment_intent: 'pi_Real', amount: 456_78, currency: 'INR' });
    expect(seen[0]).toMatchObject({ url: 'https://api.stripe.com/v1/payment_intents', method: 'POST', authorization: 'Bearer sk_test_K' });
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toMatchObject({ amount: '45678', currency: 'inr', 'allowed_payment_method_types[0]': 'card', 'metadata[order_id]': '7' });
  });

  it('every call is bounded: a provider that never answers is a ProviderError after the timeout', async () => {
    // Each request stays referenced until the test ends: a Request's signal follows the caller's only while the
    // Request lives (undici holds it weakly), so a collected one never heard the timeout and the call hung.
    const requests: Request[] = [];
    const never: typeof fetch = (input, init) =>
      new Promise((_, reject) => {
        const request = new Request(input, init);
        requests.push(request);
        const signal = request.signal;
        // As a real fetch: already aborted (a busy machine can take longer than the timeout to get here) ends it too.
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    const started = Date.now();
    await expect(razorpayProvider(razorpayKeys, { baseUrl: 'https://api.razorpay.com', fetch: never }, 150).status('order_X')).rejects.toBeInstanceOf(ProviderError);
    await expect(stripeProvider(stripeKeys, { baseUrl: 'https://api.stripe.com', fetch: never }, 150).status('pi_X')).rejects.toBeInstanceOf(ProviderError);
    // Razorpay once, Stripe twice (one network retry), each given 150 ms.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('payment settings', () => {
  it('a provider is configured with all of its keys or none; a half-configured one refuses to start', () => {
    expect(readConfig({})).toMatchObject({ razorpay: null, stripe: null });
    expect(() => readConfig({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toThrow(ConfigError);
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/must both be test keys or both live keys/);
    expect(readConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' }).razorpay).toEqual({ keyId: 'rzp_test_x', keySecret: 's', webhookSecret: 'w' });
  });

  it('in production a provider without keys is off: no simulator is mounted, its calls answer 404', async () => {
    const { shop, cleanup } = await openTestShop('sqlite', { production: true, otpSender: 'console', razorpay: null, stripe: { secretKey: 'sk_test_live', publishableKey: 'pk_test_live', webhookSecret: 'whsec_live' } });
    try {
      for (const path of ['/s/api/sim/razorpay/v1/orders', '/s/api/sim/stripe/v1/payment_intents']) {
        expect((await shop.app.fetch(new Request(`http://localhost${path}`, { method: 'POST' }))).status).toBe(403);
        expect((await shop.app.fetch(new Request(`http://localhost${path}/x`))).status).toBe(404);
      }
      expect((await postWebhook(shop, 'razorpay', '{}', {})).status).toBe(404);
      // Stripe has keys: its webhook is live, and a signature made with the simulator's secret does not pass.
      const forged = signedWebhook(shop, 'stripe', { id: 'evt_x', type: 'paid', ref: 'pi_x', orderId: 1, amount: 100 });
      expect((await postWebhook(shop, 'stripe', forged.body, forged.headers)).status).toBe(400);
    } finally {
      await cleanup();
    }
  });
});
