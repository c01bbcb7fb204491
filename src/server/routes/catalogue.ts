import { createRoute } from '@hono/zod-openapi';
import { Product, ProductList, ProductListQuery, ProductMoved, SlugParam } from '../../contract';
import { notFound } from '../http/errors';
import { requestLocale } from '../http/language';
import { errorResponses, router } from '../http/router';
import { maybeShopperOf } from '../http/shopper';
import { listProducts, movedProductSlug, productBySlug } from '../services/catalogue';

export const catalogueRoutes = router();

catalogueRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/products',
    tags: ['catalogue'],
    summary: 'One page of products (24 by default), filtered and sorted',
    request: { query: ProductListQuery },
    responses: {
      200: { description: 'Products and the total', content: { 'application/json': { schema: ProductList } } },
      ...errorResponses([400]),
    },
  }),
  async (c) => {
    const pincode = c.var.session?.pincode;
    // Delivery dates are the session's and today's, wishlist flags the user's: not for any shared cache.
    if (pincode || c.var.user) c.header('Cache-Control', 'private, no-store');
    // Names come in the request's language (Hindi where given): a shared cache keeps one answer per language.
    c.header('Vary', 'Accept-Language');
    return c.json(await listProducts(c.var.deps.db, c.req.valid('query'), maybeShopperOf(c), pincode, c.var.website.id, requestLocale(c)), 200);
  },
);

catalogueRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/products/{slug}',
    tags: ['catalogue'],
    summary: 'One product by its slug',
    request: { params: SlugParam },
    responses: {
      200: { description: 'The product', content: { 'application/json': { schema: Product } } },
      301: { description: 'An earlier slug of the product: the slug it has now (Location: its call)', content: { 'application/json': { schema: ProductMoved } } },
      ...errorResponses([404]),
    },
  }),
  async (c) => {
    const pincode = c.var.session?.pincode;
    if (pincode || c.var.user) c.header('Cache-Control', 'private, no-store');
    c.header('Vary', 'Accept-Language');
    const slug = c.req.valid('param').slug;
    const product = await productBySlug(c.var.deps.db, slug, maybeShopperOf(c), pincode, requestLocale(c));
    if (!product) {
      // A slug the back office changed leads to the product's page (docs/back-office-products.md#slugs).
      const moved = await movedProductSlug(c.var.deps.db, slug);
      if (!moved) throw notFound('Product not found');
      c.header('Location', `/s/api/products/${encodeURIComponent(moved)}`);
      return c.json({ message: 'This product has moved', slug: moved }, 301);
    }
    return c.json(product, 200);
  },
);
