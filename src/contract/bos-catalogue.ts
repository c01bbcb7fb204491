/**
 * The back office's Catalogue section (docs/back-office-catalogue.md): the category tree, brands, suppliers,
 * warehouses and the website's search synonyms, as staff with catalogue:manage edit them. The screens validate with
 * these same schemas before they send, so a form and the API refuse with the same words.
 */
import { z } from 'zod';
import { Id, pagingQuery } from './common';
import { Text } from './rules';
import { safeUrl } from './safe-url';
import { SynonymGroups } from './search';
import { patterns } from './validation';

/** The section's bounds: lengths, how many categories a shop keeps and how deep its tree goes. */
export const CATALOGUE_LIMITS = {
  name: 80,
  slug: 80,
  url: 500,
  title: 120,
  city: 60,
  /** Categories a shop may have: the tree is read, drawn and dragged whole. */
  categories: 1000,
  /** Levels of the tree (a top-level category is level 1): menus and breadcrumbs stay readable. */
  depth: 5,
} as const;

/** The page size of the brands', suppliers', warehouses' and synonym groups' lists. */
export const CATALOGUE_PER_PAGE = 20;

/** A slug for a name: lower-case letters and digits joined by single hyphens ("Dals & Pulses" → "dals-pulses"); empty when the name has none. */
export const slugFromName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATALOGUE_LIMITS.slug)
    .replace(/-+$/, '');

const SLUG_WORDS = 'Slug may hold only lower-case letters and digits, joined by single hyphens (basmati-rice)';
const Name = (label = 'Name') => Text(label, { required: true, max: CATALOGUE_LIMITS.name });
/** A name in Hindi, shown on /hi/ pages (docs/languages.md): '' none; left out: kept as it is. */
const NameHi = Text('Name in Hindi', { max: CATALOGUE_LIMITS.name }).optional();
/** A slug given, or '' to make one from the name (a name without Latin letters or digits then needs one typed). */
const SlugOrBlank = Text('Slug', { max: CATALOGUE_LIMITS.slug }).refine((slug) => slug === '' || patterns.slug.test(slug), SLUG_WORDS);
const Slug = Text('Slug', { required: true, max: CATALOGUE_LIMITS.slug }).regex(patterns.slug, SLUG_WORDS);
/** An image or a link from staff, judged as every URL from data is (contract/safe-url.ts); '' is none. */
const Url = (label: string, use: 'web' | 'link') =>
  Text(label, { max: CATALOGUE_LIMITS.url }).refine((url) => url === '' || safeUrl(url, use) !== null, `${label} must be a path of this shop (starting with /) or an http(s) address`);

/** A list's query: a search in names (and slugs, codes), a page. */
export const CatalogueListQuery = z
  .object({ ...pagingQuery(CATALOGUE_PER_PAGE), q: Text('Search', { max: 80 }).optional() })
  .meta({ id: 'CatalogueListQuery' });
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

const Count = z.number().int().min(0);
const listOf = <T extends z.ZodType>(row: T, id: string) => z.object({ data: z.array(row), meta: z.object({ total: Count }) }).meta({ id });

// Categories

export const BosCategory = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    /** Its name in Hindi; none (or '') and shoppers on /hi/ pages see the English one. */
    name_hi: z.string().optional(),
    slug: z.string(),
    avatar: z.string().nullable(),
    /** Its place among its siblings, from 0. */
    position: z.number().int(),
    /** Products filed directly under it (active or hidden). */
    products: Count,
    /** Coupons limited to it. */
    coupons: Count,
  })
  .meta({ id: 'BosCategory' });
export type BosCategory = z.infer<typeof BosCategory>;

/** The whole tree, flat: parents before their children, siblings in their order. */
export const BosCategoryTree = z
  .object({ data: z.array(BosCategory), meta: z.object({ total: Count, max_depth: z.number().int(), max_categories: z.number().int() }) })
  .meta({ id: 'BosCategoryTree' });
export type BosCategoryTree = z.infer<typeof BosCategoryTree>;

export const BosCategoryCreateBody = z
  .object({
    name: Name(),
    name_hi: NameHi,
    slug: SlugOrBlank.optional(),
    /** The category it goes under (last among its children); null or left out: the top level. */
    parent_id: Id.nullable().optional(),
    avatar: Url('Image', 'web').optional(),
  })
  .meta({ id: 'BosCategoryCreateBody' });
export type BosCategoryCreateBody = z.infer<typeof BosCategoryCreateBody>;

/** A category's own fields, replaced (an image left out is none); where it sits changes only by a move. */
export const BosCategoryUpdateBody = z.object({ name: Name(), name_hi: NameHi, slug: Slug, avatar: Url('Image', 'web').optional() }).meta({ id: 'BosCategoryUpdateBody' });
export type BosCategoryUpdateBody = z.infer<typeof BosCategoryUpdateBody>;

export const BosCategoryMoveBody = z
  .object({
    id: Id,
    /** Its new parent, or null for the top level. */
    parent_id: Id.nullable(),
    /** Its place among the new parent's children, from 0 (past the end: last). */
    position: z.number({ error: 'position must be a whole number from 0' }).int('position must be a whole number from 0').min(0, 'position must be a whole number from 0').max(100_000),
  })
  .meta({ id: 'BosCategoryMoveBody' });
export type BosCategoryMoveBody = z.infer<typeof BosCategoryMoveBody>;

/** Removing a category that holds products or subcategories: where they go first (refused without it). */
export const BosCategoryRemoveQuery = z.object({ move_to: Id.optional() }).meta({ id: 'BosCategoryRemoveQuery' });

// Brands, suppliers, warehouses

export const BosBrand = z
  .object({ id: z.number().int(), name: z.string(), name_hi: z.string().optional().meta({ description: 'Its name in Hindi (none or blank: the English one on /hi/ pages)' }), slug: z.string(), logo: z.string().nullable(), products: Count, coupons: Count })
  .meta({ id: 'BosBrand' });
export type BosBrand = z.infer<typeof BosBrand>;
export const BosBrandList = listOf(BosBrand, 'BosBrandList');
export type BosBrandList = z.infer<typeof BosBrandList>;
export const BosBrandBody = z.object({ name: Name(), name_hi: NameHi, slug: SlugOrBlank.optional(), logo: Url('Logo', 'web').optional() }).meta({ id: 'BosBrandBody' });
export type BosBrandBody = z.infer<typeof BosBrandBody>;

export const BosSupplier = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), image: z.string().nullable(), title: z.string().nullable(), link: z.string().nullable(), products: Count })
  .meta({ id: 'BosSupplier' });
export type BosSupplier = z.infer<typeof BosSupplier>;
export const BosSupplierList = listOf(BosSupplier, 'BosSupplierList');
export type BosSupplierList = z.infer<typeof BosSupplierList>;
export const BosSupplierBody = z
  .object({
    name: Name(),
    slug: SlugOrBlank.optional(),
    image: Url('Image', 'web').optional(),
    title: Text('Title', { max: CATALOGUE_LIMITS.title }).optional(),
    link: Url('Link', 'link').optional(),
  })
  .meta({ id: 'BosSupplierBody' });
export type BosSupplierBody = z.infer<typeof BosSupplierBody>;

export const BosWarehouse = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    city: z.string(),
    pincode: z.string(),
    /** Packs that ship from it. */
    packs: Count,
    /** Order lines that shipped from it. */
    order_lines: Count,
    /** Delivery zones it serves. */
    zones: Count,
  })
  .meta({ id: 'BosWarehouse' });
export type BosWarehouse = z.infer<typeof BosWarehouse>;
export const BosWarehouseList = listOf(BosWarehouse, 'BosWarehouseList');
export type BosWarehouseList = z.infer<typeof BosWarehouseList>;
export const BosWarehouseBody = z
  .object({
    code: Text('Code', { required: true })
      .regex(patterns.warehouseCode, 'Code must be exactly 3 letters or digits (BLR)')
      .transform((code) => code.toUpperCase()),
    name: Name(),
    city: Text('City', { required: true, max: CATALOGUE_LIMITS.city }),
    pincode: Text('Pincode', { required: true }).regex(patterns.pincode, 'Pincode must be 6 digits, not starting with 0'),
  })
  .meta({ id: 'BosWarehouseBody' });
export type BosWarehouseBody = z.input<typeof BosWarehouseBody>;

// Search synonyms

/** A group's terms, with the rules of the synonyms API (contract/search.ts): 2 to 20 terms, each at most 40 characters and 4 words, with a letter or digit. */
const SynonymTerms = SynonymGroups.shape.groups.element;

/** A synonym group of the website: its number (stable while it exists) and its terms, in order. */
export const BosSynonymGroup = z.object({ no: z.number().int(), terms: z.array(z.string()) }).meta({ id: 'BosSynonymGroup' });
export type BosSynonymGroup = z.infer<typeof BosSynonymGroup>;
export const BosSynonymList = z
  .object({ data: z.array(BosSynonymGroup), meta: z.object({ total: Count, groups: Count, max_groups: z.number().int() }) })
  .meta({ id: 'BosSynonymList' });
export type BosSynonymList = z.infer<typeof BosSynonymList>;
export const BosSynonymBody = z.object({ terms: SynonymTerms }).meta({ id: 'BosSynonymBody' });
export type BosSynonymBody = z.infer<typeof BosSynonymBody>;
export const SynonymGroupParam = z.object({
  no: z.preprocess((value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value), z.number({ error: 'No such group' }).int().min(0)),
});
