/**
 * The audit log (docs/back-office-people.md#the-audit-log): the website's staff_audit rows, newest first, filtered
 * by who, kind of subject (and one subject), action and India's dates; the filters' choices as the table holds
 * them; and the same rows as a CSV download. Every kind of subject reads the same way: the kinds and actions come
 * from the table, never from a list here, so an area that starts writing rows shows in the log at once.
 */
import type { Kysely } from 'kysely';
import { AUDIT_EXPORT_MAX_ROWS } from '../../contract/audit-limits';
import type { BosAuditExportQuery, BosAuditFilters, BosAuditList, BosAuditQuery, BosAuditRow } from '../../contract/bos-people';
import { changeSummary, codeWords } from '../../lib/audit-diff';
import { inIndia, indiaDayStart } from '../../lib/india-time';
import type { Database } from '../db/schema';
import { csvCell, csvLines, csvTime } from './form-csv';

type DB = Kysely<Database>;
type Filters = BosAuditExportQuery;

const DAY = 86_400_000;

/** The website's rows the filters keep: India's `from` day from its midnight, its `to` day up to the next one. */
function filtered(db: DB, websiteId: number, query: Filters) {
  let base = db.selectFrom('staff_audit').where('staff_audit.website_id', '=', websiteId);
  if (query.who !== undefined) base = base.where('staff_audit.user_id', '=', query.who);
  if (query.subject) base = base.where('staff_audit.subject_kind', '=', query.subject as never);
  if (query.subject_id !== undefined) base = base.where('staff_audit.subject_id', '=', query.subject_id);
  if (query.action) base = base.where('staff_audit.action', '=', query.action);
  if (query.from) base = base.where('staff_audit.at', '>=', new Date(indiaDayStart(query.from)).toISOString());
  if (query.to) base = base.where('staff_audit.at', '<', new Date(indiaDayStart(query.to) + DAY).toISOString());
  return base;
}

const COLUMNS = ['id', 'at', 'user_id', 'action', 'subject_kind', 'subject_id', 'order_id', 'before_json', 'after_json', 'reason'] as const;
type Raw = { id: number; at: string; user_id: number; action: string; subject_kind: string; subject_id: number; order_id: number | null; before_json: string | null; after_json: string | null; reason: string | null };

/** A recorded side: its JSON, or the text itself when it is not JSON (never a failure of the whole log). */
function side(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** The rows with their names: who made each change, the user a user's row is about, the order's number. */
async function named(db: DB, rows: Raw[]): Promise<BosAuditRow[]> {
  const userIds = [...new Set([...rows.map((r) => r.user_id), ...rows.filter((r) => r.subject_kind === 'user').map((r) => r.subject_id)])];
  const orderIds = [...new Set(rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])))];
  const [users, orders] = await Promise.all([
    userIds.length ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [],
    orderIds.length ? db.selectFrom('orders').select(['id', 'ordernumber']).where('id', 'in', orderIds).execute() : [],
  ]);
  const name = new Map(users.map((u) => [u.id, u.name]));
  const number = new Map(orders.map((o) => [o.id, o.ordernumber]));
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    who: { id: r.user_id, name: name.get(r.user_id) ?? null },
    action: r.action,
    subject: { kind: r.subject_kind, id: r.subject_id, name: r.subject_kind === 'user' ? (name.get(r.subject_id) ?? null) : r.subject_kind === 'order' && r.order_id !== null ? (number.get(r.order_id) ?? null) : null },
    order: r.order_id === null ? null : { id: r.order_id, ordernumber: number.get(r.order_id) ?? null },
    before: side(r.before_json),
    after: side(r.after_json),
    reason: r.reason,
  }));
}

/** GET /s/api/bos/audit: one page of the website's audit, newest first. */
export async function auditList(db: DB, websiteId: number, query: BosAuditQuery): Promise<BosAuditList> {
  const base = filtered(db, websiteId, query);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(COLUMNS.map((c) => `staff_audit.${c}` as const))
      .orderBy('staff_audit.at', 'desc')
      .orderBy('staff_audit.id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
  ]);
  return { data: await named(db, rows as Raw[]), meta: { total: Number(total) } };
}

/** The most choices each filter offers (the newest people and the kinds and actions, in order). */
const MAX_CHOICES = 200;

/** GET /s/api/bos/audit/filters: who appears in the website's audit, and which kinds of subject and actions. */
export async function auditFilters(db: DB, websiteId: number): Promise<BosAuditFilters> {
  const [people, subjects, actions] = await Promise.all([
    db
      .selectFrom('staff_audit')
      .innerJoin('users', 'users.id', 'staff_audit.user_id')
      .where('staff_audit.website_id', '=', websiteId)
      .select(['users.id', 'users.name'])
      .distinct()
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(MAX_CHOICES)
      .execute(),
    db.selectFrom('staff_audit').where('website_id', '=', websiteId).select('subject_kind').distinct().orderBy('subject_kind').limit(MAX_CHOICES).execute(),
    db.selectFrom('staff_audit').where('website_id', '=', websiteId).select('action').distinct().orderBy('action').limit(MAX_CHOICES).execute(),
  ]);
  return { people, subjects: subjects.map((r) => r.subject_kind), actions: actions.map((r) => r.action) };
}

const HEADERS = ['When (IST)', 'Who', 'Who (id)', 'Action', 'Subject', 'Subject (id)', 'Subject name', 'Order', 'Change', 'Reason', 'Before (JSON)', 'After (JSON)'];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** One row of the CSV: every cell neutralised against spreadsheet formulas (form-csv.ts csvCell). */
const csvRowOf = (r: BosAuditRow) =>
  [
    csvTime(r.at),
    r.who.name ?? '',
    r.who.id,
    r.action,
    codeWords(r.subject.kind),
    r.subject.id,
    r.subject.name ?? '',
    r.order?.ordernumber ?? '',
    changeSummary(r.before, r.after),
    r.reason ?? '',
    json(r.before),
    json(r.after),
  ].map(csvCell);

/** Rows read at a time for the CSV. */
const EXPORT_BATCH = 500;

/**
 * GET /s/api/bos/audit/export.csv: the rows the filters keep, newest first, as a CSV stream of at most
 * AUDIT_EXPORT_MAX_ROWS rows (the newest), a byte order mark first so spreadsheets read it as UTF-8.
 */
export function exportAudit(db: DB, websiteId: number, query: Filters, { batchSize = EXPORT_BATCH, maxRows = AUDIT_EXPORT_MAX_ROWS } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { at: string; id: number } | null = null;
  let sent = 0;
  let headed = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headed) {
        headed = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLines([HEADERS.map(csvCell)])}`));
        return;
      }
      let batch = filtered(db, websiteId, query).select(COLUMNS.map((c) => `staff_audit.${c}` as const));
      if (after) {
        const { at, id } = after;
        batch = batch.where((eb) => eb.or([eb('staff_audit.at', '<', at), eb.and([eb('staff_audit.at', '=', at), eb('staff_audit.id', '<', id)])]));
      }
      const limit = Math.min(batchSize, maxRows - sent);
      const rows = (await batch.orderBy('staff_audit.at', 'desc').orderBy('staff_audit.id', 'desc').limit(limit).execute()) as Raw[];
      if (rows.length) controller.enqueue(encoder.encode(csvLines((await named(db, rows)).map(csvRowOf))));
      sent += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < limit || sent >= maxRows) {
        controller.close();
        return;
      }
      after = { at: last.at, id: last.id };
    },
  });
}

/** The download's file name, India's date: "audit-2026-11-26.csv". */
export const auditCsvFilename = (at = new Date()) => `audit-${inIndia(at).format('YYYY-MM-DD')}.csv`;
