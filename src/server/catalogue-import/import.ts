import type { Kysely } from 'kysely';
import type { ImportReport } from '../../contract/bos-import';
import { IMPORT_MAX_ROWS, type ImportColumn } from '../../contract/import-rules';
import { plural } from '../../contract/plural';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/errors';
import { recordAudit } from '../services/audit';
import { applyWrites } from './apply';
import { readRow, type ReadRow } from './cells';
import { readCsv } from './csv';
import { cleanDescription } from './description';
import { planImport } from './plan';
import { loadShopNow } from './shop-now';

interface Staff {
  userId: number;
  websiteId: number;
}

/** The file read, or a 400 (413 past IMPORT_MAX_ROWS) naming why it cannot be imported at all. */
function readFile(text: string) {
  const table = readCsv(text);
  if (!table.ok) throw new ApiError(400, table.problems[0]!, { file: table.problems });
  if (table.rows.length > IMPORT_MAX_ROWS) {
    const message = `This file has ${table.rows.length.toLocaleString('en-IN')} rows: an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} (split it into several files)`;
    throw new ApiError(413, message, { file: [message] });
  }
  if (!table.rows.length) throw new ApiError(400, 'The file has a header but no rows', { file: ['The file has a header but no rows'] });
  return { columns: table.columns, rows: table.rows.map(readRow) };
}

/**
 * POST /bos/import (docs/back-office-import.md): the file's plan against the shop as it is. A dry run reports it and
 * changes nothing; an apply plans again inside one transaction and, when no row has an error, writes it there with
 * one audit row for the whole import, so what the dry run said is what the apply does. A row with an error makes the
 * apply change nothing (422, with the report).
 */
export async function importCatalogue(db: Db, staff: Staff, text: string, { dryRun }: { dryRun: boolean }): Promise<ImportReport> {
  const { columns, rows } = readFile(text);
  if (dryRun) {
    const { report } = planImport(columns, rows, await loadShopNow(db.kysely, rows), cleanDescription);
    return { dry_run: true, applied: false, ...report };
  }
  return inTransaction(db.kysely, (trx) => applyFile(trx, staff, columns, rows)).catch((error: unknown) => {
    // Another import or a product's form made one of the file's new products (its slug is taken) since the plan.
    if (!(error instanceof ApiError) && /unique|duplicate/i.test(String((error as Error)?.message))) {
      throw new ApiError(409, 'The shop changed while this file was imported (a product was made meanwhile): nothing was imported. Check the file again.');
    }
    throw error;
  });
}

/** The apply: the plan again, inside the transaction, and its writes with one audit row when no row has an error. */
async function applyFile(trx: Kysely<Database>, staff: Staff, columns: ImportColumn[], rows: ReadRow[]): Promise<ImportReport> {
  const { report, writes } = planImport(columns, rows, await loadShopNow(trx, rows), cleanDescription);
  const answer: ImportReport = { dry_run: false, applied: false, ...report };
  if (report.totals.errors > 0) {
    throw new ApiError(422, `Nothing was imported: ${plural(report.totals.errors, 'row has an error', 'rows have errors')}`, undefined, { report: answer });
  }
  await applyWrites(trx, writes, staff.userId);
  const { totals } = report;
  await recordAudit(trx, {
    websiteId: staff.websiteId,
    userId: staff.userId,
    action: 'import.applied',
    subject: { kind: 'import', id: staff.websiteId },
    orderId: null,
    before: null,
    after: { columns, ...totals },
  });
  return { ...answer, applied: true };
}
