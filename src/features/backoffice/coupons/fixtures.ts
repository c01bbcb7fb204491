/** Coupons and pages of them as the API answers them, for the coupons screens' tests. */
import type { BosCoupon, BosCouponDetail, BosCouponList } from '../../../contract/bos-coupons';

export const coupon = (id: number, change: Partial<BosCouponDetail> = {}): BosCouponDetail => ({
  id,
  code: `CODE${id}`,
  description: '',
  kind: 'percent',
  value: 10,
  max_discount_paise: 10_000,
  min_cart_paise: 49_900,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_user_limit: null,
  first_order_only: false,
  category: null,
  brand: null,
  active: true,
  status: 'active',
  uses: 0,
  uses_left: null,
  discount_given_paise: 0,
  used: false,
  customers: 0,
  orders_total: 0,
  locked: [],
  ...change,
});

export const list = (coupons: BosCoupon[], total = coupons.length): BosCouponList => ({
  data: coupons,
  meta: { total, counts: { all: total, active: total, scheduled: 0, expired: 0, used_up: 0, off: 0 } },
});
