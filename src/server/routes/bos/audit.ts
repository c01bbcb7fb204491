import { createRoute } from '@hono/zod-openapi';
import { BosAuditCsv, BosAuditExportQuery, BosAuditFilters, BosAuditList, BosAuditQuery } from '../../../contract/bos-people';
import { requirePeopleStaff } from '../../http/guards';
import { errorResponses, jsonAnswer, router } from '../../http/router';
import { auditCsvFilename, auditFilters, auditList, exportAudit } from '../../services/audit-log';

/**
 * The audit log (docs/back-office-people.md#the-audit-log): every staff change on this website, with who, when,
 * what and before → after; filtered, paged, and exported as CSV. Permission people:manage.
 */
export const bosAuditRoutes = router();
for (const path of ['/bos/audit', '/bos/audit/*']) bosAuditRoutes.use(path, requirePeopleStaff);

bosAuditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/audit',
    tags: ['bos'],
    summary: "The website's staff changes, newest first, by who, kind of subject (and one subject), action and India's dates (both included)",
    request: { query: BosAuditQuery },
    responses: { 200: jsonAnswer(BosAuditList, 'Audit rows'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await auditList(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

bosAuditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/audit/filters',
    tags: ['bos'],
    summary: "What the audit log's filters offer: the people, kinds of subject and actions in this website's log",
    responses: { 200: jsonAnswer(BosAuditFilters, 'Choices'), ...errorResponses([401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await auditFilters(c.var.deps.db.kysely, c.var.website.id), 200);
  },
);

bosAuditRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/audit/export.csv',
    tags: ['bos'],
    summary: 'The same rows as CSV (a download, newest first, at most 10,000): time in IST, who, action, subject, the change in words, reason, and both sides as JSON',
    request: { query: BosAuditExportQuery },
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: BosAuditCsv } } }, ...errorResponses([400, 401, 403]) },
  }),
  async (c) =>
    c.body(exportAudit(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${auditCsvFilename()}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    }),
);
