/**
 * The back office's products and stock (docs/back-office-products.md): the product list, a product with its packs,
 * creating and editing one, a pack's quick edit (the morning count), the stock ledger and the low-stock list.
 * `catalogue:manage` for every call. Money is integer paise everywhere in these calls (`price`, `mrp`), as the
 * shop's books keep it; the screens show and take rupees.
 */
import { z } from 'zod';
import { Flag, Id, pagingQuery } from './common';
import { MAX_LINE_QUANTITY } from './constants';
import { safeUrl } from './safe-url';
import { Text } from './rules';
import { patterns } from './validation';

// ---------------------------------------------------------------------------------------------------------------
// Rules (pure functions, used by the API and by the screens).

/** The longest product name, slug, pack name, barcode text and description. */
export const PRODUCT_NAME_MAX = 200;
export const SLUG_MAX = 120;
export const PACK_NAME_MAX = 60;
export const DESCRIPTION_MAX = 20_000;
/** At most this many packs per product and images per product. */
export const PACKS_MAX = 20;
export const IMAGES_MAX = 12;
/** The highest price or MRP a pack may have: ₹10,00,000 (in paise). */
export const PRICE_MAX_PAISE = 100_000_000;
/** A pack's maximum per order: 1 to the most one cart line may hold. */
export const MAX_PER_ORDER_MAX = MAX_LINE_QUANTITY;
/** The largest single stock move, and the highest level a count may set. */
export const STOCK_CHANGE_MAX = 1_000_000;
/** "Low stock" without a threshold of the caller's: this many or fewer left (out of stock included). */
const LOW_STOCK_THRESHOLD = 10;

/**
 * A product's address in the shop (`/products/{slug}`): lower-case letters and digits in words joined by single
 * hyphens (patterns.slug), at most SLUG_MAX characters.
 */
export const isSlug = (text: string): boolean => text.length <= SLUG_MAX && patterns.slug.test(text);

/**
 * A slug made from a name: accents dropped, lower case, every run of other characters a hyphen, at most SLUG_MAX
 * characters, never ending in a hyphen; '' when nothing is left (a name in Devanagari only): then the caller
 * chooses one ('product' and the API adds a number to keep it unique).
 */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return base.slice(0, SLUG_MAX).replace(/-+$/, '');
}

/** The check digit of an EAN-13 whose first 12 digits are given: weights 1 and 3 from the left. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('ean13CheckDigit takes 12 digits');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Whether the text is an EAN-13 barcode: 13 digits whose last is the check digit of the first 12. */
export const isEan13 = (code: string): boolean => /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** Why a barcode is refused, in the form's words, or null when it is a valid EAN-13 (or left empty). */
export function barcodeProblem(code: string): string | null {
  if (code === '') return null;
  if (!/^\d+$/.test(code)) return 'Barcode must be digits only';
  if (code.length !== 13) return 'Barcode must be 13 digits (EAN-13)';
  return isEan13(code) ? null : 'Barcode check digit is wrong: check the number on the pack';
}

/** Why a pack's price and MRP are refused (in paise), or null: a price above the MRP is not allowed in India. */
export function priceProblem(price: number, mrp: number): string | null {
  return price > mrp ? 'Price cannot be more than the MRP' : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Fields.

const Paise = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of paise` })
    .int(`${label} must be a whole number of paise`)
    .min(1, `${label} must be at least 1 paisa`)
    .max(PRICE_MAX_PAISE, `${label} is too high (at most ₹${PRICE_MAX_PAISE / 100})`)
    .meta({ description: `${label} in paise (integer)` });
const MaxPerOrder = z
  .number({ error: 'Maximum per order must be a whole number' })
  .int('Maximum per order must be a whole number')
  .min(1, 'Maximum per order must be at least 1')
  .max(MAX_PER_ORDER_MAX, `Maximum per order must be at most ${MAX_PER_ORDER_MAX}`);
const Level = z
  .number({ error: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(STOCK_CHANGE_MAX, `Stock must be at most ${STOCK_CHANGE_MAX}`);
const Barcode = Text('Barcode', { max: 13 }).superRefine((code, ctx) => {
  const problem = barcodeProblem(code);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const Slug = Text('Address (slug)', { max: SLUG_MAX }).refine(
  (s) => s === '' || patterns.slug.test(s),
  'Address (slug) may hold only lower-case letters, digits and single hyphens between words',
);
/** An image of the product: an address from the media library (or any http(s) address), judged by safeUrl. */
const ImageSrc = Text('Image', { required: true, max: 500 }).refine((src) => safeUrl(src, 'web') !== null, 'Image must be an address of this site or an http(s) address');

export const PRODUCT_STATUSES = ['active', 'hidden'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Why stock moved. Staff enter count, damage and received; orders write order and order_cancelled; a new pack opening. */
const STOCK_REASONS = ['count', 'damage', 'received', 'order', 'order_cancelled', 'order_returned', 'opening'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
const STAFF_STOCK_REASONS = ['count', 'damage', 'received'] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Answers.

const Named = z.object({ id: z.number().int(), name: z.string() });

/** A pack's level in one warehouse. A pack is kept in one warehouse today (docs/decisions/stock-per-pack-warehouse.md): one entry. */
export const BosStockLevel = z
  .object({ warehouse_id: z.number().int(), warehouse_name: z.string(), level: z.number().int() })
  .meta({ id: 'BosStockLevel' });
export type BosStockLevel = z.infer<typeof BosStockLevel>;

export const BosPack = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Its name in Hindi ("1 किलो"); none (or '') and shoppers on /hi/ pages see the English one. */
    name_hi: z.string().optional(),
    price: z.number().int().meta({ description: 'Price in paise' }),
    mrp: z.number().int().meta({ description: 'MRP in paise' }),
    max_per_order: z.number().int(),
    /** An EAN-13, or null. */
    barcode: z.string().nullable(),
    active: z.boolean(),
    /** The warehouse the pack ships from (the one entry of `stock`). */
    warehouse_id: z.number().int(),
    stock: z.array(BosStockLevel),
    position: z.number().int(),
  })
  .meta({ id: 'BosPack' });
export type BosPack = z.infer<typeof BosPack>;

/** One row of the product list: enough for the quick price and stock edit of its packs. */
export const BosProductRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    category: Named,
    brand: Named,
    supplier: Named.nullable(),
    /** The first image (a safe address), or null. */
    image: z.string().nullable(),
    packs: z.array(BosPack),
    /** Whether any pack is at or below the low-stock threshold of the query. */
    low_stock: z.boolean(),
  })
  .meta({ id: 'BosProductRow' });
export type BosProductRow = z.infer<typeof BosProductRow>;

const BOS_PRODUCT_SORTS = ['newest', 'name', 'stock'] as const;

export const BosProductQuery = z
  .object({
    ...pagingQuery(20),
    /** Name, slug, brand or a pack's barcode. */
    q: Text('Search', { max: 120 }).optional(),
    category: Id.optional().meta({ description: 'A category id: it and the categories below it' }),
    brand: Id.optional(),
    supplier: Id.optional(),
    status: z.enum(PRODUCT_STATUSES, { error: 'status must be active or hidden' }).optional(),
    /** true: only products with a pack at or below `threshold`. */
    low_stock: Flag('low_stock').optional(),
    threshold: z.coerce.number({ error: 'threshold must be a whole number' }).int('threshold must be a whole number').min(0, 'threshold must be 0 or more').max(STOCK_CHANGE_MAX).default(LOW_STOCK_THRESHOLD),
    sort: z.enum(BOS_PRODUCT_SORTS, { error: `sort must be one of ${BOS_PRODUCT_SORTS.join(', ')}` }).default('newest'),
  })
  .meta({ id: 'BosProductQuery' });
export type BosProductQuery = z.infer<typeof BosProductQuery>;

export const BosProductList = z
  .object({ data: z.array(BosProductRow), meta: z.object({ total: z.number().int(), threshold: z.number().int() }) })
  .meta({ id: 'BosProductList' });
export type BosProductList = z.infer<typeof BosProductList>;

export const BosProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    /** The shopper's page: /products/{slug}. */
    url: z.string(),
    /** Sanitised HTML (as written: sanitised when saved), or ''. */
    description: z.string(),
    /** The name and description in Hindi (none or ''): shown on /hi/ pages, the English ones where blank. */
    name_hi: z.string().optional(),
    description_hi: z.string().optional(),
    status: z.enum(PRODUCT_STATUSES),
    category: Named,
    brand: Named,
    supplier: Named.nullable(),
    images: z.array(z.object({ src: z.string() })),
    packs: z.array(BosPack),
    /** Earlier slugs of the product: /products/{old} answers 301 to its page. */
    old_slugs: z.array(z.string()),
    /** Whether orders hold any of its packs: then DELETE hides it instead of deleting it. */
    on_orders: z.boolean(),
    created_at: z.string(),
    /** The last change (ISO); send it back as `updated_at` to be told (409) when someone saved in between. */
    updated_at: z.string(),
  })
  .meta({ id: 'BosProduct' });
export type BosProduct = z.infer<typeof BosProduct>;

/** A pack in a product's body: with `id` an existing pack of the product, without one a new pack. */
export const BosPackBody = z
  .object({
    id: Id.optional(),
    name: Text('Pack name', { required: true, max: PACK_NAME_MAX }),
    /** The pack's name in Hindi; '' none; left out: kept as it is. */
    name_hi: Text('Pack name in Hindi', { max: PACK_NAME_MAX }).optional(),
    price: Paise('Price'),
    mrp: Paise('MRP'),
    max_per_order: MaxPerOrder.default(10),
    barcode: Barcode.optional().nullable(),
    active: Flag('active').default(true),
    /** The warehouse it ships from; an existing pack keeps its own (another is refused: add a pack there). */
    warehouse_id: Id,
    /** A new pack's opening stock (an 'opening' ledger entry); refused on an existing pack: use the stock calls. */
    opening_stock: Level.optional(),
  })
  .superRefine((pack, ctx) => {
    const problem = priceProblem(pack.price, pack.mrp);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['price'] });
    if (pack.id !== undefined && pack.opening_stock !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Opening stock is for a new pack: change stock with a count or a receipt', path: ['opening_stock'] });
    }
  })
  .meta({ id: 'BosPackBody' });
export type BosPackBody = z.infer<typeof BosPackBody>;

/**
 * POST /bos/products and PUT /bos/products/{id}: the whole product. Without a slug one is made from the name (and
 * numbered to keep it unique); a slug given is kept as given, and refused (409) when another product has it.
 * Packs: those of the product left out are removed, unless orders hold them (409: make them inactive instead).
 */
export const BosProductBody = z
  .object({
    name: Text('Name', { required: true, max: PRODUCT_NAME_MAX }),
    slug: Slug.optional(),
    description: Text('Description', { max: DESCRIPTION_MAX, multiline: true }).default(''),
    /** The name and description in Hindi (docs/languages.md); '' none; left out (an import): kept as they are. */
    name_hi: Text('Name in Hindi', { max: PRODUCT_NAME_MAX }).optional(),
    description_hi: Text('Description in Hindi', { max: DESCRIPTION_MAX, multiline: true }).optional(),
    category_id: Id,
    brand_id: Id,
    supplier_id: Id.nullable().default(null),
    images: z.array(z.object({ src: ImageSrc })).max(IMAGES_MAX, `At most ${IMAGES_MAX} images`).default([]),
    status: z.enum(PRODUCT_STATUSES, { error: 'status must be active or hidden' }).default('active'),
    packs: z.array(BosPackBody).min(1, 'A product needs at least one pack').max(PACKS_MAX, `At most ${PACKS_MAX} packs`),
    /** The product's `updated_at` as read (PUT only): 409 when it changed since. */
    updated_at: z.iso.datetime({ error: 'updated_at must be the product’s updated_at as read (ISO 8601)' }).optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.packs.forEach((pack, i) => {
      if (pack.id === undefined) return;
      if (seen.has(pack.id)) ctx.addIssue({ code: 'custom', message: 'The same pack is listed twice', path: ['packs', i, 'id'] });
      seen.add(pack.id);
    });
  })
  .meta({ id: 'BosProductBody' });
export type BosProductBody = z.infer<typeof BosProductBody>;

/** DELETE /bos/products/{id}: deleted when no order holds its packs, otherwise hidden (status hidden) and kept. */
export const BosProductRemoved = z
  .object({ outcome: z.enum(['deleted', 'hidden']), message: z.string() })
  .meta({ id: 'BosProductRemoved' });
export type BosProductRemoved = z.infer<typeof BosProductRemoved>;

/** What the product form offers: categories (with their path), brands, suppliers and warehouses, by name, bounded. */
export const BosProductOptions = z
  .object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), path: z.string() })),
    brands: z.array(Named),
    suppliers: z.array(Named),
    warehouses: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  })
  .meta({ id: 'BosProductOptions' });
export type BosProductOptions = z.infer<typeof BosProductOptions>;

/**
 * PUT /bos/packs/{id}: the list's quick edit (the morning count). Any of price, MRP (paise) and the counted level;
 * a level is entered as a 'count' ledger entry (the entry records the difference). One audit row for it all.
 */
export const BosPackQuickBody = z
  .object({
    price: Paise('Price').optional(),
    mrp: Paise('MRP').optional(),
    level: Level.optional(),
    note: Text('Note', { max: 200 }).optional(),
  })
  .refine((b) => b.price !== undefined || b.mrp !== undefined || b.level !== undefined, { message: 'Give a price, an MRP or a stock level', path: ['price'] })
  .meta({ id: 'BosPackQuickBody' });
export type BosPackQuickBody = z.infer<typeof BosPackQuickBody>;

/** One move of the ledger. `change` is signed; `level_after` is the pack's level in the warehouse after it. */
export const BosStockEntry = z
  .object({
    id: z.number().int(),
    pack_id: z.number().int(),
    warehouse_id: z.number().int(),
    change: z.number().int(),
    level_after: z.number().int(),
    reason: z.enum(STOCK_REASONS),
    note: z.string().nullable(),
    /** The order that took or gave back the goods (order, order_cancelled, order_returned). */
    order: z.object({ id: z.number().int(), ordernumber: z.string() }).nullable(),
    /** The staff member, agent or shopper; null for the system (the sweeper, a migration's opening entry). */
    by: Named.nullable(),
    at: z.string(),
  })
  .meta({ id: 'BosStockEntry' });
export type BosStockEntry = z.infer<typeof BosStockEntry>;

/**
 * POST /bos/stock: one ledger entry. `change` (signed, not 0) moves the level; a count may instead give `level` (what
 * the shelf holds) and the entry records the difference. damage takes away (negative), received adds (positive).
 * A move that would leave the level below 0 is refused (409) and nothing changes.
 */
export const BosStockBody = z
  .object({
    pack_id: Id,
    warehouse_id: Id,
    reason: z.enum(STAFF_STOCK_REASONS, { error: 'Reason must be count, damage or received' }),
    change: z
      .number({ error: 'Change must be a whole number' })
      .int('Change must be a whole number')
      .min(-STOCK_CHANGE_MAX, `Change must be at least -${STOCK_CHANGE_MAX}`)
      .max(STOCK_CHANGE_MAX, `Change must be at most ${STOCK_CHANGE_MAX}`)
      .refine((n) => n !== 0, 'Change cannot be 0')
      .optional(),
    level: Level.optional(),
    note: Text('Note', { max: 200 }).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.change === undefined) === (b.level === undefined)) ctx.addIssue({ code: 'custom', message: 'Give either a change or the counted level', path: ['change'] });
    if (b.level !== undefined && b.reason !== 'count') ctx.addIssue({ code: 'custom', message: 'Only a count sets the level', path: ['level'] });
    if (b.reason === 'damage' && b.change !== undefined && b.change > 0) ctx.addIssue({ code: 'custom', message: 'Damage takes stock away: the change must be negative', path: ['change'] });
    if (b.reason === 'received' && b.change !== undefined && b.change < 0) ctx.addIssue({ code: 'custom', message: 'Goods received add stock: the change must be positive', path: ['change'] });
  })
  .meta({ id: 'BosStockBody' });
export type BosStockBody = z.infer<typeof BosStockBody>;

/** The answer of POST /bos/stock: the entry written and the level now. */
export const BosStockMoved = z
  .object({ entry: BosStockEntry, level: z.number().int() })
  .meta({ id: 'BosStockMoved' });
export type BosStockMoved = z.infer<typeof BosStockMoved>;

export const BosStockQuery = z
  .object({ ...pagingQuery(50), pack_id: Id, warehouse_id: Id.optional() })
  .meta({ id: 'BosStockQuery' });
export type BosStockQuery = z.infer<typeof BosStockQuery>;

/** GET /bos/stock?pack_id=…: the pack, its level per warehouse, and its ledger newest first (a page of it). */
export const BosStockLedger = z
  .object({
    pack: z.object({ id: z.number().int(), name: z.string(), product_id: z.number().int(), product_name: z.string() }),
    stock: z.array(BosStockLevel),
    data: z.array(BosStockEntry),
    meta: z.object({ total: z.number().int() }),
  })
  .meta({ id: 'BosStockLedger' });
export type BosStockLedger = z.infer<typeof BosStockLedger>;

export const BosLowStockQuery = z
  .object({
    ...pagingQuery(50),
    threshold: BosProductQuery.shape.threshold,
    warehouse_id: Id.optional(),
    q: Text('Search', { max: 120 }).optional(),
  })
  .meta({ id: 'BosLowStockQuery' });
export type BosLowStockQuery = z.infer<typeof BosLowStockQuery>;

/** GET /bos/stock/low: active packs of active products at or below the threshold, fewest first. */
export const BosLowStockList = z
  .object({
    data: z.array(
      z.object({
        pack_id: z.number().int(),
        pack_name: z.string(),
        product_id: z.number().int(),
        product_name: z.string(),
        slug: z.string(),
        warehouse_id: z.number().int(),
        warehouse_name: z.string(),
        level: z.number().int(),
        price: z.number().int().meta({ description: 'Price in paise' }),
        mrp: z.number().int().meta({ description: 'MRP in paise' }),
      }),
    ),
    meta: z.object({ total: z.number().int(), threshold: z.number().int() }),
  })
  .meta({ id: 'BosLowStockList' });
export type BosLowStockList = z.infer<typeof BosLowStockList>;
