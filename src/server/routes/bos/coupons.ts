import { createRoute } from '@hono/zod-openapi';
import { Message } from '../../../contract';
import { BosCouponActiveBody, BosCouponBody, BosCouponCodeParam, BosCouponDetail, BosCouponList, BosCouponOrders, BosCouponOrdersQuery, BosCouponQuery } from '../../../contract/bos-coupons';
import { requireCouponStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { couponDetail, couponOrders, createCoupon, deleteCoupon, listCoupons, switchCoupon, updateCoupon } from '../../services/bos-coupons';

/** The shop's coupons (docs/back-office-coupons.md): permission coupon:manage for every call. */
export const bosCouponRoutes = router();
for (const path of ['/bos/coupons', '/bos/coupons/*']) bosCouponRoutes.use(path, requireCouponStaff);

bosCouponRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/coupons',
    tags: ['bos'],
    summary: 'The coupons, newest first: a search (code or description), a status, a page; and how many each status holds',
    request: { query: BosCouponQuery },
    responses: { 200: jsonAnswer(BosCouponList, 'Coupons'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listCoupons(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);

bosCouponRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/coupons',
    tags: ['bos'],
    summary: 'Makes a coupon (switched on); its code must be free (409) and its end ahead (422)',
    request: jsonBody(BosCouponBody),
    responses: { 201: jsonAnswer(BosCouponDetail, 'The coupon made'), ...errorResponses([400, 401, 403, 409, 422]) },
  }),
  async (c) => {
    const db = c.var.deps.db.kysely;
    const code = await createCoupon(db, staffOf(c), c.req.valid('json'));
    return c.json(await couponDetail(db, code), 201);
  },
);

bosCouponRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/coupons/{code}',
    tags: ['bos'],
    summary: 'One coupon with where it stands, its uses, customers and discount given, and what may no longer change',
    request: { params: BosCouponCodeParam },
    responses: { 200: jsonAnswer(BosCouponDetail, 'The coupon'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await couponDetail(c.var.deps.db.kysely, c.req.valid('param').code), 200);
  },
);

bosCouponRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/coupons/{code}',
    tags: ['bos'],
    summary: "Changes a coupon's rules, live from the next cart; once an order used it, its code and kind stay (409)",
    request: { params: BosCouponCodeParam, ...jsonBody(BosCouponBody) },
    responses: { 200: jsonAnswer(BosCouponDetail, 'The coupon as it is now'), ...errorResponses([400, 401, 403, 404, 409, 422]) },
  }),
  async (c) => {
    const db = c.var.deps.db.kysely;
    const code = await updateCoupon(db, c.var.deps.db.dialect, staffOf(c), c.req.valid('param').code, c.req.valid('json'));
    return c.json(await couponDetail(db, code), 200);
  },
);

bosCouponRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/coupons/{code}/active',
    tags: ['bos'],
    summary: 'Switches a coupon off (carts refuse it from the next request on) or on again',
    request: { params: BosCouponCodeParam, ...jsonBody(BosCouponActiveBody) },
    responses: { 200: jsonAnswer(BosCouponDetail, 'The coupon as it is now'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const db = c.var.deps.db.kysely;
    const { code } = c.req.valid('param');
    await switchCoupon(db, c.var.deps.db.dialect, staffOf(c), code, c.req.valid('json').active);
    return c.json(await couponDetail(db, code), 200);
  },
);

bosCouponRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/coupons/{code}',
    tags: ['bos'],
    summary: 'Deletes a coupon no order used (409 otherwise: switch it off instead)',
    request: { params: BosCouponCodeParam },
    responses: { 200: jsonAnswer(Message, 'Deleted'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => {
    const code = await deleteCoupon(c.var.deps.db.kysely, c.var.deps.db.dialect, staffOf(c), c.req.valid('param').code);
    return c.json({ message: `Coupon ${code} deleted` }, 200);
  },
);

bosCouponRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/coupons/{code}/orders',
    tags: ['bos'],
    summary: 'The orders that used a coupon, newest first, on every website (whether each still counts as a use)',
    request: { params: BosCouponCodeParam, query: BosCouponOrdersQuery },
    responses: { 200: jsonAnswer(BosCouponOrders, 'Orders'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await couponOrders(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').code, c.req.valid('query')), 200);
  },
);
