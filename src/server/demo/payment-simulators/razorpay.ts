import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { escapeHtml } from '../../../lib/escape-html';
import type { RazorpayKeys } from '../../config';
import {
  deliverWebhook,
  newId,
  nowSeconds,
  page,
  pageToken,
  qrSvg,
  rupees,
  safeReturnPath,
  SIM_BASE,
  simBodyLimit,
  simStore,
  tokenMatches,
  withParams,
  type SimulatorContext,
} from './common';
import { mountQrCodes } from './razorpay-qr';

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

/** A payment as Razorpay shows it: of an order (checkout) or of a QR code (order_id null). */
export interface SimPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  order_id: string | null;
  method: 'card' | 'upi';
  vpa: string | null;
  captured: boolean;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  error_reason: string | null;
  created_at: number;
}

interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: string;
}

interface Record_ {
  order: Order;
  payments: SimPayment[];
  /** The refunds of its payments (kept with the order, where its payments are). */
  refunds?: Refund[];
}

/** Where a payment or refund id's order record is; a refund's also the request its idempotency key was first used with. */
interface Pointer {
  order_id: string;
  request?: string;
}

const RAZORPAY_SIM_BASE = `${SIM_BASE}/razorpay`;
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i;

/**
 * Razorpay, simulated: the slice of its REST API the adapter uses (POST /v1/orders, GET /v1/orders/{id},
 * GET /v1/orders/{id}/payments; refunds: POST /v1/payments/{id}/refund with X-Refund-Idempotency,
 * GET /v1/payments/{id}/refunds[/{refund_id}], GET /v1/refunds/{id}; HTTP basic auth with the simulator's key id and secret; Razorpay's error shape),
 * and a hosted checkout page (card, UPI QR, UPI collect request; Succeed, Fail, Cancel) that signs its callback
 * (HMAC-SHA256 of `order_id|payment_id` with the key secret) and its webhooks (HMAC-SHA256 of the body with
 * the webhook secret, in X-Razorpay-Signature) as Razorpay does.
 */
export function razorpaySimulator(ctx: SimulatorContext, keys: () => RazorpayKeys) {
  const store = simStore<Record_>(ctx.deps, 'razorpay');
  const pointers = simStore<Pointer>(ctx.deps, 'razorpay');
  const app = new Hono();
  app.use('*', simBodyLimit);
  const fail = (c: Context, status: 400 | 401 | 404, description: string) => c.json({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' } }, status);

  app.use('/v1/*', async (c, next) => {
    if (!basicAuthMatches(c.req.header('authorization'), keys())) return fail(c, 401, 'Authentication failed');
    await next();
  });

  app.post('/v1/orders', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown } | null;
    const amount = Number(body?.amount);
    if (!Number.isSafeInteger(amount) || amount < 100) return fail(c, 400, 'The amount must be atleast INR 1.00');
    if ((body?.currency ?? 'INR') !== 'INR') return fail(c, 400, 'Currency is not supported');
    const notes = body?.notes && typeof body.notes === 'object' ? Object.fromEntries(Object.entries(body.notes).map(([k, v]) => [k, String(v)])) : {};
    const order: Order = {
      id: newId('order_', 14),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof body?.receipt === 'string' ? body.receipt.slice(0, 40) : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: nowSeconds(),
    };
    await store.create(order.id, { order, payments: [] }, null);
    return c.json(order);
  });

  app.get('/v1/orders/:id', async (c) => {
    const found = await store.get(c.req.param('id'));
    return found?.order ? c.json(found.order) : fail(c, 400, 'The id provided does not exist');
  });

  app.get('/v1/orders/:id/payments', async (c) => {
    const found = await store.get(c.req.param('id'));
    if (!found?.order) return fail(c, 400, 'The id provided does not exist');
    return c.json({ entity: 'collection', count: found.payments.length, items: [...found.payments].reverse() });
  });

  // UPI QR codes for the point of sale (razorpay-qr.ts); their payments are refunded by the routes below.
  mountQrCodes(app, ctx, keys, fail, (paymentId, recordId) => pointers.create(paymentId, { order_id: recordId }, null));

  // Refunds (POST /v1/payments/{id}/refund, idempotent with X-Refund-Idempotency; the refunds of a payment; one
  // refund). A simulated refund is processed at once, as Razorpay's test mode does with normal-speed refunds.
  app.post('/v1/payments/:id/refund', async (c) => {
    const paymentId = c.req.param('id');
    const body = ((await c.req.json().catch(() => null)) ?? {}) as { amount?: unknown; speed?: unknown; notes?: unknown; receipt?: unknown };
    const key = c.req.header('x-refund-idempotency') ?? null;
    if (key !== null && !/^[A-Za-z0-9_-]{10,}$/.test(key)) return fail(c, 400, 'The idempotency key must be at least 10 characters long: letters, numbers, hyphens and underscores');
    const request = JSON.stringify({ paymentId, amount: body.amount ?? null, speed: body.speed ?? null, notes: body.notes ?? null, receipt: body.receipt ?? null });
    if (key !== null) {
      const earlier = await pointers.byKey(key);
      if (earlier) {
        if (earlier.request !== request) return fail(c, 400, 'Different request with the same idempotency key has already been processed.');
        const made = (await store.get(earlier.order_id))?.refunds?.find((r) => r.payment_id === paymentId && r.notes.idempotency_key === key);
        if (made) return c.json(publicRefund(made));
      }
    }
    const at = await pointers.get(paymentId);
    if (!at) return fail(c, 400, 'The id provided does not exist');
    const notes = body.notes && typeof body.notes === 'object' ? Object.fromEntries(Object.entries(body.notes).map(([k, v]) => [k, String(v)])) : {};
    const out: { refusal?: string; refund?: Refund } = {};
    await store.update(at.order_id, (rec) => {
      const payments = [...rec.payments];
      const i = payments.findIndex((p) => p.id === paymentId);
      const payment = payments[i];
      if (!payment || !payment.captured) return (out.refusal = 'Only a captured payment can be refunded'), rec;
      const left = payment.amount - payment.amount_refunded;
      if (left <= 0) return (out.refusal = 'The payment has been fully refunded already'), rec;
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount < 100) return (out.refusal = 'The amount must be atleast INR 1.00'), rec;
      if (amount > left) return (out.refusal = 'The refund amount provided is greater than amount captured'), rec;
      out.refund = {
        id: newId('rfnd_', 14),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        // The key is kept with the refund (in a note Razorpay would not show) to answer its retries.
        notes: { ...notes, ...(key ? { idempotency_key: key } : {}) },
        receipt: typeof body.receipt === 'string' ? body.receipt.slice(0, 40) : null,
        acquirer_data: { arn: null },
        created_at: nowSeconds(),
        batch_id: null,
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: typeof body.speed === 'string' ? body.speed : 'normal',
      };
      const refunded = payment.amount_refunded + amount;
      payments[i] = { ...payment, amount_refunded: refunded, refund_status: refunded === payment.amount ? 'full' : 'partial', status: refunded === payment.amount ? 'refunded' : payment.status };
      return { ...rec, payments, refunds: [...(rec.refunds ?? []), out.refund] };
    });
    if (out.refusal || !out.refund) return fail(c, 400, out.refusal ?? 'The id provided does not exist');
    await pointers.create(out.refund.id, { order_id: at.order_id, request }, key);
    return c.json(publicRefund(out.refund));
  });

  const refundsOf = async (paymentId: string) => {
    const at = await pointers.get(paymentId);
    return at ? ((await store.get(at.order_id))?.refunds ?? []).filter((r) => r.payment_id === paymentId) : undefined;
  };

  app.get('/v1/payments/:id/refunds', async (c) => {
    const refunds = await refundsOf(c.req.param('id'));
    if (!refunds) return fail(c, 400, 'The id provided does not exist');
    return c.json({ entity: 'collection', count: refunds.length, items: [...refunds].reverse().map(publicRefund) });
  });

  app.get('/v1/payments/:id/refunds/:refund', async (c) => {
    const refund = (await refundsOf(c.req.param('id')))?.find((r) => r.id === c.req.param('refund'));
    return refund ? c.json(publicRefund(refund)) : fail(c, 400, 'The id provided does not exist');
  });

  app.get('/v1/refunds/:id', async (c) => {
    const at = await pointers.get(c.req.param('id'));
    const refund = at ? (await store.get(at.order_id))?.refunds?.find((r) => r.id === c.req.param('id')) : undefined;
    return refund ? c.json(publicRefund(refund)) : fail(c, 400, 'The id provided does not exist');
  });

  // The hosted checkout page, in place of Razorpay's checkout.js (which cannot load without internet).
  app.get('/pay/:id', async (c) => {
    const id = c.req.param('id');
    const returnTo = safeReturnPath(c.req.query('return_to'));
    const token = c.req.query('token');
    const found = await store.get(id);
    if (!found?.order || !returnTo || !tokenMatches(keys().keySecret, id, token)) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    return page(c, 'Pay with Razorpay (simulated)', await checkoutPage(found, returnTo, token!, c.req.query('error')));
  });

  // The collect request: the form posts the UPI ID, and the page that waits for the UPI app's answer is then
  // fetched (303, post/redirect/get), so reloading it shows it again rather than posting twice or a 404.
  app.post('/pay/:id/collect', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const returnTo = safeReturnPath(String(form.return_to ?? ''));
    const token = String(form.token ?? '');
    const found = await store.get(id);
    if (!found?.order || !returnTo || !tokenMatches(keys().keySecret, id, token)) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    const vpa = String(form.vpa ?? '').trim();
    if (!VPA.test(vpa)) {
      const back = `${RAZORPAY_SIM_BASE}/pay/${id}?${new URLSearchParams({ return_to: returnTo, token, error: 'Please enter a valid UPI ID, like name@upi' })}`;
      return c.redirect(back, 303);
    }
    return c.redirect(`${RAZORPAY_SIM_BASE}/pay/${id}/collect?${new URLSearchParams({ return_to: returnTo, token, vpa })}`, 303);
  });

  app.get('/pay/:id/collect', async (c) => {
    const id = c.req.param('id');
    const returnTo = safeReturnPath(c.req.query('return_to'));
    const token = c.req.query('token') ?? '';
    const vpa = (c.req.query('vpa') ?? '').trim();
    const found = await store.get(id);
    if (!found?.order || !returnTo || !tokenMatches(keys().keySecret, id, token) || !VPA.test(vpa)) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    if (found.order.status === 'paid') return page(c, 'Pay with Razorpay (simulated)', await checkoutPage(found, returnTo, token, undefined));
    const hidden = hiddenFields({ token, return_to: returnTo, method: 'upi', vpa });
    return page(
      c,
      'Collect request sent (simulated)',
      `<h1>Collect request sent</h1><p>A request for <strong>${rupees(found.order.amount)}</strong> was sent to <strong>${escapeHtml(vpa)}</strong>.</p>
<p class="muted">In real life the shopper approves it in their UPI app. Here, choose what the app answers:</p>
<form method="post" action="${RAZORPAY_SIM_BASE}/pay/${id}">${hidden}<button class="ok" name="action" value="succeed">Approve in UPI app</button></form>
<form method="post" action="${RAZORPAY_SIM_BASE}/pay/${id}">${hidden}<button class="bad" name="action" value="fail">Decline in UPI app</button></form>`,
    );
  });

  app.post('/pay/:id', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const returnTo = safeReturnPath(String(form.return_to ?? ''));
    const token = String(form.token ?? '');
    if (!returnTo || !tokenMatches(keys().keySecret, id, token)) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    const action = String(form.action ?? '');
    if (action === 'cancel') return c.redirect(withParams(returnTo, { cancelled: '1' }), 303);
    if (action !== 'succeed' && action !== 'fail') return page(c, 'Unknown action', '<h1>Unknown action</h1>', 400);
    const method = form.method === 'upi' ? 'upi' : 'card';
    const vpa = method === 'upi' && VPA.test(String(form.vpa ?? '')) ? String(form.vpa) : method === 'upi' ? 'shopper@upi' : null;
    let payment: SimPayment | undefined;
    const updated = await store.update(id, (rec) => {
      // A paid order takes no further payment (Razorpay refuses it too); the browser goes back to ask the shop.
      if (!rec.order || rec.order.status === 'paid') return rec;
      payment = newPayment(rec.order, action === 'succeed', method, vpa);
      const order: Order = action === 'succeed' ? { ...rec.order, status: 'paid', amount_paid: rec.order.amount, amount_due: 0, attempts: rec.order.attempts + 1 } : { ...rec.order, status: 'attempted', attempts: rec.order.attempts + 1 };
      return { order, payments: [...rec.payments, payment] };
    });
    if (!updated?.order) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    if (!payment) return c.redirect(returnTo, 303);
    // Razorpay finds a payment by its own id (refunds are made on the payment): where its order's record is.
    await pointers.create(payment.id, { order_id: id }, null);
    if (payment.status === 'captured') {
      await sendWebhook(c.req.raw, 'payment.captured', { payment: { entity: payment } });
      await sendWebhook(c.req.raw, 'order.paid', { payment: { entity: payment }, order: { entity: updated.order } });
      return c.redirect(withParams(returnTo, callbackParams(keys(), updated.order.id, payment.id)), 303);
    }
    await sendWebhook(c.req.raw, 'payment.failed', { payment: { entity: payment } });
    return c.redirect(
      withParams(returnTo, {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': payment.error_description ?? 'Payment failed',
        'error[reason]': 'payment_failed',
        'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: updated.order.id }),
      }),
      303,
    );
  });

  async function sendWebhook(page: Request, event: string, payload: Record<string, unknown>) {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_Simulator00001', event, contains: Object.keys(payload), payload, created_at: nowSeconds() });
    const signature = createHmac('sha256', keys().webhookSecret).update(body).digest('hex');
    await deliverWebhook(ctx, page, 'razorpay', body, { 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': newId('', 14) });
  }

  return app;
}

/** The hosted page's URL for one order (its token binds the page to that order). */
export const razorpayHostedPage = (keys: () => RazorpayKeys) => (ref: string, returnPath: string) =>
  `${RAZORPAY_SIM_BASE}/pay/${ref}?${new URLSearchParams({ return_to: returnPath, token: pageToken(keys().keySecret, ref) })}`;

/** What Razorpay's checkout hands the shop on success: the ids, signed with the key secret. */
function callbackParams(keys: RazorpayKeys, orderId: string, paymentId: string) {
  const signature = createHmac('sha256', keys.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  return { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature };
}

function newPayment(order: Order, ok: boolean, method: 'card' | 'upi', vpa: string | null): SimPayment {
  return {
    id: newId('pay_', 14),
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status: ok ? 'captured' : 'failed',
    amount_refunded: 0,
    refund_status: null,
    order_id: order.id,
    method,
    vpa,
    captured: ok,
    notes: order.notes,
    error_code: ok ? null : 'BAD_REQUEST_ERROR',
    error_description: ok ? null : method === 'upi' ? 'The payment was declined in the UPI app' : 'Your payment could not be completed as the card was declined',
    error_reason: ok ? null : 'payment_failed',
    created_at: nowSeconds(),
  };
}

/** A refund as Razorpay shows it: the key the simulator keeps with it is not in its notes. */
function publicRefund(refund: Refund): Refund {
  const { idempotency_key: _key, ...notes } = refund.notes;
  return { ...refund, notes };
}

function basicAuthMatches(header: string | undefined, keys: RazorpayKeys): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64');
  const expected = Buffer.from(`${keys.keyId}:${keys.keySecret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const hiddenFields = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`).join('');

async function checkoutPage(rec: Record_, returnTo: string, token: string, error: string | undefined): Promise<string> {
  const { order } = rec;
  const action = `${RAZORPAY_SIM_BASE}/pay/${order.id}`;
  const label = order.notes.ordernumber ?? order.receipt ?? order.id;
  if (order.status === 'paid') {
    return `<h1>Already paid</h1><p>Order ${escapeHtml(label)} is paid.</p><p><a href="${escapeHtml(returnTo)}">Back to the shop</a></p>`;
  }
  const upiLink = `upi://pay?${new URLSearchParams({ pa: 'shop.simulator@razorpay', pn: 'Storefront (simulated)', am: (order.amount / 100).toFixed(2), cu: 'INR', tn: `Order ${label}`, tr: order.id })}`;
  const card = hiddenFields({ token, return_to: returnTo, method: 'card' });
  const upi = hiddenFields({ token, return_to: returnTo, method: 'upi' });
  const lastFailure = [...rec.payments].reverse().find((p) => p.status === 'failed');
  return `<h1>Razorpay checkout (simulated)</h1>
<p>Order ${escapeHtml(label)}</p><p class="amount">${rupees(order.amount)}</p>
${lastFailure ? `<p class="error">The last attempt failed: ${escapeHtml(lastFailure.error_description ?? 'payment failed')}. You can try again.</p>` : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<h2>Card</h2>
<form method="post" action="${action}">${card}<button class="ok" name="action" value="succeed">Succeed</button></form>
<form method="post" action="${action}">${card}<button class="bad" name="action" value="fail">Fail</button></form>
<h2>UPI: scan the QR code</h2>
<div class="qr" role="img" aria-label="UPI QR code for ${rupees(order.amount)}">${await qrSvg(upiLink)}</div>
<p class="muted">${escapeHtml(upiLink)}</p>
<form method="post" action="${action}">${upi}<button class="ok" name="action" value="succeed">I have paid with UPI</button></form>
<form method="post" action="${action}">${upi}<button class="bad" name="action" value="fail">UPI payment failed</button></form>
<h2>UPI: collect request</h2>
<form method="post" action="${action}/collect">${hiddenFields({ token, return_to: returnTo })}<label for="vpa">Your UPI ID</label>
<input id="vpa" name="vpa" placeholder="name@upi" autocomplete="off" required><button>Send collect request</button></form>
<h2>Changed your mind?</h2>
<form method="post" action="${action}">${hiddenFields({ token, return_to: returnTo })}<button name="action" value="cancel">Cancel</button></form>`;
}
