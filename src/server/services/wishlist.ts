import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

type DB = Kysely<Database>;
/** The Default list is list 0 in the table and absent (null) in the contract. */
const listKey = (categoryId: number | undefined | null) => categoryId ?? 0;
const listId = (key: number) => (key === 0 ? null : key);

export async function wishlists(db: DB, userId: number) {
  const [categories, items] = await Promise.all([
    db.selectFrom('wishlist_categories').select(['id', 'name']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('wishlist_items').select(['product_id', 'list_id']).where('user_id', '=', userId).orderBy('created_at', 'desc').execute(),
  ]);
  return { WishlistCategories: categories, items: items.map((i) => ({ product_id: i.product_id, wishlist_category_id: listId(i.list_id) })) };
}

export async function createWishlist(db: DB, userId: number, name: string) {
  const taken = await db.selectFrom('wishlist_categories').select('id').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  if (taken || name.toLowerCase() === 'default') throw new ApiError(409, `You already have a wishlist called ${name}`);
  return db
    .insertInto('wishlist_categories')
    .values({ user_id: userId, name, created_at: new Date().toISOString() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Puts a product in a list, or takes it out if it is there; answers where the product now is. */
export async function toggleWishlist(db: DB, userId: number, productId: number, categoryId?: number) {
  const key = listKey(categoryId);
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).where('is_active', '=', 1).executeTakeFirst();
    if (!product) throw new ApiError(404, 'This product is no longer available');
    if (key !== 0 && !(await trx.selectFrom('wishlist_categories').select('id').where('id', '=', key).where('user_id', '=', userId).executeTakeFirst())) {
      throw new ApiError(404, 'No such wishlist');
    }
    const removed = await trx.deleteFrom('wishlist_items').where('user_id', '=', userId).where('product_id', '=', productId).where('list_id', '=', key).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) {
      await trx.insertInto('wishlist_items').values({ user_id: userId, product_id: productId, list_id: key, created_at: new Date().toISOString() }).execute();
    }
    const lists = (await trx.selectFrom('wishlist_items').select('list_id').where('user_id', '=', userId).where('product_id', '=', productId).execute()).map((r) => listId(r.list_id));
    return { product_id: productId, wishlist: lists.length > 0, lists };
  });
}

/** Which of these products the user keeps in any list. */
export async function wishlistedAmong(db: DB, userId: number, productIds: number[]): Promise<Set<number>> {
  if (!productIds.length) return new Set();
  const rows = await db.selectFrom('wishlist_items').select('product_id').distinct().where('user_id', '=', userId).where('product_id', 'in', productIds).execute();
  return new Set(rows.map((r) => r.product_id));
}
