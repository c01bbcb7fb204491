import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../../contract';
import { BosBulkResult, BosBulkStatusBody, BosConflict, BosMoved, BosOrderDetail, BosOrderQuery, BosOrderQueue, BosQueueOptions, BosRefund, BosRefundBody, BosStatusBody } from '../../../contract/bos-orders';
import { requireOrderStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { orderQueue, queueOptions, staffOrderDetail, staffRefund } from '../../orders/queue';
import { moveByStaff, moveManyByStaff, refundPart } from '../../orders/staff';

/**
 * The back office's orders (docs/back-office.md): administrators with order:view read them, with order:manage
 * move them on, cancel and refund them. Everyone else: 401 signed out, 403 signed in.
 */
export const bosOrderRoutes = router();
for (const path of ['/bos/orders', '/bos/orders/*']) bosOrderRoutes.use(path, requireOrderStaff);

const conflict = { 409: { description: 'Not allowed from the order\'s status now: that status, and who set it when', content: { 'application/json': { schema: BosConflict } } } };

bosOrderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/orders',
    tags: ['bos'],
    summary: 'The orders queue: one page of a tab, filtered, by delivery window (oldest first), and the count of every tab',
    request: { query: BosOrderQuery },
    responses: { 200: jsonAnswer(BosOrderQueue, 'Orders, the total and the counts per tab'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await orderQueue(c.var.deps.db.kysely, staffOf(c), c.req.valid('query')), 200);
  },
);

// Before /bos/orders/{id}, which would take "filters" for an id.
bosOrderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/orders/filters',
    tags: ['bos'],
    summary: 'What the queue\'s filters offer: warehouses, the website\'s sales agents, delivery zones with their pincodes, delivery windows',
    responses: { 200: jsonAnswer(BosQueueOptions, 'The choices of each filter'), ...errorResponses([401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await queueOptions(c.var.deps.db.kysely, staffOf(c)), 200);
  },
);

bosOrderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/orders/{id}',
    tags: ['bos'],
    summary: 'One order: lines, address, delivery windows, payment, refunds, the shopper\'s note, its timeline and audit',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosOrderDetail, 'The order'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await staffOrderDetail(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id), 200);
  },
);

bosOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/orders/{id}/status',
    tags: ['bos'],
    summary: 'Moves an order on (confirmed, packed, out_for_delivery, delivered) or cancels it (with a reason, before out_for_delivery)',
    description:
      'Each move only from the status before it. Delivered with cash on delivery needs collected_paise, equal to what is due or with a note. ' +
      'A cancel gives the goods back to stock and refunds an order paid online in full (less what was refunded already). ' +
      'The shopper is told (confirmed, out for delivery, delivered, cancelled) after commit.',
    request: { params: IdParam, ...jsonBody(BosStatusBody) },
    responses: { 200: jsonAnswer(BosMoved, 'Moved'), ...errorResponses([400, 401, 403, 404, 422]), ...conflict },
  }),
  async (c) => c.json(await moveByStaff(c.var.deps, c.var.payments.get, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/orders/status',
    tags: ['bos'],
    summary: 'Moves many orders the same way (confirmed, packed, out_for_delivery); each alone, and one moved meanwhile is reported, not overwritten',
    request: jsonBody(BosBulkStatusBody),
    responses: { 200: jsonAnswer(BosBulkResult, 'What moved, and what did not and why'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    const { ids, to } = c.req.valid('json');
    return c.json(await moveManyByStaff(c.var.deps, c.var.payments.get, staffOf(c), ids, to), 200);
  },
);

bosOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/orders/{id}/refunds',
    tags: ['bos'],
    summary: 'Refunds part of an order paid online: lines (quantities) or an amount in paise, with a reason; optionally the goods back to stock',
    description: 'Never more than the payment less what is refunded already (409 with refundable_paise), nor more of a line than it holds less what was refunded of it (422).',
    request: { params: IdParam, ...jsonBody(BosRefundBody) },
    responses: { 201: jsonAnswer(BosRefund, 'The refund, sent to the provider'), ...errorResponses([400, 401, 403, 404, 409, 422]) },
  }),
  async (c) => {
    const staff = staffOf(c);
    const id = await refundPart(c.var.deps, c.var.payments.get, staff, c.req.valid('param').id, c.req.valid('json'));
    return c.json(await staffRefund(c.var.deps.db.kysely, staff, id), 201);
  },
);
