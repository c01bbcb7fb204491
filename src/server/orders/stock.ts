/** An order's goods in stock: taken with a guard when it is placed (or paid again), given back when it stops holding them. */
import type { Kysely } from 'kysely';
import { refreshListingOf } from '../db/listing';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

type DB = Kysely<Database>;

/**
 * Takes the goods of these lines from stock, each with a guard (`stock >= quantity`), in pack order so two
 * orders never wait on each other. Answers the lines it could not take, with the reason; the caller then
 * throws, and the transaction gives back what was taken.
 */
export async function reserveStock(trx: DB, lines: { pack_id: number; quantity: number }[]): Promise<{ pack_id: number; message: string }[]> {
  const short: { pack_id: number; message: string }[] = [];
  for (const line of [...lines].sort((a, b) => a.pack_id - b.pack_id)) {
    const taken = await trx
      .updateTable('packs')
      .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
      .where('id', '=', line.pack_id)
      .where('stock', '>=', line.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) continue;
    const left = (await trx.selectFrom('packs').select('stock').where('id', '=', line.pack_id).executeTakeFirst())?.stock ?? 0;
    short.push({ pack_id: line.pack_id, message: left > 0 ? `Only ${left} left in stock, please reduce the quantity` : 'This item is out of stock' });
  }
  await refreshListing(trx, lines);
  return short;
}

/** The refusal when goods are short: 422 with the reason per line, whether seen before or while taking the stock. */
export const outOfStock = (message: string, lines: { pack_id: number; message: string }[]) => new ApiError(422, message, undefined, { lines });

/** Gives an order's goods back to stock. */
export async function releaseStock(trx: DB, lines: { pack_id: number; quantity: number }[]) {
  for (const line of [...lines].sort((a, b) => a.pack_id - b.pack_id)) {
    await trx.updateTable('packs').set((eb) => ({ stock: eb('stock', '+', line.quantity) })).where('id', '=', line.pack_id).execute();
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

