import { sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The listing's "Deliverable to <pincode>" filter (docs/search.md): products.warehouse_bits holds a bit for each
 * warehouse the product's packs ship from (db/listing.ts), so the filter is a bitwise test against the bits of
 * the warehouses serving the pincode's zone. The index covers the filtered count, which otherwise probes the
 * packs of every product; the category and brand indexes take the bits as a last column, so a category or brand
 * filtered to the pincode still counts from its index alone (34 ms without, 3 ms with, SQLite at 100,000
 * products: npm run bench).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable('products').addColumn('warehouse_bits', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    // Bit (id - 1) for each warehouse, 1 to 62, a pack ships from (db/listing.ts computed it so when this was made).
    await sql`
      update products set warehouse_bits = coalesce((
        select sum(distinct case when pk.warehouse_id between 1 and 62 then cast(1 as bigint) << (pk.warehouse_id - 1) else 0 end)
        from packs pk where pk.product_id = products.id), 0)`.execute(trx);
    await trx.schema.createIndex('products_active_warehouses').on('products').columns(['is_active', 'warehouse_bits']).execute();
    await trx.schema.dropIndex('products_category').execute();
    await trx.schema.dropIndex('products_brand').execute();
    await trx.schema.createIndex('products_category').on('products').columns(['category_id', 'is_active', 'popularity', 'warehouse_bits']).execute();
    await trx.schema.createIndex('products_brand').on('products').columns(['brand_id', 'is_active', 'popularity', 'warehouse_bits']).execute();
  });
}
