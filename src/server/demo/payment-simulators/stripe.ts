import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import Stripe from 'stripe';
import { escapeHtml } from '../../../lib/escape-html';
import type { StripeKeys } from '../../config';
import { deliverWebhook, newId, nowSeconds, page, rupees, safeReturnPath, SIM_BASE, simBodyLimit, simStore, withParams, type SimulatorContext } from './common';

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  amount_capturable: 0;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  next_action: null;
  canceled_at: null;
  cancellation_reason: null;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  transfer_reversal: null;
}

const STRIPE_SIM_BASE = `${SIM_BASE}/stripe`;

/**
 * Stripe, simulated: the slice of its REST API the adapter uses (POST /v1/payment_intents with form-encoded
 * parameters and Idempotency-Key, GET /v1/payment_intents/{id}; POST /v1/refunds with Idempotency-Key,
 * GET /v1/refunds/{id}, GET /v1/refunds?payment_intent=…; bearer secret key; Stripe's error shape), and a
 * hosted card page (Succeed, Fail, Cancel) in place of Stripe.js, which returns to the shop as Stripe does
 * (payment_intent, payment_intent_client_secret, redirect_status) and sends webhooks signed in Stripe-Signature
 * by the SDK's own signer.
 */
export function stripeSimulator(ctx: SimulatorContext, keys: () => StripeKeys) {
  const store = simStore<PaymentIntent>(ctx.deps, 'stripe');
  const refunds = simStore<Refund>(ctx.deps, 'stripe');
  const app = new Hono();
  app.use('*', simBodyLimit);
  const fail = (c: Context, status: 400 | 401 | 404, message: string, code?: string) => c.json({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }, status);

  app.use('/v1/*', async (c, next) => {
    const given = Buffer.from(/^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '');
    const expected = Buffer.from(keys().secretKey);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return fail(c, 401, 'Invalid API Key provided');
    await next();
  });

  app.post('/v1/payment_intents', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const amount = Number(form.get('amount'));
    const currency = form.get('currency');
    if (!Number.isSafeInteger(amount) || amount < 50) return fail(c, 400, 'Amount must be at least ₹0.50 inr', 'amount_too_small');
    if (currency !== 'inr') return fail(c, 400, 'This simulator takes inr only', 'parameter_invalid_string');
    const metadata: Record<string, string> = {};
    // The SDK sends allowed_payment_method_types[0]=card; the intent answers the methods in payment_method_types.
    const methods: string[] = [];
    for (const [key, value] of form) {
      const meta = /^metadata\[(.+)\]$/.exec(key);
      if (meta) metadata[meta[1]!] = value;
      if (/^allowed_payment_method_types\[\d*\]$/.test(key)) methods.push(value);
    }
    const id = newId('pi_', 24);
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      amount_capturable: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${newId('', 24)}`,
      created: nowSeconds(),
      description: form.get('description'),
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: methods.length ? methods : ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      last_payment_error: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
    };
    // Stripe answers a repeated Idempotency-Key with the first answer.
    return c.json(await store.create(id, intent, c.req.header('idempotency-key') ?? null));
  });

  app.get('/v1/payment_intents/:id', async (c) => {
    const intent = await store.get(c.req.param('id'));
    return intent ? c.json(intent) : fail(c, 404, `No such payment_intent: '${c.req.param('id')}'`, 'resource_missing');
  });

  // Refunds of a succeeded PaymentIntent, at most what it received; a simulated card refund succeeds at once.
  app.post('/v1/refunds', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const key = c.req.header('idempotency-key') ?? null;
    // Stripe answers a repeated Idempotency-Key with the first answer.
    const earlier = key ? await refunds.byKey(key) : undefined;
    if (earlier?.object === 'refund') return c.json(earlier);
    const intentId = form.get('payment_intent') ?? '';
    const intent = await store.get(intentId);
    if (!intent) return fail(c, 404, `No such payment_intent: '${intentId}'`, 'resource_missing');
    if (intent.status !== 'succeeded') return fail(c, 400, `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable');
    const refunded = (await refundsOf(intent.id)).filter((r) => r.status === 'succeeded' || r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0) return fail(c, 400, `Charge for ${intent.id} has already been refunded.`, 'charge_already_refunded');
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isSafeInteger(amount) || amount < 1) return fail(c, 400, 'Invalid positive integer', 'parameter_invalid_integer');
    if (amount > left) return fail(c, 400, `Refund amount (${rupees(amount)}) is greater than unrefunded amount on charge (${rupees(left)})`, 'amount_too_large');
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const meta = /^metadata\[(.+)\]$/.exec(name);
      if (meta) metadata[meta[1]!] = value;
    }
    const refund: Refund = {
      id: newId('re_', 24),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: null,
      created: nowSeconds(),
      currency: intent.currency,
      metadata,
      payment_intent: intent.id,
      reason: form.get('reason'),
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    return c.json(await refunds.create(refund.id, refund, key));
  });

  const refundsOf = async (intentId: string) => (await refunds.list('re_')).filter((r) => r.payment_intent === intentId);

  app.get('/v1/refunds', async (c) => {
    const intentId = c.req.query('payment_intent');
    const data = (intentId ? await refundsOf(intentId) : await refunds.list('re_')).reverse();
    return c.json({ object: 'list', data, has_more: false, url: '/v1/refunds' });
  });

  app.get('/v1/refunds/:id', async (c) => {
    const refund = c.req.param('id').startsWith('re_') ? await refunds.get(c.req.param('id')) : undefined;
    return refund ? c.json(refund) : fail(c, 404, `No such refund: '${c.req.param('id')}'`, 'resource_missing');
  });

  // The hosted card page, in place of Stripe.js and its Payment Element (which cannot load without internet).
  app.get('/pay/:id', async (c) => {
    const intent = await store.get(c.req.param('id'));
    const secret = c.req.query('client_secret');
    const returnTo = safeReturnPath(c.req.query('return_to'));
    if (!intent || !returnTo || !secretMatches(intent, secret)) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    return page(c, 'Pay with Stripe (simulated)', cardPage(intent, returnTo));
  });

  app.post('/pay/:id', async (c) => {
    const form = await c.req.parseBody();
    const secret = String(form.client_secret ?? '');
    const returnTo = safeReturnPath(String(form.return_to ?? ''));
    const current = await store.get(c.req.param('id'));
    if (!current || !returnTo || !secretMatches(current, secret)) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    const action = String(form.action ?? '');
    if (action === 'cancel') return c.redirect(withParams(returnTo, { cancelled: '1' }), 303);
    if (action !== 'succeed' && action !== 'fail') return page(c, 'Unknown action', '<h1>Unknown action</h1>', 400);
    let changed = false;
    const intent = await store.update(current.id, (pi) => {
      if (pi.status === 'succeeded') return pi;
      changed = true;
      return action === 'succeed'
        ? { ...pi, status: 'succeeded', amount_received: pi.amount, payment_method: newId('pm_', 24), last_payment_error: null }
        : { ...pi, status: 'requires_payment_method', payment_method: null, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } };
    });
    if (!intent) return page(c, 'Payment not found', '<h1>This payment link is not valid</h1>', 404);
    if (changed) await sendWebhook(c.req.raw, intent.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    return c.redirect(withParams(returnTo, { payment_intent: intent.id, payment_intent_client_secret: intent.client_secret, redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed' }), 303);
  });

  async function sendWebhook(page: Request, type: string, intent: PaymentIntent) {
    const payload = JSON.stringify({
      id: newId('evt_', 24),
      object: 'event',
      api_version: null,
      created: nowSeconds(),
      data: { object: intent },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys().webhookSecret });
    await deliverWebhook(ctx, page, 'stripe', payload, { 'Stripe-Signature': signature });
  }

  return app;
}

/** The hosted page's URL for one PaymentIntent: its client secret is the key to it, as with Stripe.js. */
export const stripeHostedPage = (ref: string, returnPath: string, clientSecret = '') =>
  `${STRIPE_SIM_BASE}/pay/${ref}?${new URLSearchParams({ client_secret: clientSecret, return_to: returnPath })}`;

function secretMatches(intent: PaymentIntent, given: string | undefined): boolean {
  const a = Buffer.from(intent.client_secret);
  const b = Buffer.from(given ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
}

function cardPage(intent: PaymentIntent, returnTo: string): string {
  const label = intent.metadata.ordernumber ?? intent.description ?? intent.id;
  if (intent.status === 'succeeded') return `<h1>Already paid</h1><p>Order ${escapeHtml(label)} is paid.</p><p><a href="${escapeHtml(returnTo)}">Back to the shop</a></p>`;
  const action = `${STRIPE_SIM_BASE}/pay/${intent.id}`;
  const hidden = `<input type="hidden" name="client_secret" value="${escapeHtml(intent.client_secret)}"><input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">`;
  return `<h1>Stripe card payment (simulated)</h1>
<p>Order ${escapeHtml(label)}</p><p class="amount">${rupees(intent.amount)}</p>
${intent.last_payment_error ? `<p class="error">The last attempt failed: ${escapeHtml(intent.last_payment_error.message)} You can try again.</p>` : ''}
<p class="muted">Test card 4242 4242 4242 4242: choose what the bank answers.</p>
<form method="post" action="${action}">${hidden}<button class="ok" name="action" value="succeed">Succeed</button></form>
<form method="post" action="${action}">${hidden}<button class="bad" name="action" value="fail">Fail (card declined)</button></form>
<form method="post" action="${action}">${hidden}<button name="action" value="cancel">Cancel</button></form>`;
}
