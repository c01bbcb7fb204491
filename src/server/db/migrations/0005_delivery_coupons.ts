import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Which warehouses deliver to which zones, and coupon redemptions (one per cart, counted for the coupon's
 * limits). An existing shop starts with every warehouse serving every zone.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('warehouse_zones')
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
      .addColumn('zone_id', 'integer', (c) => c.notNull().references('delivery_zones.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('warehouse_zones_pk', ['warehouse_id', 'zone_id'])
      .execute();
    await sql`insert into warehouse_zones (warehouse_id, zone_id) select w.id, z.id from warehouses w cross join delivery_zones z`.execute(db);
    await db.schema
      .createTable('coupon_redemptions')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
      .addColumn('cart_id', 'integer', (c) => c.notNull().unique().references('carts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coupon_redemptions_coupon').on('coupon_redemptions').columns(['coupon_id', 'user_id']).execute();
  });
}
