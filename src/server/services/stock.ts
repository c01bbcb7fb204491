/**
 * The stock ledger (docs/back-office-products.md#stock): every move of a pack's stock in its warehouse is a row of
 * stock_moves (change, reason, who, when, the level after), written in the transaction that moves packs.stock, so
 * the level is always the sum of the ledger. Staff counts, damage and receipts, orders taking and giving back their
 * goods, and a new pack's opening stock all go through applyStockMove. A move that would leave the level below 0
 * is refused by the UPDATE itself (`stock + change >= 0`), atomic on SQLite and PostgreSQL alike.
 */
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { BosLowStockList, BosLowStockQuery, BosStockEntry, BosStockLedger, BosStockQuery } from '../../contract/bos-products';
import type { Database, StockMoveReason, StockMoveTable } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { recordAudit } from './audit';

type DB = Kysely<Database>;
type MoveRow = Selectable<StockMoveTable>;

export interface StockMove {
  packId: number;
  /** Signed change; or `level` (a count: the level to set, the entry records the difference). */
  change?: number;
  level?: number;
  reason: StockMoveReason;
  note?: string | null;
  orderId?: number | null;
  /** Who moved it (staff, the shopper or agent of an order); null for the shop itself. */
  userId?: number | null;
  /** The warehouse the caller means: refused (422) when it is not the pack's. */
  warehouseId?: number;
}

/** The outcome of one move: the entry written, or why not (the pack is gone, or the level would fall below 0). */
type Applied = { ok: true; entry: MoveRow } | { ok: false; missing: true } | { ok: false; missing: false; level: number };

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Moves one pack's stock and writes its ledger entry, in the caller's transaction; answers why not instead of
 * throwing, so an order can name every short line. The level is read and locked (FOR UPDATE on PostgreSQL; a
 * SQLite write transaction holds the database) only for a count, which needs it to know the difference.
 */
export async function applyStockMove(trx: DB, move: StockMove, at = new Date()): Promise<Applied> {
  let change = move.change ?? 0;
  if (move.level !== undefined) {
    const locked = trx.selectFrom('packs').select('stock').where('id', '=', move.packId);
    const row = await (isPostgres(trx) ? locked.forUpdate() : locked).executeTakeFirst();
    if (!row) return { ok: false, missing: true };
    change = move.level - row.stock;
  }
  const updated = await trx
    .updateTable('packs')
    .set((eb) => ({ stock: eb('stock', '+', change) }))
    .where('id', '=', move.packId)
    .where(sql<boolean>`stock + ${change} >= 0`)
    .returning(['stock', 'warehouse_id'])
    .executeTakeFirst();
  if (!updated) {
    const row = await trx.selectFrom('packs').select('stock').where('id', '=', move.packId).executeTakeFirst();
    return row ? { ok: false, missing: false, level: row.stock } : { ok: false, missing: true };
  }
  const entry = await trx
    .insertInto('stock_moves')
    .values({
      pack_id: move.packId,
      warehouse_id: updated.warehouse_id,
      change,
      level_after: updated.stock,
      reason: move.reason,
      note: move.note ?? null,
      order_id: move.orderId ?? null,
      user_id: move.userId ?? null,
      at: at.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, entry };
}

/** A refusal's words when a move would leave the level below 0. */
const belowZero = (level: number, change: number) =>
  new ApiError(409, `Only ${level} in stock: taking ${-change} would leave ${level + change}`, { change: [`At most ${level} can be taken away`] }, { level });

/**
 * One ledger entry of a staff member (POST /bos/stock, the list's quick count, the CSV import), in the caller's
 * transaction: the pack must be kept in the warehouse named (422), and the level may not fall below 0 (409, nothing
 * changed). Writes no audit row: the caller writes the one of its change (moveStockAsStaff does, for POST /bos/stock).
 */
export async function moveStock(trx: DB, move: StockMove & { userId: number }): Promise<MoveRow> {
  const pack = await trx.selectFrom('packs').select(['id', 'warehouse_id', 'stock']).where('id', '=', move.packId).executeTakeFirst();
  if (!pack) throw new ApiError(422, 'No such pack', { pack_id: ['No such pack'] });
  if (move.warehouseId !== undefined && move.warehouseId !== pack.warehouse_id) {
    throw new ApiError(422, 'This pack is not kept in that warehouse', { warehouse_id: ['This pack is not kept in that warehouse'] });
  }
  const applied = await applyStockMove(trx, move);
  if (applied.ok) return applied.entry;
  if (applied.missing) throw new ApiError(422, 'No such pack', { pack_id: ['No such pack'] });
  throw belowZero(applied.level, move.change ?? 0);
}

/** POST /bos/stock: the entry and its audit row in one transaction; the level after. */
export async function moveStockAsStaff(db: DB, staff: { userId: number; websiteId: number }, move: StockMove & { warehouseId: number }): Promise<{ entry: BosStockEntry; level: number }> {
  const entry = await db.transaction().execute(async (trx) => {
    const row = await moveStock(trx, { ...move, userId: staff.userId });
    await recordAudit(trx, {
      websiteId: staff.websiteId,
      userId: staff.userId,
      action: 'stock.adjusted',
      subject: { kind: 'stock', id: row.pack_id },
      orderId: null,
      before: { level: row.level_after - row.change },
      after: { level: row.level_after, change: row.change, reason: row.reason, entry_id: row.id, warehouse_id: row.warehouse_id },
      reason: row.note,
    });
    return row;
  });
  const [shown] = await entriesShown(db, [entry]);
  return { entry: shown!, level: entry.level_after };
}

/** Ledger rows as the API shows them: the order's number and the person's name. */
async function entriesShown(db: DB, rows: MoveRow[]): Promise<BosStockEntry[]> {
  const orderIds = [...new Set(rows.map((r) => r.order_id).filter((id): id is number => id !== null))];
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  const [orders, users] = await Promise.all([
    orderIds.length ? db.selectFrom('orders').select(['id', 'ordernumber']).where('id', 'in', orderIds).execute() : [],
    userIds.length ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [],
  ]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => ({
    id: r.id,
    pack_id: r.pack_id,
    warehouse_id: r.warehouse_id,
    change: r.change,
    level_after: r.level_after,
    reason: r.reason,
    note: r.note,
    order: r.order_id === null ? null : (orderById.get(r.order_id) ?? null),
    by: r.user_id === null ? null : (userById.get(r.user_id) ?? null),
    at: r.at,
  }));
}

/** GET /bos/stock?pack_id=…: the pack, its level, and a page of its ledger, newest first. */
export async function stockLedger(db: DB, query: BosStockQuery): Promise<BosStockLedger> {
  const pack = await db
    .selectFrom('packs as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
    .select(['pk.id', 'pk.name', 'pk.stock', 'pk.warehouse_id', 'w.name as warehouse_name', 'p.id as product_id', 'p.name as product_name'])
    .where('pk.id', '=', query.pack_id)
    .executeTakeFirst();
  if (!pack) throw notFound('No such pack');
  let rows = db.selectFrom('stock_moves').where('pack_id', '=', pack.id);
  if (query.warehouse_id !== undefined) rows = rows.where('warehouse_id', '=', query.warehouse_id);
  const [{ total }, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    rows.selectAll().orderBy('id', 'desc').limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
  ]);
  const shownHere = query.warehouse_id === undefined || query.warehouse_id === pack.warehouse_id;
  return {
    pack: { id: pack.id, name: pack.name, product_id: pack.product_id, product_name: pack.product_name },
    stock: shownHere ? [{ warehouse_id: pack.warehouse_id, warehouse_name: pack.warehouse_name, level: pack.stock }] : [],
    data: await entriesShown(db, page),
    meta: { total: Number(total) },
  };
}

/** A LIKE pattern matching `text` anywhere, LIKE's wildcards in it taken literally (escape '\'). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** GET /bos/stock/low: active packs of active products at or below the threshold, fewest first. */
export async function lowStock(db: DB, query: BosLowStockQuery): Promise<BosLowStockList> {
  let rows = db
    .selectFrom('packs as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    // Written out, not bound: SQLite takes the partial index of packs on sale (migration 0031) only for a query that
    // says is_active = 1 itself, and starts from it only when it can weigh the whole condition. The threshold is a
    // whole number the contract checked.
    .where(sql<boolean>`pk.is_active = 1 and pk.stock <= ${sql.lit(query.threshold)} and p.is_active = 1`);
  if (query.warehouse_id !== undefined) rows = rows.where('pk.warehouse_id', '=', query.warehouse_id);
  if (query.q) rows = rows.where(sql<boolean>`lower(p.name) like ${containing(query.q)} escape '\\'`);
  const [{ total }, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    rows
      .select(['pk.id as pack_id', 'pk.name as pack_name', 'p.id as product_id', 'p.name as product_name', 'p.slug', 'pk.warehouse_id', 'pk.stock as level', 'pk.price_paise as price', 'pk.act_price_paise as mrp'])
      .orderBy('pk.stock')
      .orderBy('pk.id')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
  ]);
  // The warehouses' names apart: joined, SQLite may start from the warehouses and read every pack of each.
  const names = new Map((await db.selectFrom('warehouses').select(['id', 'name']).where('id', 'in', [0, ...new Set(page.map((r) => r.warehouse_id))]).execute()).map((w) => [w.id, w.name]));
  return { data: page.map((r) => ({ ...r, warehouse_name: names.get(r.warehouse_id) ?? '' })), meta: { total: Number(total), threshold: query.threshold } };
}
