import { sql, type Kysely, type Selectable } from 'kysely';
import { formatRupees, toRupees } from '../../lib/money';
import type { Dialect } from '../db';
import type { CouponTable, Database } from '../db/schema';
import type { UserRow } from '../env';
import { ApiError } from '../http/errors';
import { descendantsOf } from './catalogue';

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

/** Why a coupon cannot apply to this cart now, in words a shopper understands; null when it can. */
export async function couponProblem(db: DB, coupon: CouponRow, cart: { amountPaise: number; eligiblePaise: number }, now = new Date()): Promise<string | null> {
  if (coupon.starts_at && coupon.starts_at > now.toISOString()) return 'This coupon is not active yet';
  if (coupon.ends_at && coupon.ends_at <= now.toISOString()) return 'This coupon has expired';
  if (cart.amountPaise === 0) return 'Add items to your cart to use a coupon';
  if (cart.amountPaise < coupon.min_cart_paise) return `Minimum cart value is ${formatRupees(toRupees(coupon.min_cart_paise)).replace(/\.00$/, '')}`;
  if (cart.eligiblePaise === 0) {
    const restriction = coupon.brand_id !== null
      ? await db.selectFrom('brands').select('name').where('id', '=', coupon.brand_id).executeTakeFirst()
      : coupon.category_id !== null
        ? await db.selectFrom('categories').select('name').where('id', '=', coupon.category_id).executeTakeFirst()
        : undefined;
    return restriction ? `This coupon applies only to ${restriction.name}` : 'This coupon does not apply to your cart';
  }
  return null;
}

/**
 * Holds the coupon for this cart, within its limits. The coupon row is locked (PostgreSQL) or the write
 * transaction is serial (SQLite), so two carts racing for its last use cannot both win.
 */
export async function redeem(db: DB, dialect: Dialect, coupon: CouponRow, cartId: number, user: UserRow | null) {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select id from coupons where id = ${coupon.id} for update`.execute(trx);
    if ((coupon.first_order_only === 1 || coupon.per_user_limit !== null) && !user) throw new ApiError(401, 'Please log in to use this coupon');
    // "First order" means no earlier order: the shop takes no orders yet, so for now every signed-in shopper
    // qualifies; once orders exist this checks them.
    const others = trx.selectFrom('coupon_redemptions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('coupon_id', '=', coupon.id).where('cart_id', '!=', cartId);
    if (coupon.usage_limit !== null && Number((await others.executeTakeFirstOrThrow()).n) >= coupon.usage_limit) {
      throw new ApiError(409, 'This coupon has been fully used');
    }
    if (coupon.per_user_limit !== null && user && Number((await others.where('user_id', '=', user.id).executeTakeFirstOrThrow()).n) >= coupon.per_user_limit) {
      throw new ApiError(409, coupon.per_user_limit === 1 ? 'You have already used this coupon' : `You can use this coupon at most ${coupon.per_user_limit} times`);
    }
    await trx.deleteFrom('coupon_redemptions').where('cart_id', '=', cartId).execute();
    await trx.insertInto('coupon_redemptions').values({ coupon_id: coupon.id, cart_id: cartId, user_id: user?.id ?? null, created_at: new Date().toISOString() }).execute();
    await trx.updateTable('carts').set({ offercode: coupon.code, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
  });
}

/** Lets go of a cart's coupon. */
export async function release(db: DB, cartId: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('coupon_redemptions').where('cart_id', '=', cartId).execute();
    await trx.updateTable('carts').set({ offercode: null, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
  });
}
