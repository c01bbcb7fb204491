import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { columnLetter, IMPORT_COLUMNS, IMPORT_KEY_COLUMNS, type ImportColumn } from '../../contract/import-rules';

/**
 * The import's file as a table (docs/back-office-import.md#the-file): csv-parse reads it (quotes, commas and line
 * breaks in cells, a byte order mark), this module judges the header and numbers the rows as a spreadsheet does
 * (the header is row 1). Pure: no database.
 */

/** One data row: its spreadsheet row number and its cells by column (trimmed; a column the file lacks is absent). */
export interface CsvRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** Why the row as a whole cannot be read (its cell count), or null. */
  problem: string | null;
}

export type CsvTable = { ok: true; columns: ImportColumn[]; rows: CsvRow[] } | { ok: false; problems: string[] };

/** A header cell as a column name: case, spaces and hyphens do not matter ("Price Rupees" is price_rupees). */
const headerName = (cell: string) => cell.trim().toLowerCase().replace(/[\s-]+/g, '_');

const KNOWN = new Set<string>(IMPORT_COLUMNS);

/** Every problem of a header, each naming its column; none when it names each column once and has the key columns. */
export function headerProblems(header: string[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  header.forEach((cell, i) => {
    const name = headerName(cell);
    if (name === '') problems.push(`Column ${columnLetter(i)} has no name in the header`);
    else if (!KNOWN.has(name)) problems.push(`Unknown column "${cell.trim()}" (column ${columnLetter(i)})`);
    else if (seen.has(name)) problems.push(`Column ${name} is in the header twice (columns ${columnLetter(seen.get(name)!)} and ${columnLetter(i)})`);
    if (!seen.has(name)) seen.set(name, i);
  });
  for (const key of IMPORT_KEY_COLUMNS) if (!seen.has(key)) problems.push(`Column ${key} is missing: every row needs it to name its pack`);
  if (problems.some((p) => p.startsWith('Unknown column'))) problems.push(`The columns are: ${IMPORT_COLUMNS.join(', ')}`);
  return problems;
}

/** A spreadsheet runs a cell starting with one of these as a formula: the export puts a ' before it, the import takes it off. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** A cell as the import reads it: trimmed, and without the ' the export put before a cell a spreadsheet would run. */
export const cellText = (raw: string) => {
  const text = raw.trim();
  return NEUTRALISED.test(text) ? text.slice(1) : text;
};

/** Why csv-parse could not read the file, in a shopkeeper's words, with the row where it stopped. */
function unreadable(error: CsvError): string {
  const row = typeof error.records === 'number' ? error.records + 1 : null;
  const where = row ? ` (row ${row})` : '';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return `The file is not valid CSV: a quoted cell is never closed${where}`;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') return `The file is not valid CSV: text follows a closing quote${where}`;
  return `The file is not valid CSV${where}: ${error.message}`;
}

/**
 * The file's header and rows, or why it cannot be imported at all (no header, an unknown, doubled or missing
 * column, CSV that does not parse). Rows whose cells are all blank are skipped but still numbered, as a spreadsheet
 * numbers its empty rows.
 */
export function readCsv(text: string): CsvTable {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, problems: [unreadable(error)] };
    throw error;
  }
  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === '')) return { ok: false, problems: ['The file is empty: its first row must name the columns'] };
  const problems = headerProblems(header);
  if (problems.length) return { ok: false, problems };
  const columns = header.map(headerName) as ImportColumn[];
  const rows: CsvRow[] = [];
  data.forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cells: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, c) => (cells[column] = cellText(record[c] ?? '')));
    const extra = record.slice(columns.length).some((cell) => cell.trim() !== '');
    const problem = record.length < columns.length || extra ? `This row has ${record.length} cells; the header has ${columns.length}` : null;
    rows.push({ row: i + 2, cells, problem });
  });
  return { ok: true, columns, rows };
}

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as the export writes it: text a spreadsheet would run as a formula gets a leading ' (taken off on import). */
export const exportCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** CSV lines (CRLF, every line ended) for rows of cells. */
export const csvLines = (rows: string[][]) => stringify(rows, { record_delimiter: 'windows' });
