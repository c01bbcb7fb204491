/*
 * A module of its own, without zod, so that the import screen's island carries none: the columns of the catalogue's
 * CSV import and export (docs/back-office-import.md), its limits, and how a column is named. bos-import.ts has the
 * calls' schemas.
 */

/**
 * The columns, in the export's order. A file may leave any out but the three that name a pack (IMPORT_KEY_COLUMNS):
 * then what that column holds is left as it is on packs that exist (a morning's stock count needs only the pack and
 * `stock`); a new product or pack takes its default, or is refused when the column has none.
 */
export const IMPORT_COLUMNS = [
  'product_slug',
  'product_name',
  'category',
  'brand',
  'supplier',
  'description',
  'product_status',
  'pack_name',
  'barcode',
  'price_rupees',
  'mrp_rupees',
  'stock',
  'warehouse_code',
  'max_per_order',
  'active',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** What names a pack: a product, one of its packs by name, and the warehouse the pack ships from. */
export const IMPORT_KEY_COLUMNS = ['product_slug', 'pack_name', 'warehouse_code'] as const satisfies readonly ImportColumn[];

/** The spreadsheet letter of a 0-based column: 0 → A, 25 → Z, 26 → AA (how problems name a column, with its name). */
export function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

/** The largest file taken: 8 MB (IMPORT_MAX_ROWS rows with every column and a short description fit); larger is answered 413. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** The most rows (packs) one file may hold, past its header; more is answered 413. */
export const IMPORT_MAX_ROWS = 20_000;
