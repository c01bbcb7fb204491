/**
 * The back office's CSV import and export of the catalogue (docs/back-office-import.md): products, their packs,
 * prices and stock, one row per pack, in the columns a shopkeeper's spreadsheet has. `catalogue:manage`.
 */
import { z } from 'zod';

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

/** POST /bos/import?dry_run=1|0: 1 (the default) only reports, 0 applies when the report has no error. */
export const ImportQuery = z
  .object({
    dry_run: z
      .enum(['1', '0'], { error: 'dry_run must be 1 (report only) or 0 (apply)' })
      .default('1')
      .meta({ description: '1: report what the file would do and change nothing; 0: apply it, in one transaction, when no row has an error' }),
  })
  .meta({ id: 'ImportQuery' });

const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** One problem of a row: the column it is in (null for the row as a whole) and what is wrong, in a shopkeeper's words. */
export const ImportProblem = z.object({ column: z.string().nullable(), message: z.string() }).meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof ImportProblem>;

/** What the file does to one row's pack. `row` is the spreadsheet's row number: the header is row 1. */
export const ImportRowResult = z
  .object({
    row: z.number().int(),
    outcome: z.enum(IMPORT_OUTCOMES),
    product_slug: z.string(),
    pack_name: z.string(),
    warehouse_code: z.string(),
    /** Whether the product is new (made by this row or an earlier row of the file). */
    new_product: z.boolean(),
    /** The columns whose value changes (updated rows), in the file's order. */
    changed: z.array(z.string()),
    errors: z.array(ImportProblem),
  })
  .meta({ id: 'ImportRowResult' });
export type ImportRowResult = z.infer<typeof ImportRowResult>;

export const ImportTotals = z
  .object({
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
    products_created: z.number().int(),
    products_updated: z.number().int(),
  })
  .meta({ id: 'ImportTotals' });
export type ImportTotals = z.infer<typeof ImportTotals>;

/**
 * The answer of POST /bos/import: every row's outcome, in the file's order, and the totals. A dry run is what the
 * apply then does, row for row. `applied` is true once the changes are committed.
 */
export const ImportReport = z
  .object({
    dry_run: z.boolean(),
    applied: z.boolean(),
    /** The file's columns as read, in its order (for naming a column by its letter too). */
    columns: z.array(z.string()),
    totals: ImportTotals,
    rows: z.array(ImportRowResult),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

/** GET /bos/export.csv: the catalogue in the import's columns (text/csv; charset=utf-8, a byte order mark first). */
export const CatalogueCsv = z.string().meta({ id: 'CatalogueCsv' });
