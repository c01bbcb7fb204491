import { createRoute } from '@hono/zod-openapi';
import { WishlistCategory, WishlistCategoryBody, WishlistUpdateBody, WishlistUpdated, Wishlists } from '../../contract';
import { requireUser } from '../http/guards';
import { requestLocale } from '../http/language';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { shopperOf } from '../http/shopper';
import { productsByIds } from '../services/catalogue';
import { createWishlist, toggleWishlist, wishlists } from '../services/wishlist';

/** Wishlists of the signed-in user on this website (docs/product.md#wishlist). */
export const wishlistRoutes = router();
wishlistRoutes.use('/wishlist', requireUser);
wishlistRoutes.use('/wishlist/*', requireUser);
wishlistRoutes.use('/wishlistCategory', requireUser);

wishlistRoutes.openapi(
  createRoute({ method: 'get', path: '/wishlist', tags: ['wishlist'], summary: 'The lists and what they hold', responses: { 200: jsonAnswer(Wishlists, 'Wishlists'), ...errorResponses([401]) } }),
  async (c) => {
    const lists = await wishlists(c.var.deps.db.kysely, shopperOf(c));
    const products = await productsByIds(c.var.deps.db, [...new Set(lists.items.map((i) => i.product_id))], shopperOf(c), undefined, requestLocale(c));
    return c.json({ ...lists, products }, 200);
  },
);

wishlistRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/wishlist/update',
    tags: ['wishlist'],
    summary: 'Puts a product in a list (Default when none is named), or takes it out',
    request: jsonBody(WishlistUpdateBody),
    responses: { 200: jsonAnswer(WishlistUpdated, 'Where the product now is'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const { product_id, wishlist_category_id } = c.req.valid('json');
    return c.json(await toggleWishlist(c.var.deps.db.kysely, shopperOf(c), product_id, wishlist_category_id), 200);
  },
);

wishlistRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/wishlistCategory',
    tags: ['wishlist'],
    summary: 'Creates a named wishlist',
    request: jsonBody(WishlistCategoryBody),
    responses: { 200: jsonAnswer(WishlistCategory, 'Created'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await createWishlist(c.var.deps.db.kysely, shopperOf(c), c.req.valid('json').name), 200),
);
