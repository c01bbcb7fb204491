import { createRoute } from '@hono/zod-openapi';
import { PaymentConfirmBody, PaymentOrderParam, PaymentProviderParam, PaymentStartBody, PaymentStarted, PaymentState, WebhookReceived } from '../../contract/payment';
import { requireUser } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { confirmPayment, paymentState, receiveWebhook, startPayment } from '../orders/payments/online';

/** Paying orders online (docs/checkout-and-payments.md): start, the browser's return, the state, and the providers' webhooks. */
export const paymentRoutes = router();
paymentRoutes.use('/payments/:provider/start', requireUser);
paymentRoutes.use('/payments/:provider/confirm', requireUser);
paymentRoutes.use('/payments/status/*', requireUser);

const noStore = { 'Cache-Control': 'no-store' };

paymentRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/payments/{provider}/start',
    tags: ['payments'],
    summary: "Starts paying the signed-in shopper's order: what the payment page needs (created once, reused after)",
    request: { params: PaymentProviderParam, ...jsonBody(PaymentStartBody) },
    responses: { 200: jsonAnswer(PaymentStarted, 'The checkout data for the provider, and the simulator page when simulated'), ...errorResponses([400, 401, 403, 404, 409, 502]) },
  }),
  async (c) => {
    const started = await startPayment(c.var.deps, c.var.payments, c.var.user!, c.var.website, c.req.valid('param').provider, c.req.valid('json').order_id);
    return c.json(started, 200, noStore);
  },
);

paymentRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/payments/{provider}/confirm',
    tags: ['payments'],
    summary: "The browser's return from the provider: verified, then the provider is asked for the outcome",
    request: { params: PaymentProviderParam, ...jsonBody(PaymentConfirmBody) },
    responses: { 200: jsonAnswer(PaymentState, 'Paid, pending or failed, as the provider says'), ...errorResponses([400, 401, 403, 404, 409, 502]) },
  }),
  async (c) => {
    const state = await confirmPayment(c.var.deps, c.var.payments, c.var.user!, c.var.website, c.req.valid('param').provider, c.req.valid('json'));
    return c.json(state, 200, noStore);
  },
);

paymentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/payments/status/{order_id}',
    tags: ['payments'],
    summary: "An order's payment state (the provider is asked while the order waits)",
    request: { params: PaymentOrderParam },
    responses: { 200: jsonAnswer(PaymentState, 'Paid, pending or failed'), ...errorResponses([400, 401, 404, 409, 502]) },
  }),
  async (c) => c.json(await paymentState(c.var.deps, c.var.payments, c.var.user!, c.var.website, c.req.valid('param').order_id), 200, noStore),
);

paymentRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/payments/{provider}/webhook',
    tags: ['payments'],
    summary: "A provider's webhook (Razorpay: X-Razorpay-Signature; Stripe: Stripe-Signature), checked over the raw body",
    description:
      'Exempt from the anti-forgery token (a provider has none); its signature is its authentication. Each event is applied once: Stripe’s by its signed id, Razorpay’s by what its signature covers (event, entity, status), never by the unsigned X-Razorpay-Event-Id. A payment event is applied as the provider answers when asked: a capture that does not pay its order is refunded.',
    request: { params: PaymentProviderParam },
    responses: { 200: jsonAnswer(WebhookReceived, 'Received (duplicate: already received before)'), ...errorResponses([400, 404, 413]) },
  }),
  async (c) => {
    // The raw text, before anything parses it: the signature is over these exact bytes.
    const raw = await c.req.text();
    return c.json(await receiveWebhook(c.var.deps, c.var.payments, c.req.valid('param').provider, raw, c.req.raw.headers), 200);
  },
);
