import { createRoute } from '@hono/zod-openapi';
import { Init, Ok, PageGeneration } from '../../contract';
import { viewOptions } from '../http/request-context';
import { ensureSession, requestOrigin, setXsrfCookie } from '../http/session';
import { router } from '../http/router';
import { initData, pageGeneration } from '../services/site';

export const siteRoutes = router();

siteRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/init',
    tags: ['site'],
    summary: 'Website, settings, navigation, cart and user for the shell',
    responses: { 200: { description: 'Init data', content: { 'application/json': { schema: Init } } } },
  }),
  async (c) => {
    // The visitor's own cart and user: never kept by a shared cache, nor stored by the browser.
    c.header('Cache-Control', 'private, no-store');
    return c.json(await initData(c.var.deps.db, c.var.website, c.var.session, c.var.user, viewOptions(c), requestOrigin(c)), 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/cookie',
    tags: ['session'],
    summary: 'Sets the XSRF-TOKEN cookie (creating a session when there is none)',
    responses: { 200: { description: 'Cookie set', content: { 'application/json': { schema: Ok } } } },
  }),
  async (c) => {
    // A new session comes with its cookie; an existing one gets its token again (the cookie may be gone).
    if (c.var.session) setXsrfCookie(c, c.var.session);
    else await ensureSession(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true as const }, 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/page-generation',
    tags: ['site'],
    summary: 'The page generation: raised by every change a shared page shows (products, prices, stock, menus, pages); with a session, the visitor’s personal state',
    responses: { 200: { description: 'The generation', content: { 'application/json': { schema: PageGeneration } } } },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await pageGeneration(c.var.deps.db, { website: c.var.website, session: c.var.session, user: c.var.user }), 200);
  },
);
