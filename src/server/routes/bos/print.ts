import { createRoute } from '@hono/zod-openapi';
import { BosPackingSlipQuery, BosPackingSlips, BosPickList, BosPickListQuery } from '../../../contract/bos-print';
import { MAX_SLIPS } from '../../../contract/order-constants';
import { requireOrderStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, router } from '../../http/router';
import { packingSlips, pickList } from '../../orders/print';

/**
 * What the back office prints (docs/back-office.md#pick-list-and-packing-slips): administrators with order:view
 * or order:manage read them. Everyone else: 401 signed out, 403 signed in.
 */
export const bosPrintRoutes = router();
for (const path of ['/bos/pick-list', '/bos/packing-slips']) bosPrintRoutes.use(path, requireOrderStaff);

bosPrintRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/pick-list',
    tags: ['bos'],
    summary: 'The pick list of a delivery date (and window, warehouse): every pack the confirmed orders hold, with its total, by category then name',
    description: 'Only confirmed orders (placed ones wait to be confirmed; packed ones are picked). Quantities are less what was refunded of each line.',
    request: { query: BosPickListQuery },
    responses: { 200: jsonAnswer(BosPickList, 'The packs to pick and the orders they are for'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await pickList(c.var.deps.db.kysely, staffOf(c), c.req.valid('query')), 200);
  },
);

bosPrintRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/packing-slips',
    tags: ['bos'],
    summary: `Packing slips, one an order: by ids (at most ${MAX_SLIPS}), or the confirmed orders of a delivery date (and window, warehouse)`,
    description: `Each with the shopper, the address, the delivery windows, the lines still to deliver, the shopper's note and what to collect at the door. At most ${MAX_SLIPS} slips; meta.total says how many matched.`,
    request: { query: BosPackingSlipQuery },
    responses: { 200: jsonAnswer(BosPackingSlips, 'The slips'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await packingSlips(c.var.deps.db.kysely, staffOf(c), c.req.valid('query')), 200);
  },
);
