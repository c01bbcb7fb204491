import { z } from 'zod';
import { pagingQuery, Rupees } from './common';
import { PackDelivery } from './delivery';
import { Text } from './rules';

const Media = z.object({ src: z.string() }).meta({ id: 'Media' });

export const Pack = z
  .object({
    pack_id: z.number().int(),
    pack_name: z.string(),
    price: Rupees,
    act_price: Rupees,
    discount: z.number(),
    warehouse_id: z.number().int(),
    discount_type: z.string().nullable(),
    /** False when the pack is sold out; the storefront then offers no add to cart. */
    in_stock: z.boolean().default(true),
    /** Delivery to the session's pincode (left out while the session has none). */
    delivery: PackDelivery.optional(),
  })
  .meta({ id: 'Pack' });
export type Pack = z.infer<typeof Pack>;

/** A product as listed and shown (docs/product.md#entities; required fields as docs/product.md#other-rules checks them). */
export const Product = z
  .object({
    product_id: z.number().int(),
    product_name: z.string(),
    product_description: z.any().optional(),
    product_info: z.any().optional(),
    brand_name: z.string(),
    slug: z.string(),
    brand_slug: z.string(),
    wishlist: z.boolean().nullable().default(false),
    medias: z.array(Media),
    image: z.string().default(''),
    packs: z.array(Pack),
    /** The product's category and its ancestors, root first (single-product answers only). */
    categories: z.array(z.object({ name: z.string(), slug: z.string() })).optional(),
    /** With a pack size in the search ("500 g"), the pack that matches it: the card offers it first. */
    matched_pack_id: z.number().int().nullable().optional(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

/** 301 of GET /api/products/{slug} for an earlier slug of a product (its Location the product's call): the slug it has now. */
export const ProductMoved = z.object({ message: z.string(), slug: z.string() }).meta({ id: 'ProductMoved' });

import { PAGE_SIZE, SORTS } from './listing-options';
export { PAGE_SIZE, SORTS } from './listing-options';

/** Every id of a comma-joined list fits the database's 32-bit ids. */
const idsFit = (list: string) => list.split(',').every((id) => Number(id) <= 2_147_483_647);

/** Query of GET /api/products. Lists arrive comma-joined; a malformed value is refused, not guessed. */
export const ProductListQuery = z.object({
  ...pagingQuery(PAGE_SIZE),
  s: z.enum(SORTS, { error: `s must be one of ${SORTS.join(', ')}` }).optional(),
  c: z.string().max(2000).regex(/^\d{1,10}(,\d{1,10})*$/, 'c must be comma-joined category ids').refine(idsFit, 'c holds an id that does not exist').optional(),
  b: z.string().max(2000).regex(/^\d{1,10}(,\d{1,10})*$/, 'b must be comma-joined brand ids').refine(idsFit, 'b holds an id that does not exist').optional(),
  q: Text('Search', { max: 200, trim: false }).optional(),
  /** 1: only products with a pack delivered to the session's pincode (400 while the session has none). */
  deliverable: z.enum(['0', '1'], { error: 'deliverable must be 0 or 1' }).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductList = z
  .object({
    data: z.array(Product),
    meta: z.object({
      total: z.number().int(),
      /** When the search as typed found nothing: the corrected search text to offer ("Did you mean …?"). */
      did_you_mean: z.string().nullable().optional(),
    }),
  })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductList>;

export const Category: z.ZodType<Category> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    avatar: z.string().nullable(),
    link: z.string(),
    get children() {
      return z.array(Category);
    },
  })
  .meta({ id: 'Category' });
export interface Category {
  id: number;
  name: string;
  slug: string;
  avatar: string | null;
  link: string;
  children: Category[];
}

export const Brand = z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).meta({ id: 'Brand' });
export type Brand = z.infer<typeof Brand>;
