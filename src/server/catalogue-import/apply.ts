import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { refreshListingOf } from '../db/listing';
import { refreshProductWords } from '../db/product-words';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { refreshSearchWords } from '../services/search-words';
import type { PackChange, PackFields, Writes } from './plan';

type DB = Kysely<Database>;

/** Rows per INSERT, and ids per IN list. */
const BATCH = 400;
/** What the stock ledger says of a level an import set. */
const LEDGER_NOTE = 'CSV import';

/** Packs per batched UPDATE (a CASE branch per pack and column: well within both databases' bound values). */
const CASE_BATCH = 200;

const chunks = <T>(list: T[], size = BATCH) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const flag = (on: boolean) => (on ? 1 : 0);
const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Writes an import's plan in the caller's transaction, batched (docs/back-office-import.md#what-an-import-does): new
 * products, changed products, barcodes let go of, new packs with their opening ledger entries, changed packs, and
 * the counted levels as `count` entries of the stock ledger, so a pack's level stays the sum of its ledger.
 * Then what is derived, for the products touched only: the listing's price, discount and warehouses, the
 * suggestions' words, the search vocabulary. The page generation follows by the tables' triggers.
 */
export async function applyWrites(trx: DB, writes: Writes, userId: number, at = new Date()): Promise<void> {
  const now = at.toISOString();
  const idOf = new Map<string, number>();
  for (const batch of chunks(writes.newProducts)) {
    const made = await trx
      .insertInto('products')
      .values(batch.map((p) => ({ name: p.name, slug: p.slug, description: p.description, category_id: p.category_id, brand_id: p.brand_id, supplier_id: p.supplier_id, is_active: flag(p.status === 'active'), created_at: now, updated_at: now })))
      .returning(['id', 'slug'])
      .execute();
    for (const p of made) idOf.set(p.slug, p.id);
  }
  for (const { id, set } of writes.productChanges) {
    const { status, ...fields } = set;
    await trx.updateTable('products').set({ ...fields, ...(status ? { is_active: flag(status === 'active') } : {}), updated_at: now }).where('id', '=', id).execute();
  }
  // A barcode may move from one pack to another in one file: each pack whose barcode changes lets go of it first.
  const moving = writes.packChanges.filter((c) => c.set.barcode !== undefined).map((c) => c.id);
  for (const ids of chunks(moving)) await trx.updateTable('packs').set({ barcode: null }).where('id', 'in', ids).execute();

  for (const batch of chunks(writes.newPacks)) {
    const made = await trx
      .insertInto('packs')
      .values(batch.map((p) => ({
        product_id: p.product_id ?? idOf.get(p.product_slug)!, name: p.name, price_paise: p.price, act_price_paise: p.mrp, discount_type: p.mrp > p.price ? 'percent' : null,
        warehouse_id: p.warehouse_id, stock: p.stock, max_per_order: p.max_per_order, barcode: p.barcode, is_active: flag(p.active), position: p.position,
      })))
      .returning(['id', 'warehouse_id', 'stock'])
      .execute();
    // Every new pack opens its ledger with its level, as migration 0030 opened every pack's.
    await trx
      .insertInto('stock_moves')
      .values(made.map((p) => ({ pack_id: p.id, warehouse_id: p.warehouse_id, change: p.stock, level_after: p.stock, reason: 'opening' as const, note: LEDGER_NOTE, user_id: userId, at: now })))
      .execute();
  }
  for (const batch of chunks(writes.packChanges.filter((c) => Object.keys(c.set).length), CASE_BATCH)) await updatePacks(trx, batch);
  for (const batch of chunks(writes.packChanges.filter((c) => c.stock), CASE_BATCH)) await countLevels(trx, batch, userId, now);

  const touched = [...new Set([...idOf.values(), ...writes.productChanges.map((c) => c.id), ...writes.packChanges.map((c) => c.product_id), ...writes.newPacks.flatMap((p) => (p.product_id ? [p.product_id] : []))])];
  for (const ids of chunks(touched)) await refreshListingOf(trx, ids);
  const named = [...idOf.values(), ...writes.productChanges.filter((c) => c.set.name !== undefined).map((c) => c.id)];
  if (named.length) await refreshProductWords(trx, named);
  if (named.length || writes.productChanges.some((c) => c.set.status !== undefined)) await refreshSearchWords(trx);
}

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
async function updatePacks(trx: DB, changes: PackChange[]): Promise<void> {
  const set: Record<string, RawBuilder<unknown>> = {};
  for (const field of Object.keys(PACK_COLUMNS) as (keyof PackFields)[]) {
    const [column, stored] = PACK_COLUMNS[field] as [string, (value: unknown) => number | string | null];
    const values = changes.flatMap((c): [number, number | string | null][] => (c.set[field] === undefined ? [] : [[c.id, stored(c.set[field])]]));
    if (values.length) set[column] = byId(column, values);
  }
  await trx.updateTable('packs').set(set).where('id', 'in', changes.map((c) => c.id)).execute();
}

/**
 * Counted levels, batched: what services/stock.ts's applyStockMove does for one count (read the level under lock,
 * set the counted one, write a `count` entry of the difference with the level after), for a batch of packs in three
 * statements. The rows are locked (FOR UPDATE on PostgreSQL; a SQLite write transaction holds the database), so the
 * difference is against the level as it is, and the pack's level stays the sum of its ledger.
 */
async function countLevels(trx: DB, changes: PackChange[], userId: number, now: string): Promise<void> {
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
