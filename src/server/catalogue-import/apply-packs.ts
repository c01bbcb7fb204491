import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { PackChange, PackFields } from './shop';

/** The batched writes of changed packs (apply.ts): their columns, and their counted levels through the stock ledger. */

type DB = Kysely<Database>;

/** What the stock ledger says of a level an import set. */
export const LEDGER_NOTE = 'CSV import';
const flag = (on: boolean) => (on ? 1 : 0);
const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Each pack's column and how the plan's value is stored in it. */
const PACK_COLUMNS: { [F in keyof PackFields]: [column: 'price_paise' | 'act_price_paise' | 'barcode' | 'max_per_order' | 'is_active', stored: (value: PackFields[F]) => number | string | null] } = {
  price: ['price_paise', (v) => v],
  mrp: ['act_price_paise', (v) => v],
  barcode: ['barcode', (v) => v],
  max_per_order: ['max_per_order', (v) => v],
  active: ['is_active', (v) => flag(v)],
};

/** `case id when … then … else <column> end`: each pack's new value of a column, the others' kept. */
const byId = (column: string, values: [id: number, value: number | string | null][]): RawBuilder<unknown> =>
  sql`case id ${sql.join(values.map(([id, value]) => sql`when ${id} then ${value}`), sql` `)} else ${sql.ref(column)} end`;

/** Changed packs' columns (not their stock): one UPDATE for the batch, each column a CASE over the packs that change it. */
export async function updatePacks(trx: DB, changes: PackChange[]): Promise<void> {
  const set: Record<string, RawBuilder<unknown>> = {};
  for (const field of Object.keys(PACK_COLUMNS) as (keyof PackFields)[]) {
    const [column, stored] = PACK_COLUMNS[field] as [string, (value: unknown) => number | string | null];
    const values = changes.flatMap((c): [number, number | string | null][] => (c.set[field] === undefined ? [] : [[c.id, stored(c.set[field])]]));
    if (values.length) set[column] = byId(column, values);
  }
  const priced = changes.flatMap((c): [number, string | null][] => (c.discount_type === undefined ? [] : [[c.id, c.discount_type]]));
  if (priced.length) set.discount_type = byId('discount_type', priced);
  await trx.updateTable('packs').set(set).where('id', 'in', changes.map((c) => c.id)).execute();
}

/**
 * Counted levels, batched: what services/stock.ts's applyStockMove does for one count (read the level under lock,
 * set the counted one, write a `count` entry of the difference with the level after), for a batch of packs in three
 * statements. The rows are locked (FOR UPDATE on PostgreSQL; a SQLite write transaction holds the database), so the
 * difference is against the level as it is, and the pack's level stays the sum of its ledger.
 */
export async function countLevels(trx: DB, changes: PackChange[], userId: number, now: string): Promise<void> {
  const read = trx.selectFrom('packs').select(['id', 'stock', 'warehouse_id']).where('id', 'in', changes.map((c) => c.id));
  const rows = await (isPostgres(trx) ? read.forUpdate() : read).execute();
  const found = new Map(rows.map((r) => [r.id, r]));
  const moves = changes.flatMap((c) => {
    const pack = found.get(c.id);
    if (!pack) throw new ApiError(409, `Row ${c.row}: the pack is gone since the check; check the file again`);
    return pack.stock === c.stock!.to ? [] : [{ pack_id: c.id, warehouse_id: pack.warehouse_id, change: c.stock!.to - pack.stock, level_after: c.stock!.to, reason: 'count' as const, note: LEDGER_NOTE, user_id: userId, at: now }];
  });
  if (!moves.length) return;
  await trx.updateTable('packs').set({ stock: byId('stock', moves.map((m) => [m.pack_id, m.level_after])) as never }).where('id', 'in', moves.map((m) => m.pack_id)).execute();
  await trx.insertInto('stock_moves').values(moves).execute();
}
