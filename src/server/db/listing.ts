import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema';

/**
 * Recomputes what the listing sorts and searches by, from a product's own rows: the text search reads
 * (name, brand, and its category with up to two ancestors), the lowest price a shopper can buy at (of the packs
 * in stock, else of all packs: the price a card shows), and the best percentage off across packs; packs on sale only
 * (an inactive pack, migration 0030, is not sold). One portable UPDATE for SQLite and PostgreSQL; anything
 * that writes products or packs calls it for the products it touched (migrations 0002 and 0007 hold copies).
 */
async function refreshListing(db: Kysely<Database>, where: (ref: typeof productId) => Expression<SqlBool> = () => sql<SqlBool>`1 = 1`) {
  await sql`
    update products set
      search_text = ${searchText},
      min_price_paise = coalesce(
        (select min(pk.price_paise) from packs pk where pk.product_id = products.id and pk.is_active = 1 and pk.stock > 0),
        (select min(pk.price_paise) from packs pk where pk.product_id = products.id and pk.is_active = 1),
        0),
      discount_pct = coalesce((
        select max(case when pk.act_price_paise > pk.price_paise then ((pk.act_price_paise - pk.price_paise) * 100) / pk.act_price_paise else 0 end)
        from packs pk where pk.product_id = products.id and pk.is_active = 1), 0)
    where ${where(productId)}`.execute(db);
}

const productId = sql.ref('products.id');

/**
 * A product's search text: its name, its brand's, and its category's with up to two ancestors; and the Hindi names
 * of the product, its brand and its category where given (migration 0036), so a search in Devanagari finds them.
 */
const searchText = sql`name
        || ' ' || coalesce(name_hi, '')
        || ' ' || coalesce((select b.name || ' ' || coalesce(b.name_hi, '') from brands b where b.id = products.brand_id), '')
        || ' ' || coalesce((select c.name || ' ' || coalesce(c.name_hi, '') from categories c where c.id = products.category_id), '')
        || ' ' || coalesce((select p.name from categories c join categories p on p.id = c.parent_id where c.id = products.category_id), '')
        || ' ' || coalesce((select g.name from categories c join categories p on p.id = c.parent_id join categories g on g.id = p.parent_id where c.id = products.category_id), '')`;

/**
 * Recomputes only the search text of these products, as refreshListing computes it: what a brand's or category's new
 * name, or a category's new place, changes. Their prices, discounts and warehouse bits do not depend on either, so
 * rewriting them too would only double the rows written (the back office's Catalogue section: a top-level category
 * can have a third of the catalogue below it).
 */
export const refreshSearchTextOf = async (db: Kysely<Database>, ids: readonly number[]) => {
  if (!ids.length) return;
  await sql`update products set search_text = ${searchText} where ${productId} in (${sql.join(ids)})`.execute(db);
};

/** Refreshes the listing columns (and the warehouse bits) of these products only. */
export const refreshListingOf = async (db: Kysely<Database>, ids: number[]) => {
  if (!ids.length) return;
  await refreshListing(db, (id) => sql<SqlBool>`${id} in (${sql.join(ids)})`);
  await refreshWarehouseBits(db, (id) => sql<SqlBool>`${id} in (${sql.join(ids)})`);
};

/** Warehouse ids that have a bit in products.warehouse_bits (a 64-bit integer on both backends). */
export const MAX_BIT_WAREHOUSE = 62;

/**
 * products.warehouse_bits (migration 0014): bit (id - 1) set for each warehouse, 1 to 62, that one of the
 * product's packs ships from, so "has a pack delivered to this pincode" is one bitwise test on an index.
 * Kept apart from refreshListing, which knew no such column when migrations 0002 and 0007 copied it.
 */
async function refreshWarehouseBits(db: Kysely<Database>, where: (ref: typeof productId) => Expression<SqlBool> = () => sql<SqlBool>`1 = 1`) {
  await sql`
    update products set warehouse_bits = coalesce((
      select sum(distinct case when pk.warehouse_id between 1 and ${sql.lit(MAX_BIT_WAREHOUSE)} then cast(1 as bigint) << (pk.warehouse_id - 1) else 0 end)
      from packs pk where pk.product_id = products.id and pk.is_active = 1), 0)
    where ${where(productId)}`.execute(db);
}
