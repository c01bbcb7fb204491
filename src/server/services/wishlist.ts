import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, refusal } from '../http/errors';
import type { Shopper } from './shopper';

type DB = Kysely<Database>;
/** The Default list is list 0 in the table and absent (null) in the contract. */
const listKey = (categoryId: number | undefined | null) => categoryId ?? 0;
const listId = (key: number) => (key === 0 ? null : key);

/** A shopper's lists and their products are the website's: each query is for the user on that website. */
const ownLists = (db: DB, { userId, websiteId }: Shopper) => db.selectFrom('wishlist_categories').where('user_id', '=', userId).where('website_id', '=', websiteId);
const ownItems = (db: DB, { userId, websiteId }: Shopper) => db.selectFrom('wishlist_items').where('user_id', '=', userId).where('website_id', '=', websiteId);

export async function wishlists(db: DB, shopper: Shopper) {
  const [categories, items] = await Promise.all([
    ownLists(db, shopper).select(['id', 'name']).orderBy('id').execute(),
    ownItems(db, shopper).select(['product_id', 'list_id']).orderBy('created_at', 'desc').execute(),
  ]);
  return { WishlistCategories: categories, items: items.map((i) => ({ product_id: i.product_id, wishlist_category_id: listId(i.list_id) })) };
}

export async function createWishlist(db: DB, shopper: Shopper, name: string) {
  const taken = await ownLists(db, shopper).select('id').where('name', '=', name).executeTakeFirst();
  if (taken || name.toLowerCase() === 'default') throw new ApiError(409, refusal('refusals.wishlistTaken', { name }));
  return db
    .insertInto('wishlist_categories')
    .values({ user_id: shopper.userId, website_id: shopper.websiteId, name, created_at: new Date().toISOString() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Puts a product in a list of this website, or takes it out if it is there; answers where the product now is. */
export async function toggleWishlist(db: DB, shopper: Shopper, productId: number, categoryId?: number) {
  const key = listKey(categoryId);
  const { userId, websiteId } = shopper;
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).where('is_active', '=', 1).executeTakeFirst();
    if (!product) throw new ApiError(404, refusal('refusals.productGone'));
    if (key !== 0 && !(await ownLists(trx, shopper).select('id').where('id', '=', key).executeTakeFirst())) {
      throw new ApiError(404, refusal('refusals.noSuchWishlist'));
    }
    const removed = await trx
      .deleteFrom('wishlist_items')
      .where('user_id', '=', userId)
      .where('website_id', '=', websiteId)
      .where('product_id', '=', productId)
      .where('list_id', '=', key)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) {
      await trx.insertInto('wishlist_items').values({ user_id: userId, website_id: websiteId, product_id: productId, list_id: key, created_at: new Date().toISOString() }).execute();
    }
    const lists = (await ownItems(trx, shopper).select('list_id').where('product_id', '=', productId).execute()).map((r) => listId(r.list_id));
    return { product_id: productId, wishlist: lists.length > 0, lists };
  });
}

/** Which of these products the user keeps in any list on this website. */
export async function wishlistedAmong(db: DB, shopper: Shopper, productIds: number[]): Promise<Set<number>> {
  if (!productIds.length) return new Set();
  const rows = await ownItems(db, shopper).select('product_id').distinct().where('product_id', 'in', productIds).execute();
  return new Set(rows.map((r) => r.product_id));
}
