import type { Kysely } from 'kysely';

/**
 * Coupons can be switched off (docs/back-office-coupons.md): `is_active` (1 on, 0 off; every coupon made before
 * is on). A coupon some order used cannot be deleted (its orders name it), so the back office switches it off
 * instead: the cart then refuses it ('This coupon is no longer available') and its orders and figures stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}
