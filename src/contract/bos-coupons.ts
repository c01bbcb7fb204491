import { z } from 'zod';
import { Flag, Id, pagingQuery } from './common';
import { Text } from './rules';

/**
 * The back office's coupons (docs/back-office-coupons.md), permission coupon:manage: the list, one coupon with its
 * usage and its orders, making and changing one, switching it off or on, and deleting one no order used (the
 * categories and brands a coupon may be kept to come with the page's init). Money is integer paise; moments are ISO 8601 (stored in UTC as the shop stores them,
 * shown and typed in India's time on the screen).
 *
 * The rules are the shop's own (src/server/services/coupons.ts judges a cart by them): flat or a percentage with an
 * optional cap, a minimum cart, a validity window, uses in all, uses per customer, first order only, one category
 * (with everything below it) or one brand. Every message is worded for the form that shows it beside its field.
 */

/** A coupon's code as the shop applies it: upper case (the cart upper-cases what a shopper types). */
const COUPON_CODE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const COUPON_CODE_MIN = 3;
const COUPON_CODE_MAX = 40;
const COUPON_CODE_WORDS = 'Code may have only letters, digits and single hyphens between them (like DIWALI-100)';
const COUPON_CODE_LENGTH_WORDS = `Code must be ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} characters`;

/** Bounds, in paise and counts. */
const COUPON_LIMITS = {
  flatMinPaise: 100,
  flatMaxPaise: 10_000_000,
  capMinPaise: 100,
  capMaxPaise: 10_000_000,
  minCartMaxPaise: 100_000_000,
  usesMax: 10_000_000,
  perCustomerMax: 1000,
  descriptionMax: 200,
} as const;

/** The words of each rule, shared by the API and the form. */
const COUPON_WORDS = {
  flat: 'The discount must be from ₹1 to ₹1,00,000',
  percent: 'The percentage must be a whole number from 1 to 100',
  cap: 'The cap must be from ₹1 to ₹1,00,000',
  capOnlyPercent: 'A cap is only for a percentage off',
  minCart: 'The minimum cart must be from ₹0 to ₹10,00,000',
  moment: 'Enter a date and time',
  endAfterStart: 'The end must be after the start',
  uses: 'Uses in all must be a whole number from 1',
  perCustomer: 'Uses per customer must be a whole number from 1 to 1,000',
  perCustomerOverUses: 'Uses per customer cannot be more than uses in all',
  categoryOrBrand: 'Keep it to a category or a brand, not both',
} as const;

/** Where a coupon stands now: switched off, past its end, every use taken, before its start, or usable. */
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'off'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The one thing wrong with a code (upper-cased already), or null: its length, then its characters. */
function couponCodeProblem(code: string): string | null {
  if (code.length < COUPON_CODE_MIN || code.length > COUPON_CODE_MAX) return COUPON_CODE_LENGTH_WORDS;
  return COUPON_CODE.test(code) ? null : COUPON_CODE_WORDS;
}

const CouponCode = Text('Code', { required: true, max: COUPON_CODE_MAX })
  .toUpperCase()
  .superRefine((code, ctx) => {
    const problem = code === '' || code.length > COUPON_CODE_MAX ? null : couponCodeProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A coupon's code in a path: any case (the shop upper-cases it). */
export const BosCouponCodeParam = z.object({ code: Text('Code', { required: true, max: COUPON_CODE_MAX, trim: false }).toUpperCase() });

/** A moment as ISO 8601 with its offset (2026-12-01T09:00:00+05:30, or …Z), kept as the shop stores it: in UTC. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const Moment = (label: string) =>
  Text(label, { max: 40 })
    .refine((text) => ISO_MOMENT.test(text) && !Number.isNaN(Date.parse(text)), COUPON_WORDS.moment)
    .transform((text) => new Date(text).toISOString())
    .meta({ description: 'ISO 8601 with an offset; answered in UTC' });

const whole = (words: string) => z.number({ error: words }).int(words);

/**
 * POST /bos/coupons and PUT /bos/coupons/{code}: every rule of a coupon. `value` is paise for a flat coupon and a
 * whole percent (1–100) for a percentage; `max_discount_paise` caps a percentage only. A coupon some order used keeps
 * its code and its kind (409 otherwise); everything else may change, and holds from the next cart on.
 */
export const BosCouponBody = z
  .object({
    code: CouponCode,
    description: Text('Description', { max: COUPON_LIMITS.descriptionMax }).default(''),
    kind: z.enum(['flat', 'percent'], { error: 'Choose a flat amount or a percentage off' }),
    value: whole('Enter the discount').meta({ description: 'Paise for flat; a whole percent 1–100 for percent' }),
    max_discount_paise: whole(COUPON_WORDS.cap).nullable().default(null),
    min_cart_paise: whole(COUPON_WORDS.minCart).min(0, COUPON_WORDS.minCart).max(COUPON_LIMITS.minCartMaxPaise, COUPON_WORDS.minCart).default(0),
    starts_at: Moment('Start').nullable().default(null),
    ends_at: Moment('End').nullable().default(null),
    usage_limit: whole(COUPON_WORDS.uses).min(1, COUPON_WORDS.uses).max(COUPON_LIMITS.usesMax, COUPON_WORDS.uses).nullable().default(null),
    per_user_limit: whole(COUPON_WORDS.perCustomer).min(1, COUPON_WORDS.perCustomer).max(COUPON_LIMITS.perCustomerMax, COUPON_WORDS.perCustomer).nullable().default(null),
    first_order_only: z.boolean({ error: 'First order only must be yes or no' }).default(false),
    category_id: Id.nullable().default(null),
    brand_id: Id.nullable().default(null),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.kind === 'percent' && (body.value < 1 || body.value > 100)) issue('value', COUPON_WORDS.percent);
    if (body.kind === 'flat' && (body.value < COUPON_LIMITS.flatMinPaise || body.value > COUPON_LIMITS.flatMaxPaise)) issue('value', COUPON_WORDS.flat);
    if (body.max_discount_paise !== null) {
      if (body.kind !== 'percent') issue('max_discount_paise', COUPON_WORDS.capOnlyPercent);
      else if (body.max_discount_paise < COUPON_LIMITS.capMinPaise || body.max_discount_paise > COUPON_LIMITS.capMaxPaise) issue('max_discount_paise', COUPON_WORDS.cap);
    }
    if (body.starts_at && body.ends_at && body.ends_at <= body.starts_at) issue('ends_at', COUPON_WORDS.endAfterStart);
    if (body.usage_limit !== null && body.per_user_limit !== null && body.per_user_limit > body.usage_limit) issue('per_user_limit', COUPON_WORDS.perCustomerOverUses);
    if (body.category_id !== null && body.brand_id !== null) issue('brand_id', COUPON_WORDS.categoryOrBrand);
  })
  .meta({ id: 'BosCouponBody' });
export type BosCouponBody = z.output<typeof BosCouponBody>;
export type BosCouponInput = z.input<typeof BosCouponBody>;

/** POST /bos/coupons/{code}/active: switch a coupon off (the cart refuses it at once) or on again. */
export const BosCouponActiveBody = z.object({ active: Flag('On') }).meta({ id: 'BosCouponActiveBody' });

export const BosCouponQuery = z
  .object({
    ...pagingQuery(20),
    q: Text('Search', { max: COUPON_CODE_MAX }).optional(),
    status: z.enum(COUPON_STATUSES, { error: 'Status must be active, scheduled, expired, used_up or off' }).optional(),
  })
  .meta({ id: 'BosCouponQuery' });
export type BosCouponQuery = z.infer<typeof BosCouponQuery>;

const Named = z.object({ id: z.number().int(), name: z.string() });

/** A coupon with its rules, where it stands now and its uses so far. */
export const BosCoupon = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    kind: z.enum(['flat', 'percent']),
    value: z.number().int(),
    max_discount_paise: z.number().int().nullable(),
    min_cart_paise: z.number().int(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    per_user_limit: z.number().int().nullable(),
    first_order_only: z.boolean(),
    category: Named.nullable().meta({ description: 'The category it is kept to (with every category below it)' }),
    brand: Named.nullable(),
    active: z.boolean().meta({ description: 'false once switched off' }),
    status: z.enum(COUPON_STATUSES),
    uses: z.number().int().meta({ description: 'Orders holding it (not cancelled or failed): what its limits count' }),
    uses_left: z.number().int().nullable().meta({ description: 'Uses in all less uses; null when it has no limit' }),
    discount_given_paise: z.number().int().meta({ description: 'The discount of the orders holding it' }),
    used: z.boolean().meta({ description: 'Some order (any status) names it: its code and kind can no longer change, and it cannot be deleted' }),
  })
  .meta({ id: 'BosCoupon' });
export type BosCoupon = z.infer<typeof BosCoupon>;

export const BosCouponList = z
  .object({
    data: z.array(BosCoupon),
    meta: z.object({
      total: z.number().int(),
      counts: z.record(z.enum([...COUPON_STATUSES, 'all']), z.number().int()).meta({ description: 'How many coupons each status holds, with the same search' }),
    }),
  })
  .meta({ id: 'BosCouponList' });
export type BosCouponList = z.infer<typeof BosCouponList>;

/** GET /bos/coupons/{code}: the coupon, how many customers used it, and what may no longer change. */
export const BosCouponDetail = BosCoupon.extend({
  customers: z.number().int().meta({ description: 'Customers with an order holding it' }),
  orders_total: z.number().int().meta({ description: 'Orders that name it, whatever their status' }),
  locked: z.array(z.enum(['code', 'kind'])).meta({ description: 'What may no longer change: its code and kind once an order used it' }),
}).meta({ id: 'BosCouponDetail' });
export type BosCouponDetail = z.infer<typeof BosCouponDetail>;

export const BosCouponOrdersQuery = z.object({ ...pagingQuery(10) }).meta({ id: 'BosCouponOrdersQuery' });
export type BosCouponOrdersQuery = z.infer<typeof BosCouponOrdersQuery>;

/** GET /bos/coupons/{code}/orders: the orders that used it, newest first, on every website (a coupon is the shop's). */
export const BosCouponOrders = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        ordernumber: z.string(),
        created_at: z.string(),
        status: z.string(),
        customer: z.string(),
        discount_paise: z.number().int(),
        total_paise: z.number().int(),
        counts: z.boolean().meta({ description: 'It holds the coupon (not cancelled or failed): one of its uses' }),
        website: z.string(),
        here: z.boolean().meta({ description: "On the staff member's website (its page opens in the back office)" }),
      }),
    ),
    meta: z.object({ total: z.number().int() }),
  })
  .meta({ id: 'BosCouponOrders' });
export type BosCouponOrders = z.infer<typeof BosCouponOrders>;
