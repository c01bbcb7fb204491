import { PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/** Wishlists: a user's named lists, and the products in each (list 0 is the Default list). */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('wishlist_categories')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('wishlist_categories_user_name', ['user_id', 'name'])
      .execute();
    await db.schema
      .createTable('wishlist_items')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('list_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id', 'list_id'])
      .execute();
  });
}
