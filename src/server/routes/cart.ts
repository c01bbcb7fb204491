import { createRoute } from '@hono/zod-openapi';
import { ApplyCouponBody, Cart, CartAddBody, CartQuery, CartRemoveBody, Deliveries, PincodeCheck, PincodeParam, PincodeQuery } from '../../contract';
import { ensureSession, guardStateChangingGet } from '../http/session';
import { errorResponses, jsonBody, router } from '../http/router';
import { ApiError, refusal, requestSay } from '../http/errors';
import { viewOptions } from '../http/request-context';
import { addressOf } from '../services/addresses';
import { shopperOf } from '../http/shopper';
import { addToCart, applyCoupon, removeCoupon, removeFromCart, viewCart, type ViewOptions } from '../services/cart';
import { checkPincode, deliveriesFor } from '../services/delivery';

export const cartRoutes = router();
cartRoutes.use('/remove/coupon', guardStateChangingGet);
cartRoutes.use('/check/pincode/*', guardStateChangingGet);
const cartAnswer = { description: 'The whole cart', content: { 'application/json': { schema: Cart } } };

cartRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/cart',
    tags: ['cart'],
    summary: "The session's cart at today's prices",
    request: { query: CartQuery },
    responses: { 200: cartAnswer, ...errorResponses([400, 401, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const query = c.req.valid('query');
    const owner = { websiteId: c.var.website.id, session: c.var.session };
    const view: ViewOptions = { ...viewOptions(c), shippingInfo: shippingInfo(query.cart_shipping_info) };
    if (query.address_id !== undefined) {
      // Priced for the chosen address: its pincode decides delivery, charges and the payment methods.
      if (!c.var.user) throw new ApiError(401, refusal('refusals.loginToContinue'));
      view.pincode = (await addressOf(c.var.deps.db.kysely, shopperOf(c), query.address_id)).pincode;
    }
    return c.json(await viewCart(c.var.deps.db.kysely, owner, view), 200);
  },
);

/** cart_shipping_info arrives as encoded JSON; anything but an object is dropped rather than echoed. */
function shippingInfo(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

cartRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/check/pincode/{pincode}',
    tags: ['cart'],
    summary: 'Checks delivery to a pincode and, when delivered, makes it the session’s; with choose=false only looks it up',
    description:
      'Answers the pincode’s city and state too. With choose=false (the address form filling city and state) any pincode the shop knows answers 200 ' +
      '(serviceable false when it is not delivered) and the session keeps its pincode.',
    request: { params: PincodeParam, query: PincodeQuery },
    responses: {
      200: { description: 'Delivered', content: { 'application/json': { schema: PincodeCheck } } },
      ...errorResponses([400, 404, 422]),
    },
  }),
  async (c) => {
    const session = await ensureSession(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await checkPincode(c.var.deps.db.kysely, session, c.req.valid('param').pincode, c.req.valid('query').choose !== 'false', requestSay(c)), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/deliveries',
    tags: ['cart'],
    summary: 'When the goods of each warehouse reach the session’s pincode; none without a pincode',
    description: 'What each card and product page promises a shopper who chose a pincode, by the cart’s rules (the pack’s warehouse must serve the pincode’s zone; dates are India’s).',
    responses: { 200: { description: 'Delivery by warehouse', content: { 'application/json': { schema: Deliveries } } } },
  }),
  async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deliveriesFor(c.var.deps.db.kysely, c.var.session?.pincode), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/apply/coupon',
    tags: ['cart'],
    summary: 'Applies a coupon to the cart, or says why it cannot apply',
    request: jsonBody(ApplyCouponBody),
    responses: { 200: cartAnswer, ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => {
    const session = await ensureSession(c);
    return c.json(await applyCoupon(c.var.deps.db.kysely, { websiteId: c.var.website.id, session }, c.var.user, c.req.valid('json').code, viewOptions(c)), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/remove/coupon',
    tags: ['cart'],
    summary: 'Takes the coupon off the cart',
    responses: { 200: cartAnswer },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await removeCoupon(c.var.deps.db.kysely, { websiteId: c.var.website.id, session: c.var.session }, viewOptions(c)), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/cart/add',
    tags: ['cart'],
    summary: 'Adds one of a pack, or sets its quantity',
    request: jsonBody(CartAddBody),
    responses: { 200: cartAnswer, ...errorResponses([400, 403, 404]) },
  }),
  async (c) => {
    const session = await ensureSession(c);
    return c.json(await addToCart(c.var.deps.db.kysely, { websiteId: c.var.website.id, session }, c.req.valid('json'), viewOptions(c)), 200);
  },
);

cartRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/cart/remove',
    tags: ['cart'],
    summary: 'Takes one of a pack out, or the whole line with remove',
    request: jsonBody(CartRemoveBody),
    responses: { 200: cartAnswer, ...errorResponses([400, 403, 404]) },
  }),
  async (c) =>
    c.json(await removeFromCart(c.var.deps.db.kysely, { websiteId: c.var.website.id, session: c.var.session }, c.req.valid('json'), viewOptions(c)), 200),
);
