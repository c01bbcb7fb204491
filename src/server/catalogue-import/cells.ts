import type { ImportProblem } from '../../contract/bos-import';
import type { ImportColumn } from '../../contract/import-rules';
import {
  DESCRIPTION_MAX, isSlug, MAX_PER_ORDER_MAX, PACK_NAME_MAX, PRICE_MAX_PAISE, PRODUCT_NAME_MAX, PRODUCT_STATUSES, SLUG_MAX, STOCK_CHANGE_MAX, type ProductStatus,
} from '../../contract/bos-products';
import { textProblem } from '../../contract/text-rule';
import { patterns } from '../../contract/validation';
import { barcodeCellProblem, rupeesToPaise, wholeNumber, yesNo } from './cell-values';
import type { CsvRow } from './csv';

/**
 * One row's cells read into values (docs/back-office-import.md#the-columns), each by the rule the product form
 * keeps (contract/bos-products.ts): pure, so every rule is tested alone. A column the file lacks is left undefined
 * (the pack keeps what it has); a column present with a bad cell is a problem naming that column.
 */

/** A row of the file, read. Text references (category, brand, supplier, warehouse) are resolved against the shop later. */
export interface RowValues {
  row: number;
  product_slug: string;
  pack_name: string;
  warehouse_code: string;
  product_name?: string;
  category?: string;
  brand?: string;
  /** null: none (a blank cell). */
  supplier?: string | null;
  description?: string;
  product_status?: ProductStatus;
  /** null: none (a blank cell). */
  barcode?: string | null;
  price?: number;
  mrp?: number;
  stock?: number;
  max_per_order?: number;
  active?: boolean;
}

export interface ReadRow {
  values: RowValues;
  problems: ImportProblem[];
}

/** Reads one row of the file; `problems` name their column. */
export function readRow({ row, cells, problem }: CsvRow): ReadRow {
  const problems: ImportProblem[] = problem ? [{ column: null, message: problem }] : [];
  const fail = (column: ImportColumn, message: string) => void problems.push({ column, message });
  const text = (column: ImportColumn, label: string, { max, required, multiline = false }: { max: number; required: boolean; multiline?: boolean }): string | undefined => {
    const value = cells[column];
    if (value === undefined) return undefined;
    const wrong = textProblem(value, label, { multiline });
    if (wrong) return void fail(column, wrong);
    if (required && value === '') return void fail(column, `${label} is required`);
    if (value.length > max) return void fail(column, `${label} is too long (at most ${max} characters)`);
    return value;
  };
  const values: RowValues = {
    row,
    product_slug: text('product_slug', 'Product slug', { max: SLUG_MAX, required: true }) ?? '',
    pack_name: text('pack_name', 'Pack name', { max: PACK_NAME_MAX, required: true }) ?? '',
    warehouse_code: (text('warehouse_code', 'Warehouse code', { max: 3, required: true }) ?? '').toUpperCase(),
  };
  if (values.product_slug && !isSlug(values.product_slug)) {
    fail('product_slug', 'Product slug may hold only lower-case letters, digits and single hyphens between words');
  }
  if (values.warehouse_code && !patterns.warehouseCode.test(values.warehouse_code)) fail('warehouse_code', 'Warehouse code is 3 letters or digits, such as BLR');

  const name = text('product_name', 'Product name', { max: PRODUCT_NAME_MAX, required: true });
  if (name !== undefined) values.product_name = name;
  const category = text('category', 'Category', { max: 500, required: true });
  if (category !== undefined) values.category = category;
  const brand = text('brand', 'Brand', { max: 200, required: true });
  if (brand !== undefined) values.brand = brand;
  const supplier = text('supplier', 'Supplier', { max: 200, required: false });
  if (supplier !== undefined) values.supplier = supplier === '' ? null : supplier;
  const description = text('description', 'Description', { max: DESCRIPTION_MAX, required: false, multiline: true });
  if (description !== undefined) values.description = description;
  const status = cells.product_status;
  if (status !== undefined) {
    const word = status.toLowerCase();
    if ((PRODUCT_STATUSES as readonly string[]).includes(word)) values.product_status = word as ProductStatus;
    else fail('product_status', `Product status must be ${PRODUCT_STATUSES.join(' or ')}`);
  }

  const barcode = cells.barcode;
  if (barcode !== undefined) {
    const wrong = barcodeCellProblem(barcode);
    if (wrong) fail('barcode', wrong);
    else values.barcode = barcode === '' ? null : barcode;
  }
  const money = (column: 'price_rupees' | 'mrp_rupees', label: string): number | undefined => {
    const cell = cells[column];
    if (cell === undefined) return undefined;
    if (cell === '') return void fail(column, `${label} is required`);
    const paise = rupeesToPaise(cell);
    if (paise === null) return void fail(column, `${label} must be an amount in rupees with at most 2 decimals, such as 49.50`);
    if (paise < 1) return void fail(column, `${label} must be more than ₹0`);
    if (paise > PRICE_MAX_PAISE) return void fail(column, `${label} is too high (at most ₹${(PRICE_MAX_PAISE / 100).toLocaleString('en-IN')})`);
    return paise;
  };
  const price = money('price_rupees', 'Price');
  if (price !== undefined) values.price = price;
  const mrp = money('mrp_rupees', 'MRP');
  if (mrp !== undefined) values.mrp = mrp;
  if (price !== undefined && mrp !== undefined && price > mrp) fail('price_rupees', 'Price cannot be more than the MRP');

  const count = (column: 'stock' | 'max_per_order', label: string, min: number, max: number): number | undefined => {
    const cell = cells[column];
    if (cell === undefined) return undefined;
    if (cell === '') return void fail(column, `${label} is required`);
    const n = wholeNumber(cell);
    if (n === null) return void fail(column, `${label} must be a whole number`);
    if (column === 'stock' && n < 0) return void fail(column, 'Stock cannot be negative');
    if (n < min || n > max) return void fail(column, `${label} must be from ${min} to ${max.toLocaleString('en-IN')}`);
    return n;
  };
  const stock = count('stock', 'Stock', 0, STOCK_CHANGE_MAX);
  if (stock !== undefined) values.stock = stock;
  const maxPerOrder = count('max_per_order', 'Maximum per order', 1, MAX_PER_ORDER_MAX);
  if (maxPerOrder !== undefined) values.max_per_order = maxPerOrder;
  const active = cells.active;
  if (active !== undefined) {
    const flag = yesNo(active);
    if (flag === null) fail('active', 'Active must be yes or no');
    else values.active = flag;
  }
  return { values, problems };
}
