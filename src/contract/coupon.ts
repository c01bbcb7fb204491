import { z } from 'zod';

/** POST /api/apply/coupon; the answer is the cart (truthy, so the storefront reloads it). */
export const ApplyCouponBody = z
  .object({ code: z.string().trim().min(1, 'Coupon code is required').max(40).toUpperCase() })
  .meta({ id: 'ApplyCouponBody' });
export type ApplyCouponBody = z.infer<typeof ApplyCouponBody>;
