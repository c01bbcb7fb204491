import { sql, type Kysely, type Selectable } from 'kysely';
import { formatRupees, toRupees } from '../../lib/money';
import type { Dialect } from '../db';
import type { CouponTable, Database } from '../db/schema';
import { descendantsOf } from './category-tree';
import { HOLDING_STATUSES } from '../orders/status';
import { refusal, type Refusal } from '../http/errors';

type DB = Kysely<Database>;
export type CouponRow = Selectable<CouponTable>;

export const couponByCode = (db: DB, code: string) =>
  db.selectFrom('coupons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();

/** The lines a coupon may discount: its category (and everything below it) or its brand, else all. */
export async function couponCovers(db: DB, coupon: CouponRow): Promise<(line: { category_id: number; brand_id: number }) => boolean> {
  if (coupon.brand_id !== null) return (line) => line.brand_id === coupon.brand_id;
  if (coupon.category_id === null) return () => true;
  const covered = descendantsOf(await db.selectFrom('categories').select(['id', 'parent_id']).execute(), [coupon.category_id]);
  return (line) => covered.has(line.category_id);
}

/** Why a coupon cannot apply to this cart now (switched off, its window, the cart), in words a shopper understands; null when it can. */
export async function couponProblem(db: DB, coupon: CouponRow, cart: { amountPaise: number; eligiblePaise: number }, now = new Date()): Promise<Refusal | null> {
  if (coupon.is_active === 0) return refusal('refusals.couponOff');
  if (coupon.starts_at && coupon.starts_at > now.toISOString()) return refusal('refusals.couponNotYet');
  if (coupon.ends_at && coupon.ends_at <= now.toISOString()) return refusal('refusals.couponExpired');
  if (cart.amountPaise === 0) return refusal('refusals.couponEmptyCart');
  if (cart.amountPaise < coupon.min_cart_paise) return refusal('refusals.couponMinimum', { amount: formatRupees(toRupees(coupon.min_cart_paise)).replace(/\.00$/, '') });
  if (cart.eligiblePaise === 0) {
    const restriction = coupon.brand_id !== null
      ? await db.selectFrom('brands').select('name').where('id', '=', coupon.brand_id).executeTakeFirst()
      : coupon.category_id !== null
        ? await db.selectFrom('categories').select('name').where('id', '=', coupon.category_id).executeTakeFirst()
        : undefined;
    return restriction ? refusal('refusals.couponOnlyFor', { name: restriction.name }) : refusal('refusals.couponNotForCart');
  }
  return null;
}

/**
 * Why a coupon's uses rule it out for this shopper, judged by orders (never by carts holding the code): its
 * usage limit, once per customer (per_user_limit), first order only. Null when it may be used. A coupon is the
 * shop's, on every website: a customer's uses and orders count on all of them (docs/decisions/accounts-across-websites.md). An order takes
 * the coupon's row lock first (lockCoupon), so two orders racing for its last use cannot both win.
 */
export async function couponUseProblem(db: DB, coupon: CouponRow, userId: number | null): Promise<Refusal | null> {
  const counted = () => db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', 'in', HOLDING_STATUSES);
  if (coupon.usage_limit !== null && Number((await counted().where('coupon_id', '=', coupon.id).executeTakeFirstOrThrow()).n) >= coupon.usage_limit) {
    return refusal('refusals.couponUsedUp');
  }
  if (userId === null) return null;
  if (coupon.per_user_limit !== null) {
    const used = Number((await counted().where('coupon_id', '=', coupon.id).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
    if (used >= coupon.per_user_limit) return coupon.per_user_limit === 1 ? refusal('refusals.couponUsed') : refusal('refusals.couponTimes', { count: coupon.per_user_limit });
  }
  if (coupon.first_order_only === 1 && Number((await counted().where('user_id', '=', userId).executeTakeFirstOrThrow()).n) > 0) {
    return refusal('refusals.couponFirstOrder');
  }
  return null;
}

/** Whether a coupon needs a signed-in shopper (its limits are per customer). */
export const couponNeedsUser = (coupon: CouponRow) => coupon.first_order_only === 1 || coupon.per_user_limit !== null;

/** Locks a coupon's row until the transaction ends (PostgreSQL; SQLite runs write transactions one at a time). */
export async function lockCoupon(db: DB, dialect: Dialect, couponId: number) {
  if (dialect === 'postgres') await sql`select id from coupons where id = ${couponId} for update`.execute(db);
}

/** Puts a coupon code on a cart, or takes it off (null). */
export async function holdCoupon(db: DB, cartId: number, code: string | null) {
  await db.updateTable('carts').set({ offercode: code, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
}
