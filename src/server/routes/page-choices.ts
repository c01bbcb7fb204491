import { createRoute } from '@hono/zod-openapi';
import { SupplierChoiceList, SupplierChoiceQuery } from '../../contract/page-builder';
import { requirePermission } from '../http/guards';
import { errorResponses, router } from '../http/router';

/**
 * What the page builder's pickers choose from that no other call lists (docs/page-builder.md#editor): the suppliers
 * a supplier carousel names by slug. Products, categories and brands come from the shop's own calls.
 */
export const pageChoiceRoutes = router();
pageChoiceRoutes.use('/pages/choices/*', requirePermission('website_setting:view'));

/** A shop has tens of suppliers; the picker is given at most this many. */
const MOST = 50;
/** Read at most this many to search them: the table is the catalogue's own, small, and bounded here anyway. */
const READ_AT_MOST = 2000;

pageChoiceRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pages/choices/suppliers',
    tags: ['pages'],
    summary: 'Suppliers by name, for a supplier carousel (at most 50; every one without q)',
    request: { query: SupplierChoiceQuery },
    responses: { 200: { description: 'The suppliers found, by name', content: { 'application/json': { schema: SupplierChoiceList } } }, ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const words = (c.req.valid('query').q ?? '').trim().toLocaleLowerCase('en-IN').split(/\s+/).filter(Boolean);
    const rows = await c.var.deps.db.kysely.selectFrom('suppliers').select(['name', 'slug', 'image']).orderBy('name').orderBy('id').limit(READ_AT_MOST).execute();
    const found = rows.filter((row) => {
      const text = `${row.name} ${row.slug}`.toLocaleLowerCase('en-IN');
      return words.every((word) => text.includes(word));
    });
    return c.json({ data: found.slice(0, MOST) }, 200);
  },
);
