/**
 * The back office's CSV import and export of the catalogue (docs/back-office-import.md): products, their packs,
 * prices and stock, one row per pack, in the columns a shopkeeper's spreadsheet has. `catalogue:manage`.
 */
import { z } from 'zod';

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
