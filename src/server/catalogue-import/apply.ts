import type { Kysely } from 'kysely';
import { refreshListingOf } from '../db/listing';
import { refreshProductWords } from '../db/product-words';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { refreshSearchWords } from '../services/search-words';
import { applyStockMove } from '../services/stock';
import type { Writes } from './plan';

type DB = Kysely<Database>;

/** Rows per INSERT, and ids per IN list. */
const BATCH = 400;
/** What the stock ledger says of a level an import set. */
const LEDGER_NOTE = 'CSV import';

const chunks = <T>(list: T[], size = BATCH) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const flag = (on: boolean) => (on ? 1 : 0);

/**
 * Writes an import's plan in the caller's transaction, batched (docs/back-office-import.md#what-an-import-does): new
 * products, changed products, barcodes let go of, new packs with their opening ledger entries, changed packs, and
 * each counted level through the stock ledger (services/stock.ts), so a pack's level stays the sum of its ledger.
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
  for (const change of writes.packChanges) {
    const { price, mrp, active, barcode, max_per_order } = change.set;
    const set = {
      ...(price !== undefined ? { price_paise: price } : {}),
      ...(mrp !== undefined ? { act_price_paise: mrp } : {}),
      ...(active !== undefined ? { is_active: flag(active) } : {}),
      ...(barcode !== undefined ? { barcode } : {}),
      ...(max_per_order !== undefined ? { max_per_order } : {}),
    };
    if (Object.keys(set).length) await trx.updateTable('packs').set(set).where('id', '=', change.id).execute();
    if (change.stock) {
      const moved = await applyStockMove(trx, { packId: change.id, level: change.stock.to, reason: 'count', note: LEDGER_NOTE, userId }, at);
      if (!moved.ok) throw new ApiError(409, `Row ${change.row}: the pack is gone since the check; check the file again`);
    }
  }

  const touched = [...new Set([...idOf.values(), ...writes.productChanges.map((c) => c.id), ...writes.packChanges.map((c) => c.product_id), ...writes.newPacks.flatMap((p) => (p.product_id ? [p.product_id] : []))])];
  for (const ids of chunks(touched)) await refreshListingOf(trx, ids);
  const named = [...idOf.values(), ...writes.productChanges.filter((c) => c.set.name !== undefined).map((c) => c.id)];
  if (named.length) await refreshProductWords(trx, named);
  if (named.length || writes.productChanges.some((c) => c.set.status !== undefined)) await refreshSearchWords(trx);
}
