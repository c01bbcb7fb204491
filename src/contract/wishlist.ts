import { z } from 'zod';
import { Product } from './catalogue';
import { Id } from './common';
import { Text } from './rules';

export const WishlistCategory = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'WishlistCategory' });

/** POST /api/wishlist/update: toggles a product in a list; no category means the Default list. */
export const WishlistUpdateBody = z
  .object({ product_id: Id, wishlist_category_id: Id.optional() })
  .meta({ id: 'WishlistUpdateBody' });
/** After a toggle: whether the product is in any list, and which (null is the Default list). */
export const WishlistUpdated = z
  .object({ product_id: z.number().int(), wishlist: z.boolean(), lists: z.array(z.number().int().nullable()) })
  .meta({ id: 'WishlistUpdated' });

/** GET /api/wishlist: the user's own lists (besides Default) and what each holds. */
export const Wishlists = z
  .object({
    WishlistCategories: z.array(WishlistCategory),
    items: z.array(z.object({ product_id: z.number().int(), wishlist_category_id: z.number().int().nullable() })),
    /** The products the lists hold, for the wishlist page. */
    products: z.array(Product),
  })
  .meta({ id: 'Wishlists' });

/** POST /api/wishlistCategory. The bound on the name is ours: 80 characters keeps the menu readable (docs/product.md#form-rules). */
export const WishlistCategoryBody = z
  .object({ name: Text('New Wishlist', { required: true, max: 80 }) })
  .meta({ id: 'WishlistCategoryBody' });
