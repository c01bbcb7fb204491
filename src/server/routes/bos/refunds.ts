import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../../contract';
import { BosMarkRefundedBody, BosRefund, BosRefundCount, BosRefundList, BosRefundQuery } from '../../../contract/bos-orders';
import { requireOrderStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { refundsNeedingHand, staffRefund, staffRefunds } from '../../orders/queue';
import { markRefunded, retryRefund } from '../../orders/staff';

/** Refunds that need a person (docs/back-office.md#refunds): list them, send a failed one again, or record one made by hand. */
export const bosRefundRoutes = router();
for (const path of ['/bos/refunds', '/bos/refunds/*']) bosRefundRoutes.use(path, requireOrderStaff);

bosRefundRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/refunds',
    tags: ['bos'],
    summary: "The website's refunds (failed, pending, or all), newest first, and how many need a person",
    request: { query: BosRefundQuery },
    responses: { 200: jsonAnswer(BosRefundList, 'Refunds'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await staffRefunds(c.var.deps.db.kysely, staffOf(c), c.req.valid('query')), 200);
  },
);

bosRefundRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/refunds/count',
    tags: ['bos'],
    summary: "The back office header's figure: refunds that failed, or are still not sent after several tries",
    responses: { 200: jsonAnswer(BosRefundCount, 'How many'), ...errorResponses([401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ needs_hand: await refundsNeedingHand(c.var.deps.db.kysely, staffOf(c)) }, 200);
  },
);

bosRefundRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/refunds/{id}/retry',
    tags: ['bos'],
    summary: 'Sends a failed refund to the provider again, with a new idempotency key',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosRefund, 'The refund as it stands'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    await retryRefund(c.var.deps, c.var.payments.get, staffOf(c), id);
    return c.json(await staffRefund(c.var.deps.db.kysely, staffOf(c), id), 200);
  },
);

bosRefundRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/refunds/{id}/mark-refunded',
    tags: ['bos'],
    summary: 'Records a failed refund as made by hand (a bank transfer), with its reference',
    request: { params: IdParam, ...jsonBody(BosMarkRefundedBody) },
    responses: { 200: jsonAnswer(BosRefund, 'The refund, processed'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    await markRefunded(c.var.deps, staffOf(c), id, c.req.valid('json'));
    return c.json(await staffRefund(c.var.deps.db.kysely, staffOf(c), id), 200);
  },
);
