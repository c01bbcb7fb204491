import { isJsonObject, pageSend } from './browser';
import { createCaller, type CheckAnswer, type Send } from './client';

/** Where the catalogue's export downloads from (GET /s/api/bos/export.csv): a plain link, the browser saves it. */
export const CATALOGUE_EXPORT_HREF = '/s/api/bos/export.csv';

/**
 * The back office's catalogue import (docs/back-office-import.md): the CSV goes as the body (text/csv). A client of
 * its own, like the other staff calls, so no shopper's page carries it.
 */
function createBosImportApi(send: Send, check: CheckAnswer) {
  const { call } = createCaller(send, check);
  return {
    /** Checks the file (dry run: nothing changes), or applies it (422 with the report when a row has an error). */
    bosImport: (csv: string, { dryRun }: { dryRun: boolean }) =>
      call('ImportReport', `/bos/import?dry_run=${dryRun ? 1 : 0}`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: csv }),
  };
}
export type BosImportApi = ReturnType<typeof createBosImportApi>;

/** The import's calls for its island. */
export const bosImportApi = () => createBosImportApi(pageSend(), isJsonObject);
