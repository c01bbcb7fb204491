import type { ImportOutcome, ImportProblem, ImportReport, ImportRowResult, ImportTotals } from '../../../contract/bos-import';
import { columnLetter, IMPORT_MAX_BYTES } from '../../../contract/import-rules';
import { plural } from '../../../contract/plural';

/**
 * The import screen's pure parts (docs/back-office-import.md#the-screen): which rows a filter and page show, how a
 * problem names its row and column, the summary and what Apply will do. Tested without a DOM.
 */

/** Rows of the report shown per page. */
export const ROWS_PER_PAGE = 50;

export type RowFilter = 'all' | ImportOutcome;
export const ROW_FILTERS: readonly { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'All rows' },
  { value: 'error', label: 'Errors' },
  { value: 'created', label: 'New' },
  { value: 'updated', label: 'Changed' },
  { value: 'unchanged', label: 'Unchanged' },
];

const OUTCOME_LABELS: Record<ImportOutcome, string> = { created: 'New', updated: 'Changed', unchanged: 'Unchanged', error: 'Error' };
export const outcomeLabel = (outcome: ImportOutcome) => OUTCOME_LABELS[outcome];

/** How many rows each filter holds. */
export function filterCounts(totals: ImportTotals): Record<RowFilter, number> {
  return { all: totals.rows, error: totals.errors, created: totals.created, updated: totals.updated, unchanged: totals.unchanged };
}

/** The rows a filter keeps, in the file's order. */
export const filterRows = (rows: ImportRowResult[], filter: RowFilter) => (filter === 'all' ? rows : rows.filter((r) => r.outcome === filter));

/** One page of rows (pages from 1; a page past the end shows the last). */
export function pageOfRows<T>(rows: T[], page: number, perPage = ROWS_PER_PAGE): { rows: T[]; page: number } {
  const last = Math.max(1, Math.ceil(rows.length / perPage));
  const shown = Math.min(Math.max(1, page), last);
  return { rows: rows.slice((shown - 1) * perPage, shown * perPage), page: shown };
}

/** A column as a spreadsheet user finds it: "price_rupees (column K)"; a column the file lacks by its name alone. */
export function columnName(column: string, columns: string[]): string {
  const at = columns.indexOf(column);
  return at === -1 ? column : `${column} (column ${columnLetter(at)})`;
}

/** A problem with its place: "Row 4, price_rupees (column K): Price must be …"; a problem of the whole row without a column. */
export function problemText(row: number, problem: ImportProblem, columns: string[]): string {
  return problem.column === null ? `Row ${row}: ${problem.message}` : `Row ${row}, ${columnName(problem.column, columns)}: ${problem.message}`;
}

/** The totals in a line: "120 rows: 10 new packs (2 new products), 30 changed, 78 unchanged, 2 with errors". */
export function summaryText(totals: ImportTotals): string {
  const parts = [
    plural(totals.created, 'new pack', 'new packs') + (totals.products_created ? ` (${plural(totals.products_created, 'new product', 'new products')})` : ''),
    `${totals.updated.toLocaleString('en-IN')} changed`,
    `${totals.unchanged.toLocaleString('en-IN')} unchanged`,
  ];
  if (totals.errors) parts.push(`${totals.errors.toLocaleString('en-IN')} with errors`);
  return `${plural(totals.rows, 'row', 'rows')}: ${parts.join(', ')}`;
}

/** Whether Apply may be pressed, and if not, why (shown beside the button). */
export function applyVerdict(report: ImportReport | null): { can: true } | { can: false; why: string } {
  if (!report) return { can: false, why: 'Choose a file first: it is checked before anything changes.' };
  if (report.applied) return { can: false, why: 'This file is imported.' };
  const { errors } = report.totals;
  if (errors) {
    const fix = errors === 1 ? 'the row with an error' : `the ${errors.toLocaleString('en-IN')} rows with errors`;
    return { can: false, why: `Fix ${fix} in the spreadsheet and choose the file again: nothing is imported while any row has an error.` };
  }
  if (!report.totals.created && !report.totals.updated) return { can: false, why: 'Nothing to import: every row is as the shop has it.' };
  return { can: true };
}

/** What the confirm step asks before Apply. */
export function applyQuestion(totals: ImportTotals): string {
  const what = [totals.created && plural(totals.created, 'new pack', 'new packs'), totals.updated && plural(totals.updated, 'changed pack', 'changed packs')].filter(Boolean).join(' and ');
  return `Import ${what} into the shop? It happens all at once: shoppers see the new prices and stock on their next page.`;
}

/** What the screen says once the file is imported. */
export function appliedText(totals: ImportTotals): string {
  const made = totals.products_created ? `, ${plural(totals.products_created, 'new product', 'new products')}` : '';
  return `Imported: ${plural(totals.created, 'new pack', 'new packs')}${made}, ${totals.updated.toLocaleString('en-IN')} changed. The shop shows them now.`;
}

/** Why a chosen file is not sent at all (too large, not a CSV), or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.csv$/i.test(file.name)) return 'Choose a .csv file: in a spreadsheet, use File › Save as › CSV UTF-8';
  if (file.size > IMPORT_MAX_BYTES) return `This file is too large: an import may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB (split it into several files)`;
  if (file.size === 0) return 'This file is empty';
  return null;
}

/** A file's size as people read it: "2.4 MB", "880 KB", "12 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return plural(bytes, 'byte', 'bytes');
}
