import { createRoute } from '@hono/zod-openapi';
import { Cart, CartAddBody, CartQuery, CartRemoveBody } from '../../contract';
import { ensureSession } from '../http/session';
import { errorResponses, router } from '../http/router';
import { addToCart, removeFromCart, viewCart } from '../services/cart';

export const cartRoutes = router();
const cartAnswer = { description: 'The whole cart', content: { 'application/json': { schema: Cart } } };

cartRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/cart',
    tags: ['cart'],
    summary: "The session's cart at today's prices",
    request: { query: CartQuery },
    responses: { 200: cartAnswer, ...errorResponses([400]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await viewCart(c.var.deps.db.kysely, { websiteId: c.var.website.id, session: c.var.session }), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/cart/add',
    tags: ['cart'],
    summary: 'Adds one of a pack, or sets its quantity',
    request: { body: { content: { 'application/json': { schema: CartAddBody } }, required: true } },
    responses: { 200: cartAnswer, ...errorResponses([400, 403, 404]) },
  }),
  async (c) => {
    const session = await ensureSession(c);
    return c.json(await addToCart(c.var.deps.db.kysely, { websiteId: c.var.website.id, session }, c.req.valid('json')), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/cart/remove',
    tags: ['cart'],
    summary: 'Takes one of a pack out, or the whole line with remove',
    request: { body: { content: { 'application/json': { schema: CartRemoveBody } }, required: true } },
    responses: { 200: cartAnswer, ...errorResponses([400, 403, 404]) },
  }),
  async (c) =>
    c.json(await removeFromCart(c.var.deps.db.kysely, { websiteId: c.var.website.id, session: c.var.session }, c.req.valid('json')), 200),
);
