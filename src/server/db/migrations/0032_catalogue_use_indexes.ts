import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Indexes for the back office's Catalogue section (docs/back-office-catalogue.md), on both backends, so that what
 * uses a supplier or a warehouse is counted from an index, not by reading every product, pack or order line:
 * - products_supplier (supplier_id): a supplier's products (brands and categories have theirs since 0001);
 * - packs_warehouse (warehouse_id): the packs that ship from a warehouse;
 * - order_lines_warehouse (warehouse_id): the order lines that shipped from it.
 * The page generation's triggers need nothing new: categories, brands, suppliers, warehouses and search_synonyms
 * have raised it since 0015.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL runs every pending migration in one transaction, and the page generation's triggers are deferred to
  // its end: rows an earlier migration of the same run changed (0030 dates every product) leave trigger events
  // pending, and PostgreSQL refuses to index a table that has some. Fire them now.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`set constraints all immediate`.execute(db);
  await db.schema.createIndex('products_supplier').ifNotExists().on('products').column('supplier_id').execute();
  await db.schema.createIndex('packs_warehouse').ifNotExists().on('packs').column('warehouse_id').execute();
  await db.schema.createIndex('order_lines_warehouse').ifNotExists().on('order_lines').column('warehouse_id').execute();
}
