import { createRoute } from '@hono/zod-openapi';
import { IdParam, Message } from '../../contract';
import { FormResponseDeleteBody, FormResponseExportQuery, FormResponseList, FormResponseQuery, FormResponsesCsv } from '../../contract/page-builder';
import { plural } from '../../contract/plural';
import { ApiError } from '../http/errors';
import { requirePermission, staffOf } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { csvFilename } from '../services/form-csv';
import { deleteFormResponses, exportFormResponses, formResponses } from '../services/form-responses';

/**
 * The answers to the pages' forms (docs/page-builder.md#form-responses): website_setting:view reads and exports
 * them, website_setting:edit deletes them. Always the answers of the website the staff member is on.
 */
export const formResponseRoutes = router();
const reads = requirePermission('website_setting:view');
const edits = requirePermission('website_setting:edit');
formResponseRoutes.use('/forms/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? reads(c, next) : edits(c, next)));

formResponseRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/forms/responses',
    tags: ['pages'],
    summary: "The website's form answers, newest first (50 a page), of one form or all, searched in the answers' text; and every form with its count",
    request: { query: FormResponseQuery },
    responses: { 200: jsonAnswer(FormResponseList, 'Answers'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await formResponses(c.var.deps.db, c.var.website.id, c.req.valid('query')), 200);
  },
);

formResponseRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/forms/responses/export.csv',
    tags: ['pages'],
    summary: "One form's answers as CSV (a download): the time in IST, then a column per field by its label; streamed, so any number of answers",
    request: { query: FormResponseExportQuery },
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: FormResponsesCsv } } }, ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const { formtype } = c.req.valid('query');
    const body = await exportFormResponses(c.var.deps.db, c.var.website.id, formtype);
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFilename(formtype)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  },
);

const deleted = (n: number) => ({ message: `Deleted ${plural(n, 'answer', 'answers')}` });

formResponseRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/forms/responses/{id}',
    tags: ['pages'],
    summary: 'Deletes one answer of this website (kept in the staff audit as who deleted which form\'s answer, and when)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Message, 'Deleted'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const n = await deleteFormResponses(c.var.deps.db.kysely, staffOf(c), [c.req.valid('param').id]);
    if (n === 0) throw new ApiError(404, 'No such answer on this website: it may have been deleted already');
    return c.json(deleted(n), 200);
  },
);

formResponseRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/forms/responses/delete',
    tags: ['pages'],
    summary: 'Deletes several answers of this website by id (up to 100); ids of other websites or already deleted are left out',
    request: jsonBody(FormResponseDeleteBody),
    responses: { 200: jsonAnswer(Message, 'How many were deleted'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => c.json(deleted(await deleteFormResponses(c.var.deps.db.kysely, staffOf(c), c.req.valid('json').ids)), 200),
);
