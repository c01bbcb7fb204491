import type { Kysely } from 'kysely';
import { MAX_LINE_QUANTITY, type Reordered } from '../../contract';
import type { Database } from '../db/schema';
import type { SessionRow } from '../env';
import { ApiError, refusal } from '../http/errors';
import { cartIdFor, MAX_LINES, viewCart, type ViewOptions } from '../services/cart';
import type { OrderOwner } from './lifecycle';

type DB = Kysely<Database>;

/**
 * Puts an order's lines back in the owner's cart: the same packs, each quantity added to what the cart holds,
 * capped at today's stock and the per-line limit. A pack no longer sold (gone, or its product switched off) or
 * out of stock is skipped, with the reason; a capped line says how many it added.
 */
export async function reorder(db: DB, owner: OrderOwner & { session: SessionRow }, orderId: number, view: ViewOptions = {}): Promise<Reordered> {
  const order = await db.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', owner.userId).where('website_id', '=', owner.websiteId).executeTakeFirst();
  if (!order) throw new ApiError(404, refusal('refusals.orderMissing'));
  const cartOwner = { websiteId: owner.websiteId, session: owner.session };
  const added: Reordered['added'] = [];
  const skipped: Reordered['skipped'] = [];
  await db.transaction().execute(async (trx) => {
    const lines = await trx
      .selectFrom('order_lines as l')
      .leftJoin('packs as pk', 'pk.id', 'l.pack_id')
      .leftJoin('products as p', 'p.id', 'pk.product_id')
      .select(['l.pack_id', 'l.name', 'l.pack', 'l.quantity', 'pk.id as live_pack', 'pk.warehouse_id', 'pk.stock', 'pk.max_per_order', 'p.is_active', 'pk.is_active as pack_active'])
      .where('l.order_id', '=', order.id)
      .orderBy('l.position')
      .execute();
    const cartId = await cartIdFor(trx, cartOwner);
    const held = new Map(
      (await trx.selectFrom('cart_items').select(['pack_id', 'quantity']).where('cart_id', '=', cartId).execute()).map((r) => [r.pack_id, r.quantity]),
    );
    const now = new Date().toISOString();
    for (const line of lines) {
      const name = `${line.name} (${line.pack})`;
      if (line.live_pack === null || line.is_active !== 1 || line.pack_active !== 1 || line.warehouse_id === null) {
        skipped.push({ pack_id: line.pack_id, name, reason: 'no longer sold' });
        continue;
      }
      const stock = line.stock ?? 0;
      if (stock <= 0) {
        skipped.push({ pack_id: line.pack_id, name, reason: 'out of stock' });
        continue;
      }
      const limit = Math.min(line.max_per_order ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
      const before = held.get(line.pack_id) ?? 0;
      const after = Math.min(before + line.quantity, limit, stock);
      const quantity = after - before;
      if (quantity <= 0) {
        skipped.push({ pack_id: line.pack_id, name, reason: stock <= limit ? `only ${stock} left, all in your cart` : `at most ${limit} per order, all in your cart` });
        continue;
      }
      if (before === 0 && held.size >= MAX_LINES) {
        skipped.push({ pack_id: line.pack_id, name, reason: `your cart holds at most ${MAX_LINES} different items` });
        continue;
      }
      if (before === 0) {
        await trx.insertInto('cart_items').values({ cart_id: cartId, pack_id: line.pack_id, warehouse_id: line.warehouse_id, quantity, added_at: now }).execute();
      } else {
        await trx.updateTable('cart_items').set({ quantity: after }).where('cart_id', '=', cartId).where('pack_id', '=', line.pack_id).execute();
      }
      held.set(line.pack_id, after);
      added.push({ pack_id: line.pack_id, quantity });
      if (quantity < line.quantity) {
        skipped.push({ pack_id: line.pack_id, name, reason: after === stock ? `only ${stock} left, added ${quantity}` : `at most ${limit} per order, added ${quantity}` });
      }
    }
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
  });
  return { cart: await viewCart(db, cartOwner, view), added, skipped };
}
