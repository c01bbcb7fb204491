import type { BosCouponInput, BosCouponOrdersQuery, BosCouponQuery } from '../../contract/bos-coupons';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/** The back office's coupon calls (docs/back-office-coupons.md), a client of their own so no other page carries them. */
export function createBosCouponsApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  const at = (code: string) => `/bos/coupons/${encodeURIComponent(code)}`;
  return {
    /** A page of coupons (search, status), newest first, with each status' count. */
    bosCoupons: (query: Partial<BosCouponQuery> = {}) => call('BosCouponList', `/bos/coupons${queryString(query)}`),
    /** One coupon with its uses and what may no longer change (404 when no coupon has the code). */
    bosCoupon: (code: string) => call('BosCouponDetail', at(code)),
    /** Makes a coupon: 409 for a code taken, 400/422 with field errors for a rule broken. */
    bosCreateCoupon: (body: BosCouponInput) => call('BosCouponDetail', '/bos/coupons', post(body)),
    /** Changes a coupon's rules (409 when a used coupon's code or kind would change). */
    bosUpdateCoupon: (code: string, body: BosCouponInput) => call('BosCouponDetail', at(code), post(body, 'PUT')),
    /** Switches a coupon off or on again. */
    bosSwitchCoupon: (code: string, active: boolean) => call('BosCouponDetail', `${at(code)}/active`, post({ active })),
    /** Deletes a coupon no order used (409 otherwise). */
    bosDeleteCoupon: (code: string) => call('Message', at(code), { method: 'DELETE' }),
    /** The orders that used a coupon, newest first. */
    bosCouponOrders: (code: string, query: Partial<BosCouponOrdersQuery> = {}) => call('BosCouponOrders', `${at(code)}/orders${queryString(query)}`),
  };
}
export type BosCouponsApi = ReturnType<typeof createBosCouponsApi>;

/** The coupon calls for the back office's islands. */
export const bosCouponsApi = () => createBosCouponsApi(pageSend(), isJsonObject);
