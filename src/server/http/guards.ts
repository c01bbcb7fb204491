import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError, refusal } from './errors';

/** The sign-in refusal, in the shopper's language; the staff-only ones below stay English. */
const LOG_IN = refusal('refusals.loginToContinue');

/** The API enforces the same rules as the pages: no call is reachable by skipping the browser. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new ApiError(401, LOG_IN);
  await next();
};

export const requireSuperadmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new ApiError(401, LOG_IN);
  if (c.var.user.is_superadmin !== 1) throw new ApiError(403, 'This is for super administrators only');
  await next();
};

/** Administrators (has_admin_access; a super administrator has it too): a signed-in shopper or agent gets 403. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new ApiError(401, LOG_IN);
  if (c.var.user.has_admin_access !== 1 && c.var.user.is_superadmin !== 1) throw new ApiError(403, 'This is for administrators only');
  await next();
};

/** Holders of a permission (docs/product.md#roles), such as website_setting:view for the page builder. */
export const requirePermission =
  (permission: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.var.user) throw new ApiError(401, LOG_IN);
    const permissions = JSON.parse(c.var.user.permissions_json) as string[];
    if (!permissions.includes(permission) && c.var.user.is_superadmin !== 1) throw new ApiError(403, 'You do not have permission to do this');
    await next();
  };

/** Holders of any of these permissions (a super administrator holds them all). */
export const requireAnyPermission =
  (...anyOf: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.var.user) throw new ApiError(401, LOG_IN);
    const permissions = JSON.parse(c.var.user.permissions_json) as string[];
    if (!anyOf.some((p) => permissions.includes(p)) && c.var.user.is_superadmin !== 1) throw new ApiError(403, 'You do not have permission to do this');
    await next();
  };

/** Sales agents only (route flag agent, docs/product.md#routes): a signed-in shopper gets 403. */
export const requireAgent: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new ApiError(401, LOG_IN);
  if (c.var.user.is_sales_agent !== 1) throw new ApiError(403, 'This is for sales agents only');
  await next();
};

/** Whether a user holds a permission: listed on them, or a super administrator (who holds them all). */
export function hasPermission(user: { is_superadmin: number; permissions_json: string }, permission: string): boolean {
  return user.is_superadmin === 1 || (JSON.parse(user.permissions_json) as string[]).includes(permission);
}

/**
 * The back office (docs/back-office.md): an administrator (has_admin_access, or a super administrator) who holds
 * one of these permissions. Signed out 401; anyone else 403, with nothing done.
 */
const requireStaff =
  (...anyOf: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.var.user;
    if (!user) throw new ApiError(401, LOG_IN);
    if ((user.has_admin_access !== 1 && user.is_superadmin !== 1) || !anyOf.some((p) => hasPermission(user, p))) throw new ApiError(403, 'You do not have permission to do this');
    await next();
  };

const readsOrders = requireStaff('order:view', 'order:manage');
const managesOrders = requireStaff('order:manage');

/** The back office's order and refund calls: a read needs order:view (or order:manage), any change order:manage. */
export const requireOrderStaff: MiddlewareHandler<AppEnv> = (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? readsOrders(c, next) : managesOrders(c, next));

/** The staff member a guarded call acts as, on the website their session shows. */
export const staffOf = (c: Context<AppEnv>) => ({ userId: c.var.user!.id, websiteId: c.var.website.id });

/** The back office's view of the point of sale's tills and their Z-reports (docs/pos.md). */
export const requireTillReportStaff = managesOrders;
/** The back office's shop-wide sales figures by channel. */
export const requireSalesFiguresStaff = managesOrders;
/** The back office's catalogue (products, stock, the CSV import, categories, brands, suppliers, warehouses, synonyms). */
export const requireCatalogueStaff = requireStaff('catalogue:manage');
/** The back office's coupons. */
export const requireCouponStaff = requireStaff('coupon:manage');
/** The back office's delivery zones. */
export const requireDeliveryStaff = requireStaff('delivery:manage');
/** The back office's people (users, roles, agents' customers) and the audit log. */
export const requirePeopleStaff = requireStaff('people:manage');
