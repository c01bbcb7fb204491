import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Addresses, orders and their lines, and the per-website counter behind order numbers such as AF-000123.
 * Coupons are now counted by the orders that used them (orders.coupon_id), no longer by carts holding the
 * code, so the carts' coupon_redemptions go. Zones say whether they take cash on delivery.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    const table = (name: string) =>
      db.schema.createTable(name).addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
    const [text, int] = ['text', 'integer'] as const;

    await table('addresses')
      .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('phone', text, (c) => c.notNull())
      .addColumn('pincode', text, (c) => c.notNull())
      .addColumn('line1', text, (c) => c.notNull())
      .addColumn('line2', text)
      .addColumn('landmark', text)
      .addColumn('city', text, (c) => c.notNull())
      .addColumn('state', text, (c) => c.notNull())
      .addColumn('type', text, (c) => c.notNull().defaultTo('home'))
      .addColumn('is_default', int, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', text, (c) => c.notNull())
      .addColumn('updated_at', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'id']).execute();
    // One default address per user, whatever races: the database refuses a second.
    await db.schema.createIndex('addresses_one_default').on('addresses').column('user_id').unique().where(sql.ref('is_default'), '=', 1).execute();

    await db.schema
      .createTable('order_counters')
      .addColumn('website_id', int, (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
      .addColumn('prefix', text, (c) => c.notNull())
      .addColumn('last_number', int, (c) => c.notNull())
      .execute();

    await table('orders')
      .addColumn('website_id', int, (c) => c.notNull().references('websites.id'))
      .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
      .addColumn('ordernumber', text, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('payment_method', text, (c) => c.notNull())
      .addColumn('payment_provider', text)
      .addColumn('payment_ref', text)
      .addColumn('amount_paise', int, (c) => c.notNull().check(sql`amount_paise >= 0`))
      .addColumn('discount_paise', int, (c) => c.notNull().check(sql`discount_paise >= 0`))
      .addColumn('delivery_charge_paise', int, (c) => c.notNull().check(sql`delivery_charge_paise >= 0`))
      .addColumn('total_paise', int, (c) => c.notNull().check(sql`total_paise >= 0`))
      .addColumn('offercode', text)
      .addColumn('coupon_id', int, (c) => c.references('coupons.id'))
      .addColumn('note', text)
      .addColumn('address_id', int, (c) => c.references('addresses.id').onDelete('set null'))
      .addColumn('address_json', text, (c) => c.notNull())
      .addColumn('idempotency_key', text, (c) => c.notNull())
      .addColumn('request_hash', text, (c) => c.notNull())
      .addColumn('expires_at', text)
      .addColumn('created_at', text, (c) => c.notNull())
      .addColumn('updated_at', text, (c) => c.notNull())
      .addUniqueConstraint('orders_website_ordernumber', ['website_id', 'ordernumber'])
      .addUniqueConstraint('orders_user_idempotency_key', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'website_id', 'id']).execute();
    await db.schema.createIndex('orders_status_expiry').on('orders').columns(['status', 'expires_at']).execute();
    await db.schema.createIndex('orders_coupon').on('orders').columns(['coupon_id', 'user_id']).execute();

    await table('order_lines')
      .addColumn('order_id', int, (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', int, (c) => c.notNull())
      .addColumn('pack_id', int, (c) => c.notNull())
      .addColumn('slug', text, (c) => c.notNull())
      .addColumn('image', text, (c) => c.notNull())
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('pack', text, (c) => c.notNull())
      .addColumn('quantity', int, (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('price_paise', int, (c) => c.notNull())
      .addColumn('act_price_paise', int, (c) => c.notNull())
      .addColumn('amount_paise', int, (c) => c.notNull())
      .addColumn('discount_paise', int, (c) => c.notNull())
      .addColumn('warehouse_id', int, (c) => c.notNull())
      .addColumn('delivery_charge_id', int)
      .addColumn('del_date', text)
      .addColumn('del_start_time', text)
      .addColumn('del_end_time', text)
      .execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'position']).execute();

    await db.schema.alterTable('delivery_zones').addColumn('cod_allowed', int, (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.dropTable('coupon_redemptions').execute();
  });
}
