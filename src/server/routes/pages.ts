import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { Message, PageData, WebuiCreateBody } from '../../contract';
import type { AppEnv } from '../env';
import { errorResponses, router } from '../http/router';
import { pageData, submitForm } from '../services/pages';

/** Content pages and their forms (spec section 7: GET /api/page/data{path}, POST /api/webui/create). */
export const pageRoutes = router();
const pageAnswer = { description: 'The page', content: { 'application/json': { schema: PageData } } };
const answer = async (c: Context<AppEnv>, url: string) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await pageData(c.var.deps.db, c.var.website.id, url, c.var.user?.id), 200);
};

pageRoutes.openapi(
  createRoute({ method: 'get', path: '/page/data', tags: ['pages'], summary: 'The home page', responses: { 200: pageAnswer, ...errorResponses([404]) } }),
  (c) => answer(c, '/'),
);

pageRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/page/data/{path}',
    tags: ['pages'],
    summary: 'The page at /{path}',
    request: { params: z.object({ path: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'No page at that path') }) },
    responses: { 200: pageAnswer, ...errorResponses([400, 404]) },
  }),
  (c) => answer(c, `/${c.req.valid('param').path}`),
);

pageRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/webui/create',
    tags: ['pages'],
    summary: "Sends a page's dynamic form",
    request: { body: { content: { 'application/json': { schema: WebuiCreateBody } }, required: true } },
    responses: { 200: { description: 'Received', content: { 'application/json': { schema: Message } } }, ...errorResponses([400, 403, 404]) },
  }),
  async (c) => c.json(await submitForm(c.var.deps.db.kysely, c.var.website.id, c.req.valid('json')), 200),
);
