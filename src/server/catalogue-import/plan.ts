import type { ImportReport, ImportRowResult } from '../../contract/bos-import';
import { IMPORT_KEY_COLUMNS, type ImportColumn } from '../../contract/import-rules';
import type { ReadRow } from './cells';
import { packPlanner } from './pack-rows';
import { checkRowsAgree, resolveRows, type CleanDescription, type RowWork } from './rows';
import { keyOf, packIndexes, PRODUCT_COLUMN_LIST, PRODUCT_FIELD_OF, type ProductFields, type ProductNow, type ShopNow, type Writes } from './shop';

/**
 * What a file does to the shop (docs/back-office-import.md#what-an-import-does): each row's outcome and problems,
 * and the writes that make it so. Pure: it reads the shop from `ShopNow` (what the file names, loaded by
 * shop-now.ts), so the dry run and the apply compute the very same plan, and every rule is tested without a database.
 */

export interface Plan {
  report: Omit<ImportReport, 'dry_run' | 'applied'>;
  writes: Writes;
}

const KEY_COLUMNS: readonly (string | null)[] = IMPORT_KEY_COLUMNS;

/** The plan of a read file against the shop: every row's outcome, and the writes when no row has a problem. */
export function planImport(columns: ImportColumn[], rows: ReadRow[], shop: ShopNow, clean: CleanDescription): Plan {
  const has = new Set(columns);
  const packs = packIndexes(shop);
  const work = resolveRows(rows, shop, clean);
  const firstOfProduct = checkRowsAgree(work);
  const writes: Writes = { newProducts: [], productChanges: [], newPacks: [], packChanges: [] };
  const { packRow, newPackRow } = packPlanner(packs, has, writes);
  const productChange = new Map<string, Partial<ProductFields>>();
  const newProductSlugs = new Set<string>();
  // Packs the file takes a barcode off (giving them another, or none): another product's row may give it to its pack.
  const letGo = new Set<number>();
  for (const w of work) {
    const pack = packs.byKey.get(keyOf(w.values))?.[0];
    if (pack?.barcode && w.values.barcode !== undefined && w.values.barcode !== pack.barcode) letGo.add(pack.id);
  }
  // A description is compared as the form would save each (the stored one may predate the cleaning): once a product.
  const cleaned = new Map<number, string>();
  const stored = (product: ProductNow, field: keyof ProductFields) => {
    if (field !== 'description') return product[field];
    if (!cleaned.has(product.id)) cleaned.set(product.id, clean(product.description));
    return cleaned.get(product.id)!;
  };

  /** What a row of an existing product changes in the product's columns. */
  const productChanges = (w: RowWork, product: ProductNow, changed: string[]) => {
    const change: Partial<ProductFields> = {};
    for (const column of PRODUCT_COLUMN_LIST) {
      const field = PRODUCT_FIELD_OF[column];
      if (field in w.product && w.product[field] !== stored(product, field)) {
        (change as Record<string, unknown>)[field] = w.product[field];
        changed.push(column);
      }
    }
    return change;
  };

  const results: ImportRowResult[] = work.map((w) => {
    const { values, problems } = w;
    const fail = (column: ImportColumn, message: string) => problems.push({ column, message });
    const slug = values.product_slug;
    const product = shop.products.get(slug);
    const result = { row: values.row, product_slug: slug, pack_name: values.pack_name, warehouse_code: values.warehouse_code, new_product: !product, errors: problems };
    // A row whose pack cannot be named (a bad slug, an earlier slug, no such warehouse) is only its problems.
    if (problems.some((p) => KEY_COLUMNS.includes(p.column)) || (!product && shop.oldSlugs.has(slug))) return { ...result, outcome: 'error', changed: [] };

    if (!product && firstOfProduct.get(slug) === w) {
      for (const column of ['product_name', 'category', 'brand'] as const) {
        if (!has.has(column)) fail(column, `Product ${slug} is new: the file needs the column ${column} to make it`);
      }
    }
    const changed: string[] = [];
    const change = product ? productChanges(w, product, changed) : {};
    const matches = packs.byKey.get(keyOf(values)) ?? [];
    if (matches.length > 1) fail('pack_name', `Product ${slug} has ${matches.length} packs named “${values.pack_name}” at ${values.warehouse_code}: rename one on the product's screen first`);
    const pack = matches[0];
    // A barcode given anew (a new pack's, or changed) that another product's pack keeps is refused.
    if (values.barcode && values.barcode !== pack?.barcode) {
      const owner = (shop.barcodeOwners.get(values.barcode) ?? []).find((o) => o.product_id !== product?.id && !letGo.has(o.pack_id));
      if (owner) fail('barcode', `Barcode ${values.barcode} is already on ${owner.label}, another product's pack`);
    }
    const outcome = pack ? packRow(w, pack, changed, fail) : newPackRow(w, product, fail);
    if (outcome !== 'error') {
      if (product) productChange.set(slug, { ...productChange.get(slug), ...change });
      else newProductSlugs.add(slug);
    }
    changed.sort((a, b) => columns.indexOf(a as ImportColumn) - columns.indexOf(b as ImportColumn));
    return { ...result, outcome, changed: outcome === 'error' ? [] : changed };
  });

  // New products: their first row's product fields (defaults for the columns the file leaves out).
  for (const slug of newProductSlugs) {
    const { name, category_id, brand_id, supplier_id, description, status } = firstOfProduct.get(slug)!.product;
    if (name === undefined || category_id === undefined || brand_id === undefined) continue;
    writes.newProducts.push({ slug, name, category_id, brand_id, supplier_id: supplier_id ?? null, description: description ?? '', status: status ?? 'active' });
  }
  for (const [slug, set] of productChange) if (Object.keys(set).length) writes.productChanges.push({ id: shop.products.get(slug)!.id, set });

  const count = (outcome: ImportRowResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const totals = {
    rows: results.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    errors: count('error'),
    products_created: writes.newProducts.length,
    products_updated: writes.productChanges.length,
  };
  return { report: { columns, totals, rows: results }, writes };
}
