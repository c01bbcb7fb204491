/**
 * Tills (docs/pos.md#tills): a counter's day in one warehouse. Opened with the cash in the drawer, closed with the
 * cash counted; closing computes the Z-report (sales by payment mode, cash expected against counted) and stores
 * it on the till, so it reads the same ever after. Each opening and closing writes one staff_audit row in its
 * transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { PosCounter, PosPaymentMode, PosTill, PosTillCloseBody, PosTillList, PosTillListQuery, PosTillOpenBody, PosTillWithReport, PosZReport } from '../../contract/pos';
import { POS_PAYMENT_MODES } from '../../contract/pos';
import { indiaDayStart } from '../../lib/india-time';
import { toRupees } from '../../lib/money';
import { toPaise } from '../../lib/to-paise';
import type { Dialect } from '../db';
import type { Database, TillTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { isProvider } from '../orders/payments/types';
import { recordAudit } from '../services/audit';

type DB = Kysely<Database>;
export type TillRow = Selectable<TillTable>;

/** A staff member at a till: who, on which website. */
export interface Cashier {
  userId: number;
  websiteId: number;
}

/** A till of this website, locked until the transaction ends on PostgreSQL (SQLite's writer holds the database). */
export async function lockedTill(trx: DB, dialect: Dialect, websiteId: number, tillId: number): Promise<TillRow> {
  const query = trx.selectFrom('tills').selectAll().where('id', '=', tillId).where('website_id', '=', websiteId);
  const till = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!till) throw new ApiError(404, 'No such till');
  return till;
}

/** The till must be open to sell, take a return or close. */
export function mustBeOpen(till: TillRow): void {
  if (till.status !== 'open') throw new ApiError(409, `Till ${till.id} is closed`);
}

/** POST /pos/tills: opens a till at a warehouse with its opening cash. */
export async function openTill(db: DB, cashier: Cashier, body: PosTillOpenBody): Promise<PosTill> {
  const id = await db.transaction().execute(async (trx) => {
    const warehouse = await trx.selectFrom('warehouses').select('id').where('id', '=', body.warehouse_id).executeTakeFirst();
    if (!warehouse) throw new ApiError(422, 'No such warehouse', { warehouse_id: ['No such warehouse'] });
    const at = new Date().toISOString();
    const opening = toPaise(body.opening_cash);
    const till = await trx
      .insertInto('tills')
      .values({ website_id: cashier.websiteId, warehouse_id: warehouse.id, status: 'open', opening_cash_paise: opening, opened_by: cashier.userId, opened_at: at, closed_by: null, closed_at: null, counted_cash_paise: null, note: null, report_json: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { websiteId: cashier.websiteId, userId: cashier.userId, action: 'till.opened', subject: { kind: 'till', id: till.id }, orderId: null, before: null, after: { warehouse_id: warehouse.id, opening_cash_paise: opening } });
    return till.id;
  });
  return tillShown(db, cashier.websiteId, id);
}

/** POST /pos/tills/{id}/close: the Z-report, computed in the transaction that closes the till and stored on it. */
export async function closeTill(db: DB, dialect: Dialect, cashier: Cashier, tillId: number, body: PosTillCloseBody): Promise<PosZReport> {
  return db.transaction().execute(async (trx) => {
    const till = await lockedTill(trx, dialect, cashier.websiteId, tillId);
    mustBeOpen(till);
    const at = new Date().toISOString();
    const counted = toPaise(body.counted_cash);
    const note = body.note || null;
    const report = await zReport(trx, till, { closedBy: cashier.userId, closedAt: at, countedPaise: counted, note });
    await trx
      .updateTable('tills')
      .set({ status: 'closed', closed_by: cashier.userId, closed_at: at, counted_cash_paise: counted, note, report_json: JSON.stringify(report) })
      .where('id', '=', till.id)
      .execute();
    await recordAudit(trx, {
      websiteId: cashier.websiteId,
      userId: cashier.userId,
      action: 'till.closed',
      subject: { kind: 'till', id: till.id },
      orderId: null,
      before: { status: 'open' },
      after: { status: 'closed', counted_cash: report.counted_cash, cash_expected: report.cash_expected, difference: report.difference },
      reason: note,
    });
    return report;
  });
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * A till's figures: sales (orders of channel pos on this till, not cancelled) by payment mode, paid payments only
 * (a UPI payment the provider has not confirmed is counted apart, as awaiting); returns' refunds from this till's
 * drawer by mode; cash expected = opening + cash sales (net of change) − cash refunds.
 */
async function zReport(trx: DB, till: TillRow, closing: { closedBy: number; closedAt: string; countedPaise: number; note: string | null }): Promise<PosZReport> {
  const [payments, refunds, sales, shorts, warehouse, people] = await Promise.all([
    trx
      .selectFrom('pos_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.mode', 'p.state', 'p.amount_paise'])
      .where('p.till_id', '=', till.id)
      .where('o.status', '!=', 'cancelled')
      .execute(),
    trx.selectFrom('refunds').select(['provider', 'amount_paise']).where('till_id', '=', till.id).where('status', '=', 'processed').execute(),
    trx.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('till_id', '=', till.id).where('status', '!=', 'cancelled').executeTakeFirstOrThrow(),
    trx.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('till_id', '=', till.id).where('stock_short', '=', 1).executeTakeFirstOrThrow(),
    trx.selectFrom('warehouses').select(['id', 'code', 'name']).where('id', '=', till.warehouse_id).executeTakeFirstOrThrow(),
    trx.selectFrom('users').select(['id', 'name']).where('id', 'in', [till.opened_by, closing.closedBy]).execute(),
  ]);
  const person = (id: number) => ({ id, name: people.find((p) => p.id === id)?.name ?? '' });
  const paidBy = (mode: PosPaymentMode) => sum(payments.filter((p) => p.mode === mode && p.state === 'paid').map((p) => p.amount_paise));
  // A UPI return is refunded through the provider (its refund's provider is razorpay): UPI's figure.
  const modeOf = (provider: string): string => (isProvider(provider) ? 'upi' : provider);
  const refundedBy = (mode: PosPaymentMode) => sum(refunds.filter((r) => modeOf(r.provider) === mode).map((r) => r.amount_paise));
  const cashExpected = till.opening_cash_paise + paidBy('cash') - refundedBy('cash');
  return {
    till_id: till.id,
    warehouse,
    opened_at: till.opened_at,
    closed_at: closing.closedAt,
    opened_by: person(till.opened_by),
    closed_by: person(closing.closedBy),
    sales_count: Number(sales.n),
    returns_count: refunds.length,
    stock_short_count: Number(shorts.n),
    awaiting_upi: toRupees(sum(payments.filter((p) => p.state === 'pending').map((p) => p.amount_paise))),
    by_mode: POS_PAYMENT_MODES.map((mode) => ({ mode, sales: toRupees(paidBy(mode)), refunds: toRupees(refundedBy(mode)), net: toRupees(paidBy(mode) - refundedBy(mode)) })),
    opening_cash: toRupees(till.opening_cash_paise),
    cash_sales: toRupees(paidBy('cash')),
    cash_refunds: toRupees(refundedBy('cash')),
    cash_expected: toRupees(cashExpected),
    counted_cash: toRupees(closing.countedPaise),
    difference: toRupees(closing.countedPaise - cashExpected),
    note: closing.note,
  };
}

/** Tills as the API shows them, with their warehouse and people, in the order given. */
async function tillsShown(db: DB, rows: TillRow[]): Promise<PosTillWithReport[]> {
  if (!rows.length) return [];
  const [warehouses, people] = await Promise.all([
    db.selectFrom('warehouses').select(['id', 'code', 'name']).where('id', 'in', [...new Set(rows.map((r) => r.warehouse_id))]).execute(),
    db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(rows.flatMap((r) => [r.opened_by, ...(r.closed_by === null ? [] : [r.closed_by])]))])
      .execute(),
  ]);
  const person = (id: number) => ({ id, name: people.find((p) => p.id === id)?.name ?? '' });
  return rows.map((t) => ({
    id: t.id,
    warehouse: warehouses.find((w) => w.id === t.warehouse_id)!,
    status: t.status,
    opening_cash: toRupees(t.opening_cash_paise),
    opened_at: t.opened_at,
    opened_by: person(t.opened_by),
    closed_at: t.closed_at,
    closed_by: t.closed_by === null ? null : person(t.closed_by),
    report: t.report_json ? (JSON.parse(t.report_json) as PosZReport) : null,
  }));
}

/** One till of this website, with its Z-report once closed; 404 otherwise. */
export async function tillShown(db: DB, websiteId: number, tillId: number): Promise<PosTillWithReport> {
  const row = await db.selectFrom('tills').selectAll().where('id', '=', tillId).where('website_id', '=', websiteId).executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such till');
  return (await tillsShown(db, [row]))[0]!;
}

/** GET /bos/pos/tills: the website's tills, newest first, each with its Z-report once closed. */
export async function listTills(db: DB, websiteId: number, query: PosTillListQuery): Promise<PosTillList> {
  let rows = db.selectFrom('tills').where('website_id', '=', websiteId);
  if (query.status) rows = rows.where('status', '=', query.status);
  if (query.warehouse_id !== undefined) rows = rows.where('warehouse_id', '=', query.warehouse_id);
  if (query.date) {
    // India's calendar day: [its midnight, the next) in UTC, as opened_at is kept.
    const start = indiaDayStart(query.date);
    rows = rows.where('opened_at', '>=', new Date(start).toISOString()).where('opened_at', '<', new Date(start + 86_400_000).toISOString());
  }
  const [{ total }, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    rows.selectAll().orderBy('opened_at', 'desc').orderBy('id', 'desc').limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
  ]);
  return { data: await tillsShown(db, page), meta: { total: Number(total) } };
}

/** The till screen's start (GET /pos/counter): the warehouses, and the tills this staff member left open here. */
export async function counter(db: DB, cashier: Cashier, gstin: string | null): Promise<PosCounter> {
  const [warehouses, open] = await Promise.all([
    db.selectFrom('warehouses').select(['id', 'code', 'name']).orderBy('name').execute(),
    db
      .selectFrom('tills')
      .selectAll()
      .where('website_id', '=', cashier.websiteId)
      .where('opened_by', '=', cashier.userId)
      .where('status', '=', 'open')
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  ]);
  const shown = await tillsShown(db, open);
  return { warehouses, open_tills: shown.map(({ report: _report, ...till }) => till), gstin };
}
