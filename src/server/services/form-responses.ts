import { sql, type Kysely } from 'kysely';
import { BLOCKS } from '../../contract';
import { FORM_RESPONSES_PER_PAGE, type FormResponse, type FormResponseList, type FormSummary } from '../../contract/page-builder';
import type { Db, Dialect } from '../db';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError, refusal } from '../http/errors';
import { recordAudit } from './audit';
import { csvColumns, csvHeader, csvLines, csvRow } from './form-csv';

/**
 * The answers shoppers send through the pages' forms (POST /api/webui/create keeps them in webui_submissions),
 * for the page builder's Forms screen (docs/page-builder.md#form-responses): listed, searched, exported as CSV
 * and deleted, always those of the staff member's website only.
 */
type DB = Kysely<Database>;
interface Staff {
  userId: number;
  websiteId: number;
}

/**
 * Every form of the website: each dynamic form block on its pages (by page path, then the block's place), with
 * its title and fields, then formtypes that have answers but are no longer on any page; each with its count.
 */
async function websiteForms(db: DB, websiteId: number): Promise<FormSummary[]> {
  const blocks = await db
    .selectFrom('page_components')
    .innerJoin('pages', 'pages.id', 'page_components.page_id')
    .select(['pages.url', 'page_components.data_json'])
    .where('pages.website_id', '=', websiteId)
    .where('page_components.type', '=', 'dynamic_form')
    .orderBy('pages.url')
    .orderBy('page_components.position')
    .orderBy('page_components.id')
    .execute();
  const counts = await db
    .selectFrom('webui_submissions')
    .select(['formtype', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy('formtype')
    .execute();
  const count = new Map(counts.map((r) => [r.formtype, Number(r.n)]));
  const forms: FormSummary[] = [];
  const seen = new Set<string>();
  for (const block of blocks) {
    const form = BLOCKS.dynamic_form.safeParse(JSON.parse(block.data_json));
    // The first block with a formtype is the one a submission is checked against (services/pages.ts submitForm).
    if (!form.success || seen.has(form.data.formtype)) continue;
    seen.add(form.data.formtype);
    forms.push({
      formtype: form.data.formtype,
      title: form.data.title ?? null,
      page_url: block.url,
      responses: count.get(form.data.formtype) ?? 0,
      fields: form.data.fields.map((f) => ({ name: f.name, label: f.label })),
    });
  }
  for (const formtype of [...count.keys()].filter((f) => !seen.has(f)).sort()) forms.push({ formtype, title: null, page_url: null, responses: count.get(formtype)!, fields: [] });
  return forms;
}

/** `%`, `_` and the escape character itself, escaped for LIKE … ESCAPE '!'. */
const likeContains = (q: string) => `%${q.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;

/** Whether any answer's text (not the fields' names) holds `q`, case-insensitively: JSON's own functions on each backend. */
const answersContain = (dialect: Dialect, q: string) =>
  dialect === 'postgres'
    ? sql<boolean>`exists (select 1 from jsonb_each_text(webui_submissions.formdata_json::jsonb) as e where lower(e.value) like ${likeContains(q)} escape '!')`
    : sql<boolean>`exists (select 1 from json_each(webui_submissions.formdata_json) as e where lower(cast(e.value as text)) like ${likeContains(q)} escape '!')`;

const toResponse = (row: { id: number; formtype: string; created_at: string; formdata_json: string }): FormResponse => {
  let answers: FormResponse['answers'] = {};
  try {
    const parsed = JSON.parse(row.formdata_json) as Record<string, unknown>;
    answers = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v)]));
  } catch {
    // A row that is not JSON shows no answers rather than breaking the list.
  }
  return { id: row.id, formtype: row.formtype, created_at: row.created_at, answers };
};

/** GET /api/forms/responses: the website's answers newest first, of one form or all, searched, 50 a page; and its forms. */
export async function formResponses(db: Db, websiteId: number, query: { formtype?: string; q?: string; page: number }): Promise<FormResponseList> {
  const k = db.kysely;
  let base = k.selectFrom('webui_submissions').where('website_id', '=', websiteId);
  if (query.formtype) base = base.where('formtype', '=', query.formtype);
  if (query.q) base = base.where(answersContain(db.dialect, query.q));
  const [forms, total, rows] = await Promise.all([
    websiteForms(k, websiteId),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n)),
    base
      .select(['id', 'formtype', 'created_at', 'formdata_json'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FORM_RESPONSES_PER_PAGE)
      .offset((query.page - 1) * FORM_RESPONSES_PER_PAGE)
      .execute(),
  ]);
  return { data: rows.map(toResponse), total, page: query.page, last_page: Math.max(1, Math.ceil(total / FORM_RESPONSES_PER_PAGE)), forms };
}

/** Rows read at a time for the CSV: the export streams, so its size costs no memory. */
const EXPORT_BATCH = 500;

/**
 * GET /api/forms/responses/export.csv: one form's answers, newest first, as a CSV stream (see form-csv.ts for the
 * columns). 404 for a formtype the website has neither on a page nor in its answers.
 */
export async function exportFormResponses(db: Db, websiteId: number, formtype: string, batchSize = EXPORT_BATCH): Promise<ReadableStream<Uint8Array>> {
  const k = db.kysely;
  const form = (await websiteForms(k, websiteId)).find((f) => f.formtype === formtype);
  if (!form) throw new ApiError(404, refusal('refusals.noForm', { form: formtype }));
  const keys =
    db.dialect === 'postgres'
      ? await sql<{ key: string }>`select distinct jsonb_object_keys(formdata_json::jsonb) as key from webui_submissions where website_id = ${websiteId} and formtype = ${formtype}`.execute(k)
      : await sql<{ key: string }>`select distinct e.key as key from webui_submissions, json_each(webui_submissions.formdata_json) as e where webui_submissions.website_id = ${websiteId} and webui_submissions.formtype = ${formtype}`.execute(k);
  const columns = csvColumns(form.fields, keys.rows.map((r) => r.key));
  const encoder = new TextEncoder();
  // Keyset paging on (created_at, id), newest first: each batch starts after the last row of the one before.
  let after: { created_at: string; id: number } | null = null;
  let headed = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      if (!headed) {
        headed = true;
        controller.enqueue(encoder.encode(csvHeader(columns)));
        return;
      }
      let batch = k.selectFrom('webui_submissions').select(['id', 'formtype', 'created_at', 'formdata_json']).where('website_id', '=', websiteId).where('formtype', '=', formtype);
      if (after) {
        const { created_at, id } = after;
        batch = batch.where((eb) => eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '<', id)])]));
      }
      const rows = await batch.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
      if (rows.length) controller.enqueue(encoder.encode(csvLines(rows.map((r) => csvRow(columns, toResponse(r))))));
      if (rows.length < batchSize) {
        done = true;
        controller.close();
        return;
      }
      const last = rows[rows.length - 1]!;
      after = { created_at: last.created_at, id: last.id };
    },
  });
}

/**
 * Deletes answers of the website by id, each with its staff_audit row (who, when, which form and when it was sent;
 * not the answers themselves, which are gone), in one transaction. Ids of other websites or already deleted are
 * left out; the number deleted is returned.
 */
export async function deleteFormResponses(db: DB, staff: Staff, ids: number[]): Promise<number> {
  return inTransaction(db, async (trx: DB) => {
    const rows = await trx.selectFrom('webui_submissions').select(['id', 'formtype', 'created_at']).where('website_id', '=', staff.websiteId).where('id', 'in', [...new Set(ids)]).orderBy('id').execute();
    if (!rows.length) return 0;
    await trx.deleteFrom('webui_submissions').where('website_id', '=', staff.websiteId).where('id', 'in', rows.map((r) => r.id)).execute();
    const at = new Date();
    for (const row of rows) {
      await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'form_response.deleted', subject: { kind: 'form_response', id: row.id }, orderId: null, before: { formtype: row.formtype, created_at: row.created_at }, after: undefined }, at);
    }
    return rows.length;
  });
}
