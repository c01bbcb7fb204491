import { IMPORT_KEY_COLUMNS, type ImportColumn, type ImportProblem, type ImportReport, type ImportRowResult } from '../../contract/bos-import';
import { PACKS_MAX, type ProductStatus } from '../../contract/bos-products';
import { formatRupees, toRupees } from '../../lib/money';
import type { ReadRow, RowValues } from './cells';
import { categoryFinder, finder, type CategoryNamed, type Found, type Named } from './names';

/**
 * What a file does to the shop (docs/back-office-import.md#what-an-import-does): each row's outcome and problems,
 * and the writes that make it so. Pure: it reads the shop from `ShopNow` (what the file names, loaded by
 * shop-now.ts), so the dry run and the apply compute the very same plan, and every rule is tested without a database.
 */

/** A product as it stands. */
export interface ProductNow {
  id: number;
  slug: string;
  name: string;
  category_id: number;
  brand_id: number;
  supplier_id: number | null;
  description: string;
  status: ProductStatus;
}

/** A pack as it stands; money in paise. */
export interface PackNow {
  id: number;
  product_id: number;
  name: string;
  warehouse_id: number;
  barcode: string | null;
  price: number;
  mrp: number;
  stock: number;
  max_per_order: number;
  active: boolean;
  position: number;
}

/** The shop as far as the file names it. */
export interface ShopNow {
  categories: CategoryNamed[];
  brands: Named[];
  suppliers: Named[];
  warehouses: { id: number; code: string }[];
  /** The products the file names, by slug. */
  products: Map<string, ProductNow>;
  /** Earlier slugs of products (they redirect to the product): a file naming one is told the slug now. */
  oldSlugs: Map<string, string>;
  /** Every pack of the products the file names. */
  packs: PackNow[];
  /** Packs elsewhere that hold a barcode the file gives, by barcode: a label for the message. */
  barcodeOwners: Map<string, { pack_id: number; label: string }>;
}

type ProductFields = Omit<ProductNow, 'id' | 'slug'>;
export type PackFields = Pick<PackNow, 'barcode' | 'price' | 'mrp' | 'max_per_order' | 'active'>;

interface NewProduct extends ProductFields {
  slug: string;
}
interface NewPack extends PackFields {
  product_slug: string;
  /** The product's id when it exists; a new product's is known once it is made (by its slug). */
  product_id: number | null;
  name: string;
  warehouse_id: number;
  stock: number;
  position: number;
  row: number;
}
export interface PackChange {
  id: number;
  product_id: number;
  set: Partial<PackFields>;
  /** A counted level that differs from the pack's: the ledger records the difference. */
  stock?: { from: number; to: number };
  row: number;
}

export interface Writes {
  newProducts: NewProduct[];
  productChanges: { id: number; set: Partial<ProductFields> }[];
  newPacks: NewPack[];
  packChanges: PackChange[];
}

export interface Plan {
  report: Omit<ImportReport, 'dry_run' | 'applied'>;
  writes: Writes;
}

/** Cleans a description as the product form saves it (sanitised HTML): given, so this module stays free of it. */
export type CleanDescription = (text: string) => string;

const PRODUCT_FIELD_OF = { product_name: 'name', category: 'category_id', brand: 'brand_id', supplier: 'supplier_id', description: 'description', product_status: 'status' } as const;
type ProductColumn = keyof typeof PRODUCT_FIELD_OF;
const PRODUCT_COLUMN_LIST = Object.keys(PRODUCT_FIELD_OF) as ProductColumn[];
const PACK_FIELD_OF = { barcode: 'barcode', price_rupees: 'price', mrp_rupees: 'mrp', max_per_order: 'max_per_order', active: 'active' } as const;
type PackColumn = keyof typeof PACK_FIELD_OF;
const PACK_COLUMN_LIST = Object.keys(PACK_FIELD_OF) as PackColumn[];

const NEW_PACK_DEFAULTS = { max_per_order: 10, active: true, stock: 0, barcode: null } as const;
const rupees = (paise: number) => formatRupees(toRupees(paise));
const keyOf = (v: Pick<RowValues, 'product_slug' | 'pack_name' | 'warehouse_code'>) => `${v.product_slug}\u0000${v.pack_name.toLowerCase()}\u0000${v.warehouse_code}`;

/** The plan of a read file against the shop: every row's outcome, and the writes when no row has a problem. */
export function planImport(columns: ImportColumn[], rows: ReadRow[], shop: ShopNow, clean: CleanDescription): Plan {
  const has = new Set(columns);
  const findCategory = categoryFinder(shop.categories);
  const findBrand = finder(shop.brands, 'brand');
  const findSupplier = finder(shop.suppliers, 'supplier');
  const warehouseByCode = new Map(shop.warehouses.map((w) => [w.code.toUpperCase(), w.id]));
  const packsByKey = new Map<string, PackNow[]>();
  const packsOf = new Map<number, PackNow[]>();
  const codeOf = new Map(shop.warehouses.map((w) => [w.id, w.code.toUpperCase()]));
  const productById = new Map([...shop.products.values()].map((p) => [p.id, p]));
  for (const pack of shop.packs) {
    const product = productById.get(pack.product_id);
    if (!product) continue;
    const key = keyOf({ product_slug: product.slug, pack_name: pack.name, warehouse_code: codeOf.get(pack.warehouse_id) ?? '' });
    packsByKey.set(key, [...(packsByKey.get(key) ?? []), pack]);
    packsOf.set(pack.product_id, [...(packsOf.get(pack.product_id) ?? []), pack]);
  }

  // Pass 1: each row's own problems and resolved product fields; the first row of each pack and product.
  interface Work {
    values: RowValues;
    problems: ImportProblem[];
    product: Partial<ProductFields>;
    warehouseId: number | null;
  }
  const work: Work[] = rows.map(({ values, problems }) => {
    const mine = [...problems];
    const fail = (column: ImportColumn, message: string) => mine.push({ column, message });
    const resolve = (column: ImportColumn, found: Found): number | undefined => ('id' in found ? found.id : void fail(column, found.problem));
    const product: Partial<ProductFields> = {};
    if (values.product_name !== undefined) product.name = values.product_name;
    if (values.category !== undefined) {
      const id = resolve('category', findCategory(values.category));
      if (id !== undefined) product.category_id = id;
    }
    if (values.brand !== undefined) {
      const id = resolve('brand', findBrand(values.brand));
      if (id !== undefined) product.brand_id = id;
    }
    if (values.supplier === null) product.supplier_id = null;
    else if (values.supplier !== undefined) {
      const id = resolve('supplier', findSupplier(values.supplier));
      if (id !== undefined) product.supplier_id = id;
    }
    if (values.description !== undefined) product.description = clean(values.description);
    if (values.product_status !== undefined) product.status = values.product_status;
    let warehouseId: number | null = null;
    if (values.warehouse_code) {
      warehouseId = warehouseByCode.get(values.warehouse_code) ?? null;
      if (warehouseId === null) fail('warehouse_code', `No warehouse with the code ${values.warehouse_code}`);
    }
    const renamed = shop.oldSlugs.get(values.product_slug);
    if (renamed && !shop.products.has(values.product_slug)) fail('product_slug', `This product's slug is now “${renamed}”: use that`);
    return { values, problems: mine, product, warehouseId };
  });

  // Pass 2: rows of one file that disagree. The same pack twice; a product whose rows say different things; one
  // barcode on two packs.
  const firstOfPack = new Map<string, number>();
  const firstOfProduct = new Map<string, Work>();
  const firstSaid = new Map<string, Map<ProductColumn, { row: number; value: unknown }>>();
  const barcodeRow = new Map<string, { row: number; key: string }>();
  for (const w of work) {
    const { values } = w;
    if (!values.product_slug || !values.pack_name || !values.warehouse_code) continue;
    const key = keyOf(values);
    const earlier = firstOfPack.get(key);
    if (earlier !== undefined) w.problems.push({ column: 'pack_name', message: `The same pack is on row ${earlier}: each pack may be in the file once` });
    else firstOfPack.set(key, values.row);
    if (!firstOfProduct.has(values.product_slug)) firstOfProduct.set(values.product_slug, w);
    const said = firstSaid.get(values.product_slug) ?? new Map();
    firstSaid.set(values.product_slug, said);
    for (const column of PRODUCT_COLUMN_LIST) {
      const field = PRODUCT_FIELD_OF[column];
      if (!(field in w.product)) continue;
      const value = w.product[field];
      const first = said.get(column);
      if (!first) said.set(column, { row: values.row, value });
      else if (first.value !== value) {
        w.problems.push({ column, message: `Row ${first.row} says otherwise for product ${values.product_slug}: every row of one product must say the same ${column}` });
      }
    }
    if (values.barcode) {
      const other = barcodeRow.get(values.barcode);
      if (other && other.key !== key) w.problems.push({ column: 'barcode', message: `Barcode ${values.barcode} is also on row ${other.row}: a barcode names one pack` });
      else if (!other) barcodeRow.set(values.barcode, { row: values.row, key });
    }
  }

  // Pass 3: against the shop. What each row creates or changes.
  const writes: Writes = { newProducts: [], productChanges: [], newPacks: [], packChanges: [] };
  const productChange = new Map<string, Partial<ProductFields>>();
  const newProductSlugs = new Set<string>();
  const packCount = new Map<string, number>();
  const nextPosition = new Map<string, number>();
  /** Barcodes the file takes off packs (given another, or none): another row may give them to its pack. */
  const freed = new Set<string>();
  for (const w of work) {
    const pack = w.values.product_slug && w.values.warehouse_code ? packsByKey.get(keyOf(w.values))?.[0] : undefined;
    if (pack?.barcode && w.values.barcode !== undefined && w.values.barcode !== pack.barcode) freed.add(pack.barcode);
  }

  const cleaned = new Map<number, string>();
  const cleanedNow = (product: ProductNow) => {
    if (!cleaned.has(product.id)) cleaned.set(product.id, clean(product.description));
    return cleaned.get(product.id)!;
  };

  const results: ImportRowResult[] = work.map((w) => {
    const { values, problems } = w;
    const fail = (column: ImportColumn | null, message: string) => problems.push({ column, message });
    const slug = values.product_slug;
    const product = shop.products.get(slug);
    const first = firstOfProduct.get(slug);
    const changed: string[] = [];
    // A row whose pack cannot be named (a bad slug, an old slug, no such warehouse) is only its problems.
    const named = problems.every((p) => !(IMPORT_KEY_COLUMNS as readonly (string | null)[]).includes(p.column)) && (product !== undefined || !shop.oldSlugs.has(slug));
    if (!named) return { row: values.row, outcome: 'error', product_slug: slug, pack_name: values.pack_name, warehouse_code: values.warehouse_code, new_product: !product, changed: [], errors: problems };

    // The product: new (its first row says what it is), or changed by the product columns.
    if (!product && first === w) {
      for (const column of ['product_name', 'category', 'brand'] as const) {
        if (!has.has(column)) fail(column, `Product ${slug} is new: the file needs the column ${column} to make it`);
      }
    }
    const change: Partial<ProductFields> = {};
    if (product) {
      for (const column of PRODUCT_COLUMN_LIST) {
        const field = PRODUCT_FIELD_OF[column];
        // A description is compared as the form would save each (the stored one may predate the cleaning).
        const now = field === 'description' ? cleanedNow(product) : product[field];
        if (field in w.product && w.product[field] !== now) {
          (change as Record<string, unknown>)[field] = w.product[field];
          changed.push(column);
        }
      }
    }

    // The pack.
    const matches = packsByKey.get(keyOf(values)) ?? [];
    if (matches.length > 1) fail('pack_name', `Product ${slug} has ${matches.length} packs named “${values.pack_name}” at ${values.warehouse_code}: rename one on the product's screen first`);
    const pack = matches[0];
    if (values.barcode) {
      const owner = shop.barcodeOwners.get(values.barcode);
      if (owner && owner.pack_id !== pack?.id && !freed.has(values.barcode)) fail('barcode', `Barcode ${values.barcode} is already on ${owner.label}`);
    }
    let outcome: ImportRowResult['outcome'];
    if (pack) {
      const set: Partial<PackFields> = {};
      for (const column of PACK_COLUMN_LIST) {
        const field = PACK_FIELD_OF[column];
        const value = values[field];
        if (value !== undefined && value !== pack[field]) {
          (set as Record<string, unknown>)[field] = value;
          changed.push(column);
        }
      }
      const price = values.price ?? pack.price;
      const mrp = values.mrp ?? pack.mrp;
      if (price > mrp) fail(values.price !== undefined ? 'price_rupees' : 'mrp_rupees', `Price ${rupees(price)} cannot be more than the MRP ${rupees(mrp)}`);
      const stock = values.stock !== undefined && values.stock !== pack.stock ? { from: pack.stock, to: values.stock } : undefined;
      if (stock) changed.push('stock');
      outcome = problems.length ? 'error' : changed.length ? 'updated' : 'unchanged';
      if (outcome === 'updated' && (Object.keys(set).length || stock)) writes.packChanges.push({ id: pack.id, product_id: pack.product_id, set, ...(stock ? { stock } : {}), row: values.row });
    } else {
      if (!has.has('price_rupees')) fail('price_rupees', `Pack “${values.pack_name}” is new: the file needs the column price_rupees to make it`);
      const count = (packCount.get(slug) ?? (product ? (packsOf.get(product.id)?.length ?? 0) : 0)) + 1;
      packCount.set(slug, count);
      if (count > PACKS_MAX) fail('pack_name', `Product ${slug} would have more than ${PACKS_MAX} packs`);
      const price = values.price;
      const mrp = values.mrp ?? price;
      if (price !== undefined && mrp !== undefined && price > mrp) fail('mrp_rupees', `Price ${rupees(price)} cannot be more than the MRP ${rupees(mrp)}`);
      outcome = problems.length ? 'error' : 'created';
      if (outcome === 'created') {
        const position = nextPosition.get(slug) ?? (product ? Math.max(-1, ...(packsOf.get(product.id) ?? []).map((p) => p.position)) + 1 : 0);
        nextPosition.set(slug, position + 1);
        writes.newPacks.push({
          product_slug: slug, product_id: product?.id ?? null, name: values.pack_name, warehouse_id: w.warehouseId!, price: price!, mrp: mrp!, position, row: values.row,
          barcode: values.barcode ?? NEW_PACK_DEFAULTS.barcode, stock: values.stock ?? NEW_PACK_DEFAULTS.stock,
          max_per_order: values.max_per_order ?? NEW_PACK_DEFAULTS.max_per_order, active: values.active ?? NEW_PACK_DEFAULTS.active,
        });
      }
    }
    if (outcome !== 'error') {
      if (product) productChange.set(slug, { ...productChange.get(slug), ...change });
      else newProductSlugs.add(slug);
    }
    changed.sort((a, b) => columns.indexOf(a as ImportColumn) - columns.indexOf(b as ImportColumn));
    return { row: values.row, outcome, product_slug: slug, pack_name: values.pack_name, warehouse_code: values.warehouse_code, new_product: !product, changed: outcome === 'error' ? [] : changed, errors: problems };
  });

  // New products: their first row's product fields (defaults for the columns the file leaves out).
  for (const slug of newProductSlugs) {
    const fields = firstOfProduct.get(slug)!.product;
    if (fields.name === undefined || fields.category_id === undefined || fields.brand_id === undefined) continue;
    writes.newProducts.push({ slug, name: fields.name, category_id: fields.category_id, brand_id: fields.brand_id, supplier_id: fields.supplier_id ?? null, description: fields.description ?? '', status: fields.status ?? 'active' });
  }
  for (const [slug, set] of productChange) if (Object.keys(set).length) writes.productChanges.push({ id: shop.products.get(slug)!.id, set });

  const count = (outcome: ImportRowResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const report = {
    columns,
    totals: {
      rows: results.length,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      errors: count('error'),
      products_created: writes.newProducts.length,
      products_updated: writes.productChanges.length,
    },
    rows: results,
  };
  return { report, writes };
}
