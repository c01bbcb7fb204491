import { z } from 'zod';
import { Text } from './rules';

/** POST /api/apply/coupon; the answer is the cart (truthy, so the storefront reloads it). */
export const ApplyCouponBody = z
  .object({ code: Text('Coupon code', { required: true, max: 40 }).toUpperCase() })
  .meta({ id: 'ApplyCouponBody' });
export type ApplyCouponBody = z.infer<typeof ApplyCouponBody>;
