import type { ImportProblem } from '../../contract/bos-import';
import type { ImportColumn } from '../../contract/import-rules';
import type { ReadRow, RowValues } from './cells';
import { categoryFinder, finder, type Found } from './names';
import { keyOf, PRODUCT_COLUMN_LIST, PRODUCT_FIELD_OF, type ProductColumn, type ProductFields, type ShopNow } from './shop';

/**
 * The rows of a file before they meet the shop's products and packs (plan.ts): each row's names resolved (category,
 * brand, supplier, warehouse, an earlier slug), then the rows that disagree with each other. Pure.
 */

/** A row as the plan works on it: its values, its problems so far, its product's fields resolved. */
export interface RowWork {
  values: RowValues;
  problems: ImportProblem[];
  product: Partial<ProductFields>;
  warehouseId: number | null;
}

/** Cleans a description as the product form saves it (sanitised HTML): given, so the plan stays free of it. */
export type CleanDescription = (text: string) => string;

/** Each row's product fields and warehouse from the names it gives, with a problem at each name the shop lacks. */
export function resolveRows(rows: ReadRow[], shop: ShopNow, clean: CleanDescription): RowWork[] {
  const findCategory = categoryFinder(shop.categories);
  const findBrand = finder(shop.brands, 'brand');
  const findSupplier = finder(shop.suppliers, 'supplier');
  const warehouseByCode = new Map(shop.warehouses.map((w) => [w.code.toUpperCase(), w.id]));
  return rows.map(({ values, problems }) => {
    const mine = [...problems];
    const fail = (column: ImportColumn, message: string) => mine.push({ column, message });
    const resolve = (column: ImportColumn, found: Found): number | undefined => ('id' in found ? found.id : void fail(column, found.problem));
    const product: Partial<ProductFields> = {};
    if (values.product_name !== undefined) product.name = values.product_name;
    const category = values.category === undefined ? undefined : resolve('category', findCategory(values.category));
    if (category !== undefined) product.category_id = category;
    const brand = values.brand === undefined ? undefined : resolve('brand', findBrand(values.brand));
    if (brand !== undefined) product.brand_id = brand;
    if (values.supplier === null) product.supplier_id = null;
    const supplier = values.supplier ? resolve('supplier', findSupplier(values.supplier)) : undefined;
    if (supplier !== undefined) product.supplier_id = supplier;
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
}

/**
 * Rows of one file that disagree, each refused on the later row naming the earlier: the same pack twice; a
 * product whose rows say different things in a product column; one barcode on two products' packs. Answers each product's
 * first row (which says what a new product is).
 */
export function checkRowsAgree(work: RowWork[]): Map<string, RowWork> {
  const firstOfPack = new Map<string, number>();
  const firstOfProduct = new Map<string, RowWork>();
  const firstSaid = new Map<string, Map<ProductColumn, { row: number; value: unknown }>>();
  const barcodeRow = new Map<string, { row: number; slug: string }>();
  for (const w of work) {
    const { values } = w;
    if (!values.product_slug || !values.pack_name || !values.warehouse_code) continue;
    const key = keyOf(values);
    const earlier = firstOfPack.get(key);
    if (earlier !== undefined) w.problems.push({ column: 'pack_name', message: `The same pack is on row ${earlier}: each pack may be in the file once` });
    else firstOfPack.set(key, values.row);
    if (!firstOfProduct.has(values.product_slug)) firstOfProduct.set(values.product_slug, w);
    const said = firstSaid.get(values.product_slug) ?? new Map<ProductColumn, { row: number; value: unknown }>();
    firstSaid.set(values.product_slug, said);
    for (const column of PRODUCT_COLUMN_LIST) {
      const field = PRODUCT_FIELD_OF[column];
      if (!(field in w.product)) continue;
      const first = said.get(column);
      if (!first) said.set(column, { row: values.row, value: w.product[field] });
      else if (first.value !== w.product[field]) {
        w.problems.push({ column, message: `Row ${first.row} says otherwise for product ${values.product_slug}: every row of one product must say the same ${column}` });
      }
    }
    // One product's packs may share a barcode (the same pack kept in two warehouses); two products may not.
    if (values.barcode) {
      const other = barcodeRow.get(values.barcode);
      if (other && other.slug !== values.product_slug) w.problems.push({ column: 'barcode', message: `Barcode ${values.barcode} is also on row ${other.row}, another product's pack` });
      else if (!other) barcodeRow.set(values.barcode, { row: values.row, slug: values.product_slug });
    }
  }
  return firstOfProduct;
}
