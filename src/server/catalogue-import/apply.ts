import type { Kysely } from 'kysely';
import { refreshListingOf } from '../db/listing';
import { refreshProductWords } from '../db/product-words';
import type { Database } from '../db/schema';
import { refreshSearchWords } from '../services/search-words';
import type { Writes } from './plan';

type DB = Kysely<Database>;

/** Rows per INSERT, and ids per IN list. */
const BATCH = 400;

const chunks = <T>(list: T[], size = BATCH) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Writes an import's plan in the caller's transaction, batched (docs/back-office-import.md#what-an-import-does): new
 * products, changed products, barcodes moved, new packs, changed packs, each stock change as a ledger entry; then
 * what is derived from them, for the products touched only: the listing's price and discount, the suggestions'
 * words, the search vocabulary. The page generation follows by the tables' triggers.
 */
export async function applyWrites(trx: DB, writes: Writes, userId: number): Promise<void> {
  const now = new Date().toISOString();
  const idOf = new Map<string, number>();
  for (const batch of chunks(writes.newProducts)) {
    const made = await trx
      .insertInto('products')
      .values(batch.map((p) => ({ name: p.name, slug: p.slug, description: p.description, category_id: p.category_id, brand_id: p.brand_id, supplier_id: p.supplier_id, is_active: p.status === 'active' ? 1 : 0, created_at: now })))
      .returning(['id', 'slug'])
      .execute();
    for (const p of made) idOf.set(p.slug, p.id);
  }
  for (const { id, set } of writes.productChanges) {
    const { status, ...fields } = set;
    await trx.updateTable('products').set({ ...fields, ...(status ? { is_active: status === 'active' ? 1 : 0 } : {}) }).where('id', '=', id).execute();
  }
  // A barcode may move from one pack to another in one file: each pack whose barcode changes lets go of it first.
  const moving = writes.packChanges.filter((c) => c.set.barcode !== undefined).map((c) => c.id);
  for (const ids of chunks(moving)) await trx.updateTable('packs').set({ barcode: null }).where('id', 'in', ids).execute();

  for (const batch of chunks(writes.newPacks)) {
    await trx
      .insertInto('packs')
      .values(batch.map((p) => ({
        product_id: idOf.get(p.product_slug)!, name: p.name, price_paise: p.price, act_price_paise: p.mrp, discount_type: p.mrp > p.price ? 'percent' : null,
        warehouse_id: p.warehouse_id, stock: p.stock, max_per_order: p.max_per_order, barcode: p.barcode, is_active: p.active ? 1 : 0, position: p.position,
      })))
      .execute();
  }
  for (const change of writes.packChanges) {
    const { price, mrp, active, ...fields } = change.set;
    const set = { ...fields, ...(price !== undefined ? { price_paise: price } : {}), ...(mrp !== undefined ? { act_price_paise: mrp } : {}), ...(active !== undefined ? { is_active: active ? 1 : 0 } : {}) };
    if (Object.keys(set).length) await trx.updateTable('packs').set(set).where('id', '=', change.id).execute();
    if (change.stock) await trx.updateTable('packs').set({ stock: change.stock.to }).where('id', '=', change.id).execute();
  }
  void userId;

  const touched = [...new Set([...idOf.values(), ...writes.productChanges.map((c) => c.id), ...writes.packChanges.map((c) => c.product_id)])];
  for (const ids of chunks(touched)) await refreshListingOf(trx, ids);
  const named = [...idOf.values(), ...writes.productChanges.filter((c) => c.set.name !== undefined).map((c) => c.id)];
  if (named.length) await refreshProductWords(trx, named);
  if (named.length || writes.productChanges.some((c) => c.set.status !== undefined)) await refreshSearchWords(trx);
}
