import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/** The first schema: websites and their settings, the catalogue, delivery, coupons, users, sessions, carts. */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, (db) => createTables(db));
}

async function createTables(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  // One auto-increment id for both dialects: SQLite's rowid alias, PostgreSQL's identity column.
  const table = (name: string) =>
    db.schema.createTable(name).addColumn('id', 'integer', (c) =>
      isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
  const text = 'text' as const;
  const int = 'integer' as const;

  await table('websites')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('logo', text)
    .addColumn('favicon', text)
    .addColumn('theme', text, (c) => c.notNull().defaultTo('light'))
    .addColumn('font_family', text, (c) => c.notNull().defaultTo('Inter'))
    .addColumn('nav_alignment', text, (c) => c.notNull().defaultTo('left'))
    .addColumn('show_supplier_page', int, (c) => c.notNull().defaultTo(0))
    .addColumn('show_cart', int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('website_domains')
    .addColumn('host', text, (c) => c.primaryKey())
    .addColumn('website_id', int, (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('website_settings')
    .addColumn('website_id', int, (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
    .addColumn('nav_setting_json', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('seo_json', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('address_json', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('popup_json', text)
    .addColumn('theme_json', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('dynamic_navbar', text)
    .addColumn('dynamic_footer', text)
    .execute();

  await table('nav_items')
    .addColumn('website_id', int, (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('parent_id', int, (c) => c.references('nav_items.id').onDelete('cascade'))
    .addColumn('group_no', int, (c) => c.notNull().defaultTo(0))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('icon', text)
    .addColumn('show_icon', int, (c) => c.notNull().defaultTo(0))
    .addColumn('link', text)
    .addColumn('value', text)
    .addColumn('image', text)
    .addColumn('slug', text)
    .addColumn('position', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('nav_items_website').on('nav_items').columns(['website_id', 'kind', 'position']).execute();

  await table('pages')
    .addColumn('website_id', int, (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('url', text, (c) => c.notNull())
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('css', text, (c) => c.notNull().defaultTo(''))
    .addColumn('show_navbar', int, (c) => c.notNull().defaultTo(1))
    .addColumn('show_sub_navbar', int, (c) => c.notNull().defaultTo(1))
    .addColumn('show_footer', int, (c) => c.notNull().defaultTo(1))
    .addColumn('seo_title', text)
    .addColumn('seo_description', text)
    .addColumn('seo_keyword', text)
    .addColumn('schema_script', text)
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('pages_website_url', ['website_id', 'url'])
    .execute();

  await table('categories')
    .addColumn('parent_id', int, (c) => c.references('categories.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('avatar', text)
    .addColumn('position', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();

  await table('brands')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('logo', text)
    .execute();

  await table('suppliers')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('image', text)
    .addColumn('title', text)
    .addColumn('link', text)
    .execute();

  await table('warehouses')
    .addColumn('code', text, (c) => c.notNull().unique())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('city', text, (c) => c.notNull())
    .addColumn('pincode', text, (c) => c.notNull())
    .execute();

  await table('products')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('description', text)
    .addColumn('info_json', text)
    .addColumn('brand_id', int, (c) => c.notNull().references('brands.id'))
    .addColumn('category_id', int, (c) => c.notNull().references('categories.id'))
    .addColumn('supplier_id', int, (c) => c.references('suppliers.id'))
    .addColumn('popularity', int, (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_active_popularity').on('products').columns(['is_active', 'popularity', 'id']).execute();
  await db.schema.createIndex('products_category').on('products').columns(['category_id', 'is_active']).execute();
  await db.schema.createIndex('products_brand').on('products').columns(['brand_id', 'is_active']).execute();

  await table('product_media')
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('src', text, (c) => c.notNull())
    .addColumn('position', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_media_product').on('product_media').columns(['product_id', 'position']).execute();

  await table('packs')
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('price_paise', int, (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn('act_price_paise', int, (c) => c.notNull().check(sql`act_price_paise >= 0`))
    .addColumn('discount_type', text)
    .addColumn('warehouse_id', int, (c) => c.notNull().references('warehouses.id'))
    .addColumn('stock', int, (c) => c.notNull().defaultTo(0))
    .addColumn('max_per_order', int, (c) => c.notNull().defaultTo(10))
    .addColumn('weight_grams', int, (c) => c.notNull().defaultTo(0))
    .addColumn('position', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('packs_product').on('packs').columns(['product_id', 'position']).execute();

  await table('delivery_zones')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('charge_paise', int, (c) => c.notNull())
    .addColumn('free_above_paise', int, (c) => c.notNull())
    .addColumn('min_order_paise', int, (c) => c.notNull())
    .addColumn('lead_days', int, (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('pincodes')
    .addColumn('pincode', text, (c) => c.primaryKey())
    .addColumn('city', text, (c) => c.notNull())
    .addColumn('state', text, (c) => c.notNull())
    .addColumn('zone_id', int, (c) => c.references('delivery_zones.id'))
    .addColumn('serviceable', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await table('coupons')
    .addColumn('code', text, (c) => c.notNull().unique())
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('value', int, (c) => c.notNull())
    .addColumn('max_discount_paise', int)
    .addColumn('min_cart_paise', int, (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', text)
    .addColumn('ends_at', text)
    .addColumn('usage_limit', int)
    .addColumn('per_user_limit', int)
    .addColumn('used_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('first_order_only', int, (c) => c.notNull().defaultTo(0))
    .addColumn('category_id', int, (c) => c.references('categories.id'))
    .addColumn('brand_id', int, (c) => c.references('brands.id'))
    .execute();

  await table('users')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('email', text, (c) => c.notNull().unique())
    .addColumn('phone', text, (c) => c.notNull().unique())
    .addColumn('is_superadmin', int, (c) => c.notNull().defaultTo(0))
    .addColumn('has_admin_access', int, (c) => c.notNull().defaultTo(0))
    .addColumn('is_sales_agent', int, (c) => c.notNull().defaultTo(0))
    .addColumn('permissions_json', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('website_id', int, (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('pincode', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('last_seen_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await table('carts')
    .addColumn('website_id', int, (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('session_id', text, (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('offercode', text)
    .addColumn('notes', text)
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('carts_session', ['website_id', 'session_id'])
    .addUniqueConstraint('carts_user', ['website_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('cart_id', int, (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('pack_id', int, (c) => c.notNull().references('packs.id').onDelete('cascade'))
    .addColumn('warehouse_id', int, (c) => c.notNull())
    .addColumn('quantity', int, (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('added_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'pack_id', 'warehouse_id'])
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', text, (c) => c.primaryKey())
    .addColumn('value', text, (c) => c.notNull())
    .execute();
}
