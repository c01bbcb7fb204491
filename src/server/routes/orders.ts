import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { IdParam, IDEMPOTENCY_HEADER, idempotencyHeaders, Invoice, Message, Order, Reordered, OrderNumberParam, OrderCreateBody, OrderCreated, OrderList, OrderListQuery, OrderRefusal, OrderRetryBody } from '../../contract';
import { logger } from '../../lib/log.mjs';
import type { AppEnv } from '../env';
import { requireUser } from '../http/guards';
import { requestSay } from '../http/errors';
import { requestLocale } from '../http/language';
import { viewOptions } from '../http/request-context';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { createOrder } from '../orders/create';
import { listOrders, orderDetail } from '../orders/history';
import { invoiceFor } from '../orders/invoice';
import { cancelOrder, retryPayment, type OrderOwner } from '../orders/lifecycle';
import { sendRefundsOf } from '../orders/refunds';
import { reorder } from '../orders/reorder';

/** Orders of the signed-in user: create, cancel, list, one, and paying a failed one again (docs/product.md#the-calls). */
export const orderRoutes = router();
for (const path of ['/order/*', '/orders', '/orders/*']) orderRoutes.use(path, requireUser);

const owner = (c: Context<AppEnv>): OrderOwner => ({ userId: c.var.user!.id, websiteId: c.var.website.id });
const refusals = (codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: 'Refused: the reason, and a reason per line when lines are the trouble', content: { 'application/json': { schema: OrderRefusal } } }]));

orderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/order/create',
    tags: ['orders'],
    summary: 'Places the cart as an order, once per Idempotency-Key',
    description:
      'Re-prices the cart on the server for the address, re-checks stock, delivery, coupon, minimum order and payment method, reserves stock and empties the cart. ' +
      'Cash on delivery answers a placed order; online payment answers payOptions (provider, id) for /checkout/{provider}/{id}. The same key answers the same order (200).',
    request: {
      headers: idempotencyHeaders('checkout'),
      ...jsonBody(OrderCreateBody),
    },
    responses: {
      201: jsonAnswer(OrderCreated, 'Created'),
      200: jsonAnswer(OrderCreated, 'Created earlier with this Idempotency-Key'),
      ...errorResponses([400, 401, 403, 404]),
      ...refusals([409, 422]),
    },
  }),
  async (c) => {
    const key = c.req.valid('header')[IDEMPOTENCY_HEADER.toLowerCase()]!;
    const { created, order } = await createOrder(c.var.deps, {
      websiteId: c.var.website.id,
      session: c.var.session!,
      userId: c.var.user!.id,
      idempotencyKey: key,
      body: c.req.valid('json'),
      locale: requestLocale(c),
    });
    return created ? c.json(order, 201) : c.json(order, 200);
  },
);

/** How long a cancel's answer waits for its refund to reach the provider. */
const REFUND_WAIT_MS = 5_000;

orderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/order/cancel/{id}',
    tags: ['orders'],
    summary: 'Cancels an order while it is not yet packed; its goods return to stock, and an order paid online is refunded in full',
    description:
      'The refund is recorded with the cancel and sent to the provider right after (bounded in time); a provider that does not answer leaves it pending, ' +
      'and the shop sends it again until the provider takes it (GET /orders/{id} shows it as refund).',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Message, 'Cancelled'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    const message = await cancelOrder(c.var.deps, owner(c), id);
    // After commit: the refund (if one is owed) goes to the provider now; a failure leaves it to the sweeper.
    // The shopper waits for it REFUND_WAIT_MS at most (a slow provider finishes in the background): the cancel
    // itself is done, and its answer never becomes an error after the fact.
    const sending = sendRefundsOf(c.var.deps, c.var.payments.get, id).catch((error: unknown) =>
      logger('payments').error({ err: error, order_id: id }, 'refund after cancel not sent (the sweeper retries)'),
    );
    await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, REFUND_WAIT_MS).unref())]);
    return c.json({ message: message.say(requestSay(c)) }, 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orders',
    tags: ['orders'],
    summary: "One page of the shopper's orders on this website, newest first",
    request: { query: OrderListQuery },
    responses: { 200: jsonAnswer(OrderList, 'Orders and the total'), ...errorResponses([400, 401]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listOrders(c.var.deps.db.kysely, owner(c), c.req.valid('query')), 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orders/{id}',
    tags: ['orders'],
    summary: 'One order: lines, delivery groups, address, status and amounts',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Order, 'The order'), ...errorResponses([400, 401, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await orderDetail(c.var.deps.db.kysely, owner(c), c.req.valid('param').id), 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orders/by-number/{ordernumber}',
    tags: ['orders'],
    summary: 'One order by its order number (the success page\'s address), for its owner',
    request: { params: OrderNumberParam },
    responses: { 200: jsonAnswer(Order, 'The order'), ...errorResponses([400, 401, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await orderDetail(c.var.deps.db.kysely, owner(c), { ordernumber: c.req.valid('param').ordernumber }), 200);
  },
);

orderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/orders/{id}/retry',
    tags: ['orders'],
    summary: 'Pays an order whose payment failed, or that still waits for one, the same way or another (cash on delivery where allowed)',
    request: { params: IdParam, ...jsonBody(OrderRetryBody) },
    responses: { 200: jsonAnswer(OrderCreated, 'Waiting for payment again, or placed (cash on delivery)'), ...errorResponses([400, 401, 403, 404]), ...refusals([409, 422]) },
  }),
  async (c) => c.json(await retryPayment(c.var.deps, c.var.user!.id, c.req.valid('param').id, c.req.valid('json').payment, c.var.website.id), 200),
);

orderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/orders/{id}/reorder',
    tags: ['orders'],
    summary: 'Puts every line of an order still sold back in the cart, and says which could not be added and why',
    description: "Same pack; each quantity is added to the cart's and capped at stock and the per-line limit. Skipped reasons: 'no longer sold', 'out of stock', 'only N left, added N'.",
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Reordered, 'The cart, what was added and what was skipped'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await reorder(c.var.deps.db.kysely, { ...owner(c), session: c.var.session! }, c.req.valid('param').id, viewOptions(c)), 200),
);

orderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/orders/{id}/invoice',
    tags: ['orders'],
    summary: "What the order's printable invoice shows: the shop, the order, its lines and totals (prices include GST)",
    description:
      'Only what was charged has an invoice: an order paid online, or cash on delivery once delivered; a cancelled order that was charged keeps it, ' +
      "marked cancelled, with its refund. Any other order answers 404 ('… has no invoice: nothing has been charged for it'). Titled 'Tax Invoice' with the shop's GSTIN when SHOP_GSTIN is set, else 'Invoice'. " +
      'Its words (payment, tax_note, total_in_words) are in the language Accept-Language asks for (English or Hindi).',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Invoice, 'The invoice'), ...errorResponses([400, 401, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await invoiceFor(c.var.deps.db.kysely, owner(c), c.req.valid('param').id, c.var.deps.config.shopGstin, requestLocale(c)), 200);
  },
);
