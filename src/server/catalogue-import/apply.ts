import type { Kysely } from 'kysely';
import { refreshListingOf } from '../db/listing';
import { refreshProductWords } from '../db/product-words';
import type { Database } from '../db/schema';
import { refreshSearchWords } from '../services/search-words';
import { countLevels, LEDGER_NOTE, updatePacks } from './apply-packs';
import { discountType } from './pack-rows';
import type { Writes } from './shop';

type DB = Kysely<Database>;

/** Rows per INSERT, and ids per IN list. */
const BATCH = 400;

/** Packs per batched UPDATE (a CASE branch per pack and column: well within both databases' bound values). */
const CASE_BATCH = 200;

const chunks = <T>(list: T[], size = BATCH) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const flag = (on: boolean) => (on ? 1 : 0);

/**
 * Writes an import's plan in the caller's transaction, batched (docs/back-office-import.md#what-an-import-does): new
 * products, changed products, new packs with their opening ledger entries, changed packs, and
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
      .values(batch.map((p) => ({ name: p.name, slug: p.slug, description: p.description || null, category_id: p.category_id, brand_id: p.brand_id, supplier_id: p.supplier_id, is_active: flag(p.status === 'active'), created_at: now, updated_at: now })))
      .returning(['id', 'slug'])
      .execute();
    for (const p of made) idOf.set(p.slug, p.id);
  }
  for (const { id, set } of writes.productChanges) {
    const { status, description, ...fields } = set;
    // As the product form saves them: no description is null; the status is the active flag.
    const stored = { ...fields, ...(description !== undefined ? { description: description || null } : {}), ...(status ? { is_active: flag(status === 'active') } : {}) };
    await trx.updateTable('products').set({ ...stored, updated_at: now }).where('id', '=', id).execute();
  }
  for (const batch of chunks(writes.newPacks)) {
    const made = await trx
      .insertInto('packs')
      .values(batch.map((p) => ({
        product_id: p.product_id ?? idOf.get(p.product_slug)!, name: p.name, price_paise: p.price, act_price_paise: p.mrp, discount_type: discountType(p.price, p.mrp),
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

  // A product whose packs changed is saved now too: the product form's check that nobody saved in between sees it.
  const packsChanged = [...new Set([...writes.packChanges.map((c) => c.product_id), ...writes.newPacks.flatMap((p) => (p.product_id ? [p.product_id] : []))])];
  for (const ids of chunks(packsChanged)) await trx.updateTable('products').set({ updated_at: now }).where('id', 'in', ids).execute();

  const touched = [...new Set([...idOf.values(), ...writes.productChanges.map((c) => c.id), ...packsChanged])];
  for (const ids of chunks(touched)) await refreshListingOf(trx, ids);
  const named = [...idOf.values(), ...writes.productChanges.filter((c) => c.set.name !== undefined).map((c) => c.id)];
  if (named.length) await refreshProductWords(trx, named);
  if (named.length || writes.productChanges.some((c) => c.set.status !== undefined)) await refreshSearchWords(trx);
}
