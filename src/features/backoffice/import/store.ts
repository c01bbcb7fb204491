import { atom } from 'nanostores';
import type { ImportReport } from '../../../contract/bos-import';
import type { BosImportApi } from '../../../lib/api/bos-import';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { appliedText, fileProblem, type RowFilter } from './import';

/**
 * The import screen's state (docs/back-office-import.md#the-screen): the file chosen, its dry run's report, the
 * filter and page of the report's table, and what Apply did. Choosing a file checks it at once (a dry run: nothing
 * changes); Apply sends the same file again to be applied, and is refused with the report when the shop changed
 * meanwhile so that a row now has an error.
 */
export interface ImportState {
  file: { name: string; size: number } | null;
  /** The file's text as checked: what Apply sends. */
  text: string | null;
  phase: 'idle' | 'checking' | 'checked' | 'applying' | 'applied';
  report: ImportReport | null;
  /** Why the file itself cannot be imported (too large, not CSV, its header): said at the file field. */
  fileErrors: string[];
  filter: RowFilter;
  page: number;
  notice: { tone: 'success' | 'error'; text: string } | null;
}

export type ImportApi = Pick<BosImportApi, 'bosImport'>;

export const emptyImport = (): ImportState => ({ file: null, text: null, phase: 'idle', report: null, fileErrors: [], filter: 'all', page: 1, notice: null });
export const $import = atom<ImportState>(emptyImport());
const update = (change: Partial<ImportState>) => $import.set({ ...$import.get(), ...change });

/** A refusal's words for the file field: the API's `errors.file` when it gave them, else its message. */
function fileErrorsOf(failure: unknown): string[] {
  const body = failure instanceof ApiCallError ? failure.body : null;
  const listed = body && typeof body === 'object' && 'errors' in body ? (body as { errors?: { file?: unknown } }).errors?.file : null;
  return Array.isArray(listed) && listed.every((m) => typeof m === 'string') && listed.length ? listed : [errorMessage(failure)];
}

/** The report a refused apply carries (422: a row has an error now), or null. */
function refusedReport(failure: unknown): ImportReport | null {
  const body = failure instanceof ApiCallError && failure.status === 422 ? failure.body : null;
  return body && typeof body === 'object' && 'report' in body ? (body as { report: ImportReport }).report : null;
}

let asked = 0;

/**
 * A file chosen (or dropped): refused at once when it is no CSV or too large; otherwise its text is checked by a dry
 * run and the report shown from its first row. A file chosen while another is checked wins.
 */
export async function chooseFile(client: ImportApi, file: { name: string; size: number; text: () => Promise<string> } | null) {
  const ask = ++asked;
  if (!file) return $import.set(emptyImport());
  const problem = fileProblem(file);
  const chosen = { name: file.name, size: file.size };
  if (problem) return $import.set({ ...emptyImport(), file: chosen, fileErrors: [problem] });
  $import.set({ ...emptyImport(), file: chosen, phase: 'checking' });
  try {
    const text = await file.text();
    const report = await client.bosImport(text, { dryRun: true });
    if (ask === asked) update({ text, report, phase: 'checked', filter: report.totals.errors ? 'error' : 'all', page: 1 });
  } catch (failure) {
    if (ask === asked) update({ phase: 'idle', fileErrors: fileErrorsOf(failure) });
  }
}

/** Applies the checked file in one transaction. Resolves true once imported. */
export async function applyFile(client: ImportApi): Promise<boolean> {
  const { text, phase } = $import.get();
  if (text === null || phase !== 'checked') return false;
  const ask = ++asked;
  update({ phase: 'applying', notice: null });
  try {
    const report = await client.bosImport(text, { dryRun: false });
    if (ask === asked) update({ report, phase: 'applied', filter: 'all', page: 1, notice: { tone: 'success', text: appliedText(report.totals) } });
    return true;
  } catch (failure) {
    if (ask !== asked) return false;
    const report = refusedReport(failure);
    const text = report
      ? `Nothing was imported: the shop changed since the check, and ${report.totals.errors === 1 ? 'a row has an error now' : 'some rows have errors now'}. They are shown below.`
      : `Nothing was imported: ${errorMessage(failure)}`;
    update({ phase: 'checked', notice: { tone: 'error', text }, ...(report ? { report, filter: 'error' as const, page: 1 } : {}) });
    return false;
  }
}

export const showRows = (filter: RowFilter) => update({ filter, page: 1 });
export const showPage = (page: number) => update({ page });
