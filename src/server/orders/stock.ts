/** An order's goods in stock: taken with a guard when it is placed (or paid again), given back when it stops holding them. */
import type { Kysely } from 'kysely';
import { refreshListingOf } from '../db/listing';
import type { Database } from '../db/schema';
import { ApiError, refusal, type Words } from '../http/errors';
import { applyStockMove } from '../services/stock';

type DB = Kysely<Database>;

/** The order a stock move is for, and who made it (the shopper, agent or staff member; null for the sweeper or a provider). */
export interface StockFor {
  orderId: number;
  userId: number | null;
}

/**
 * Takes the goods of these lines from stock, each with a guard (`stock >= quantity`) and its ledger entry
 * (services/stock.ts), in pack order so two orders never wait on each other. Answers the lines it could not take,
 * with the reason; the caller then throws, and the transaction gives back what was taken, entries and all.
 */
export async function reserveStock(trx: DB, lines: { pack_id: number; quantity: number }[], by: StockFor): Promise<{ pack_id: number; message: Words }[]> {
  const short: { pack_id: number; message: Words }[] = [];
  for (const line of [...lines].sort((a, b) => a.pack_id - b.pack_id)) {
    const taken = await applyStockMove(trx, { packId: line.pack_id, change: -line.quantity, reason: 'order', ...moveBy(by) });
    if (taken.ok) continue;
    const left = taken.missing ? 0 : taken.level;
    short.push({ pack_id: line.pack_id, message: left > 0 ? refusal('refusals.reduceQuantity', { count: left }) : refusal('refusals.outOfStock') });
  }
  await refreshListing(trx, lines);
  return short;
}

/** The refusal when goods are short: 422 with the reason per line, whether seen before or while taking the stock. */
export const outOfStock = (message: Words, lines: { pack_id: number; message: Words }[]) => new ApiError(422, message, undefined, { lines });

const moveBy = (by: StockFor) => ({ orderId: by.orderId, userId: by.userId });

/**
 * Gives an order's goods back to stock, each line with its ledger entry: order_cancelled when the order stops
 * holding them (cancelled, payment failed), order_returned when a refund puts refunded goods back on the shelf.
 */
export async function releaseStock(trx: DB, lines: { pack_id: number; quantity: number }[], by: StockFor & { reason: 'order_cancelled' | 'order_returned' }) {
  for (const line of [...lines].sort((a, b) => a.pack_id - b.pack_id)) {
    // A pack deleted since (no order held it then, so none can now) has nothing to give back to.
    await applyStockMove(trx, { packId: line.pack_id, change: line.quantity, reason: by.reason, ...moveBy(by) });
  }
  await refreshListing(trx, lines);
}

/** The listing's price follows the packs in stock (db/listing.ts). */
async function refreshListing(trx: DB, lines: { pack_id: number }[]) {
  if (!lines.length) return;
  const products = await trx.selectFrom('packs').select('product_id').distinct().where('id', 'in', lines.map((l) => l.pack_id)).execute();
  await refreshListingOf(trx, products.map((p) => p.product_id));
}

/** An order's goods: each line's quantity less what part refunds already put back on the shelf (restocked). */
export async function orderLines(trx: DB, orderId: number): Promise<{ pack_id: number; quantity: number }[]> {
  const rows = await trx
    .selectFrom('order_lines as l')
    .select(['l.pack_id', 'l.quantity'])
    .select((eb) =>
      eb
        .selectFrom('refund_lines as rl')
        .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
        .select((s) => s.fn.sum<number | string>('rl.quantity').as('q'))
        .whereRef('rl.order_line_id', '=', 'l.id')
        .where('r.restock', '=', 1)
        .as('restocked'),
    )
    .where('l.order_id', '=', orderId)
    .orderBy('l.position')
    .execute();
  return rows.map((r) => ({ pack_id: r.pack_id, quantity: r.quantity - Number(r.restocked ?? 0) })).filter((r) => r.quantity > 0);
}

