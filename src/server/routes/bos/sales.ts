import { createRoute } from '@hono/zod-openapi';
import { BosSalesFigures, BosSalesQuery } from '../../../contract/bos-sales';
import { requireSalesFiguresStaff } from '../../http/guards';
import { errorResponses, jsonAnswer, router } from '../../http/router';
import { salesFigures } from '../../services/sales-figures';

/** The shop's sales figures by channel (docs/back-office.md#sales-figures): staff with order:manage. */
export const bosSalesRoutes = router();
bosSalesRoutes.use('/bos/sales', requireSalesFiguresStaff);

bosSalesRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/sales',
    tags: ['bos'],
    summary: "The day's, 7 days' and 30 days' sales by channel (web, agent, pos), in India's days, and each day of the 30",
    description: 'Orders placed up to delivered (never cancelled, nor waiting for or failed payment), their totals, and the refunds paid back in the period.',
    request: { query: BosSalesQuery },
    responses: { 200: jsonAnswer(BosSalesFigures, 'Figures'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await salesFigures(c.var.deps.db.kysely, c.var.deps.db.dialect, c.var.website.id, c.req.valid('query')), 200);
  },
);
