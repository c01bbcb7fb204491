import { createRoute, z } from '@hono/zod-openapi';
import { CatalogueCsv, ImportQuery, ImportReport } from '../../../contract/bos-import';
import { IMPORT_MAX_BYTES } from '../../../contract/import-rules';
import { exportCatalogue, exportFilename } from '../../catalogue-import/export';
import { importCatalogue } from '../../catalogue-import/import';
import { ApiError } from '../../http/errors';
import { requireCatalogueStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, router } from '../../http/router';

/**
 * The catalogue in bulk (docs/back-office-import.md): a CSV of products, packs, prices and stock, checked by a dry
 * run and applied in one transaction; the same columns exported. catalogue:manage.
 */
export const bosImportRoutes = router();
for (const path of ['/bos/import', '/bos/export.csv']) bosImportRoutes.use(path, requireCatalogueStaff);

const ImportRefused = z
  .object({ message: z.string(), report: ImportReport })
  .meta({ id: 'ImportRefused' });

/** The body as UTF-8 text, or a 400 saying how to save the file so (a spreadsheet's "CSV UTF-8"). */
function utf8(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const message = 'The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8 (comma delimited)"';
    throw new ApiError(400, message, { file: [message] });
  }
}

bosImportRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/import',
    tags: ['bos'],
    summary: `Imports a CSV of products, packs, prices and stock (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB): dry_run=1 reports each row's outcome and changes nothing; dry_run=0 applies the file in one transaction when no row has an error`,
    request: {
      query: ImportQuery,
      body: { content: { 'text/csv': { schema: z.string().meta({ description: 'The CSV file, UTF-8, header first (docs/back-office-import.md#the-file)' }) } }, required: true },
    },
    responses: {
      200: jsonAnswer(ImportReport, 'Every row\'s outcome and the totals (applied: whether the changes are committed)'),
      413: { description: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB, or has more rows than one import takes (errors.file)`, content: { 'application/json': { schema: z.object({ message: z.string() }) } } },
      415: { description: 'The body is not text/csv', content: { 'application/json': { schema: z.object({ message: z.string() }) } } },
      422: { description: 'dry_run=0 and a row has an error: nothing changed; the report says which', content: { 'application/json': { schema: ImportRefused } } },
      ...errorResponses([400, 401, 403, 409]),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/csv') throw new ApiError(415, 'Send the file as text/csv');
    const text = utf8(await c.req.arrayBuffer());
    const dryRun = c.req.valid('query').dry_run === '1';
    return c.json(await importCatalogue(c.var.deps.db, staffOf(c), text, { dryRun }), 200);
  },
);

bosImportRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/export.csv',
    tags: ['bos'],
    summary: 'The catalogue as CSV in the import\'s columns, one row per pack (a download): importing it back changes nothing',
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: CatalogueCsv } } }, ...errorResponses([401, 403]) },
  }),
  async (c) =>
    c.body(await exportCatalogue(c.var.deps.db.kysely), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFilename()}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    }),
);
