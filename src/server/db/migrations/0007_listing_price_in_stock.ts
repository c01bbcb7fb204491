import { sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The listing's price becomes the lowest price of the packs in stock, else of all packs (the price a card shows):
 * every product's listing columns computed again, as db/listing.ts computed them when this migration was made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, (trx) =>
    sql`
      update products set
        search_text = name
          || ' ' || coalesce((select b.name from brands b where b.id = products.brand_id), '')
          || ' ' || coalesce((select c.name from categories c where c.id = products.category_id), '')
          || ' ' || coalesce((select p.name from categories c join categories p on p.id = c.parent_id where c.id = products.category_id), '')
          || ' ' || coalesce((select g.name from categories c join categories p on p.id = c.parent_id join categories g on g.id = p.parent_id where c.id = products.category_id), ''),
        min_price_paise = coalesce(
          (select min(pk.price_paise) from packs pk where pk.product_id = products.id and pk.stock > 0),
          (select min(pk.price_paise) from packs pk where pk.product_id = products.id),
          0),
        discount_pct = coalesce((
          select max(case when pk.act_price_paise > pk.price_paise then ((pk.act_price_paise - pk.price_paise) * 100) / pk.act_price_paise else 0 end)
          from packs pk where pk.product_id = products.id), 0)`.execute(trx),
  );
}
