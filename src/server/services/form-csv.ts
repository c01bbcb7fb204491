import { stringify } from 'csv-stringify/sync';
import { inIndia } from '../../lib/india-time';

/**
 * The CSV of a form's answers (docs/page-builder.md#form-responses): pure parts, so they are tested alone.
 * csv-stringify quotes what needs quoting (commas, quotes, line breaks); this module decides the columns and
 * neutralises cells a spreadsheet would run as a formula.
 */

export interface CsvColumn {
  /** The answer's key (the field's name), or null for the time column. */
  key: string | null;
  header: string;
}

/**
 * The columns: the time, then each field of the form by its label in the form's order, then answers to fields no
 * longer on the form (by their name, in alphabetical order). Two fields with the same label keep both columns,
 * told apart by their names.
 */
export function csvColumns(fields: { name: string; label: string }[], keysInAnswers: string[]): CsvColumn[] {
  const labels = fields.map((f) => f.label);
  const columns: CsvColumn[] = [{ key: null, header: 'Sent (IST)' }];
  for (const field of fields) columns.push({ key: field.name, header: labels.filter((l) => l === field.label).length > 1 ? `${field.label} (${field.name})` : field.label });
  const known = new Set(fields.map((f) => f.name));
  for (const key of [...new Set(keysInAnswers)].filter((k) => !known.has(k)).sort()) columns.push({ key, header: `${key} (no longer on the form)` });
  return columns;
}

/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such a cell gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text: a checkbox is Yes or No, a missing answer empty, text that would run as a formula neutralised. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** When an answer came, on India's clock, as people read it: "26 Nov 2026, 11:35 AM". */
export const csvTime = (iso: string) => inIndia(iso).format('D MMM YYYY, h:mm A');

/** CSV lines (CRLF, every line ended) for rows of cells. */
export const csvLines = (rows: string[][]) => stringify(rows, { record_delimiter: 'windows' });

/** The header line, with a byte order mark first so spreadsheet programs read the file as UTF-8 (Hindi, ₹). */
export const csvHeader = (columns: CsvColumn[]) => `\uFEFF${csvLines([columns.map((c) => csvCell(c.header))])}`;

/** One answer's row in the columns' order. */
export const csvRow = (columns: CsvColumn[], answer: { created_at: string; answers: Record<string, unknown> }) =>
  columns.map((c) => (c.key === null ? csvTime(answer.created_at) : csvCell(answer.answers[c.key])));

/** The download's file name: the form's type and India's date ("contact-answers-2026-11-26.csv"). */
export const csvFilename = (formtype: string, at = new Date()) => `${formtype.replace(/[^a-z0-9_-]/g, '')}-answers-${inIndia(at).format('YYYY-MM-DD')}.csv`;
