import type { FieldRule } from '../lib/validation';

/**
 * The contract's plain constants, in a module without zod: browser code imports them from here, so an island
 * never pulls a schema (and zod with it) into its bundle. The schema modules re-export them.
 */

/** Names of the cookie and header of the anti-forgery check (spec section 7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The page origin every call carries (spec section 7, common rules). */
export const ORIGIN_HEADER = 'X-Origin';

/** The most of one pack a cart line may hold. */
export const MAX_LINE_QUANTITY = 50;

/** The header that makes POST /api/order/create safe to repeat: one key per checkout attempt. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
/** A user keeps at most this many addresses. */
export const MAX_ADDRESSES = 20;

/** The address form's rules (spec section 5): the checkout and account forms and the API use these. */
export const ADDRESS_RULES = {
  name: { label: 'Name', required: true },
  phone: { label: 'Phone', required: true, pattern: 'phone' },
  pincode: { label: 'Pincode', required: true, pattern: 'pincode' },
  line1: { label: 'Address line 1', required: true },
  line2: { label: 'Address line 2' },
  landmark: { label: 'Landmark' },
  city: { label: 'City', required: true },
  state: { label: 'State', required: true },
} as const satisfies Record<string, FieldRule>;

