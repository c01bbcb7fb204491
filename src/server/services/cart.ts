import type { Kysely, Transaction } from 'kysely';
import { MAX_LINE_QUANTITY, type Cart, type CartAddBody, type CartItem, type CartRemoveBody } from '../../contract';
import { toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import type { SessionRow } from '../env';
import { ApiError } from '../http/errors';
import { NO_IMAGE } from '../map';

type DB = Kysely<Database>;
/** At most this many distinct lines in one cart. */
export const MAX_LINES = 100;

/** Whose cart: the signed-in user's on this website, else the session's. */
export interface CartOwner {
  websiteId: number;
  session: SessionRow | null;
}

const PAYMENT_METHODS = [{ code: 'cod', name: 'Cash on Delivery', description: 'Pay in cash or UPI when your order arrives' }];

async function findCartId(db: DB | Transaction<Database>, owner: CartOwner): Promise<number | undefined> {
  const { session, websiteId } = owner;
  if (!session) return undefined;
  let q = db.selectFrom('carts').select('id').where('website_id', '=', websiteId);
  q = session.user_id !== null ? q.where('user_id', '=', session.user_id) : q.where('session_id', '=', session.id);
  return (await q.executeTakeFirst())?.id;
}

async function cartIdFor(trx: Transaction<Database>, owner: CartOwner & { session: SessionRow }): Promise<number> {
  const found = await findCartId(trx, owner);
  if (found) return found;
  const { session, websiteId } = owner;
  const row = await trx
    .insertInto('carts')
    .values({
      website_id: websiteId,
      session_id: session.user_id === null ? session.id : null,
      user_id: session.user_id,
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds one of a pack (or sets its quantity) and answers the whole cart. */
export async function addToCart(db: DB, owner: CartOwner & { session: SessionRow }, body: CartAddBody): Promise<Cart> {
  await db.transaction().execute(async (trx) => {
    const pack = await trx
      .selectFrom('packs')
      .innerJoin('products', 'products.id', 'packs.product_id')
      .select(['packs.id', 'packs.warehouse_id', 'packs.stock', 'packs.max_per_order', 'products.is_active'])
      .where('packs.id', '=', body.pack_id)
      .executeTakeFirst();
    if (!pack || pack.is_active !== 1) throw new ApiError(404, 'This product is no longer available');
    if (pack.warehouse_id !== body.warehouse_id) throw new ApiError(400, 'This pack is not sold from that warehouse');
    const cartId = await cartIdFor(trx, owner);
    const line = await trx
      .selectFrom('cart_items')
      .select('quantity')
      .where('cart_id', '=', cartId)
      .where('pack_id', '=', pack.id)
      .executeTakeFirst();
    const quantity = body.quantity ?? (line?.quantity ?? 0) + 1;
    const limit = Math.min(pack.max_per_order, MAX_LINE_QUANTITY);
    if (quantity > limit) throw new ApiError(400, `You can add at most ${limit} of this item`);
    if (quantity > pack.stock) {
      throw new ApiError(400, pack.stock > 0 ? `Only ${pack.stock} left in stock` : 'This item is out of stock');
    }
    const now = new Date().toISOString();
    if (line) {
      await trx.updateTable('cart_items').set({ quantity }).where('cart_id', '=', cartId).where('pack_id', '=', pack.id).execute();
    } else {
      const { lines } = await trx
        .selectFrom('cart_items')
        .select((eb) => eb.fn.countAll<number>().as('lines'))
        .where('cart_id', '=', cartId)
        .executeTakeFirstOrThrow();
      if (Number(lines) >= MAX_LINES) throw new ApiError(400, `A cart holds at most ${MAX_LINES} different items`);
      await trx
        .insertInto('cart_items')
        .values({ cart_id: cartId, pack_id: pack.id, warehouse_id: pack.warehouse_id, quantity, added_at: now })
        .execute();
    }
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
  });
  return viewCart(db, owner);
}

/** Takes one of a pack out of the cart, or the whole line with `remove`, and answers the whole cart. */
export async function removeFromCart(db: DB, owner: CartOwner, body: CartRemoveBody): Promise<Cart> {
  await db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner);
    const line = cartId
      ? await trx.selectFrom('cart_items').select('quantity').where('cart_id', '=', cartId).where('pack_id', '=', body.pack_id).executeTakeFirst()
      : undefined;
    if (!cartId || !line) throw new ApiError(404, 'This item is not in your cart');
    const where = trx.deleteFrom('cart_items').where('cart_id', '=', cartId).where('pack_id', '=', body.pack_id);
    if (body.remove || line.quantity <= 1) await where.execute();
    else {
      await trx
        .updateTable('cart_items')
        .set({ quantity: line.quantity - 1 })
        .where('cart_id', '=', cartId)
        .where('pack_id', '=', body.pack_id)
        .execute();
    }
    await trx.updateTable('carts').set({ updated_at: new Date().toISOString() }).where('id', '=', cartId).execute();
  });
  return viewCart(db, owner);
}

/** The whole cart at today's prices, every line re-validated. Money is summed in paise and converted once. */
export async function viewCart(db: DB, owner: CartOwner): Promise<Cart> {
  const cartId = await findCartId(db, owner);
  const cart = cartId ? await db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst() : undefined;
  const rows = cartId
    ? await db
        .selectFrom('cart_items as ci')
        .innerJoin('packs as pk', 'pk.id', 'ci.pack_id')
        .innerJoin('products as p', 'p.id', 'pk.product_id')
        .select([
          'ci.pack_id', 'ci.quantity', 'ci.warehouse_id', 'pk.name as pack', 'pk.price_paise', 'pk.act_price_paise',
          'pk.stock', 'pk.max_per_order', 'pk.weight_grams', 'p.name', 'p.slug', 'p.is_active',
          (eb) => eb.selectFrom('product_media as m').select('m.src').whereRef('m.product_id', '=', 'p.id').orderBy('m.position').limit(1).as('image'),
        ])
        .where('ci.cart_id', '=', cartId)
        .orderBy('ci.added_at')
        .orderBy('ci.pack_id')
        .execute()
    : [];
  const pincode = owner.session?.pincode ?? null;
  const area = pincode ? await db.selectFrom('pincodes').selectAll().where('pincode', '=', pincode).executeTakeFirst() : undefined;
  const serviceableArea = area?.serviceable === 1;

  let amountPaise = 0;
  let grams = 0;
  let quantity = 0;
  const items: CartItem[] = rows.map((row) => {
    const message = lineProblem(row);
    const linePaise = row.price_paise * row.quantity;
    if (!message) amountPaise += linePaise;
    grams += row.weight_grams * row.quantity;
    quantity += row.quantity;
    return {
      pack_id: row.pack_id,
      slug: row.slug,
      image: row.image ?? NO_IMAGE,
      name: row.name,
      pack: row.pack,
      quantity: row.quantity,
      price: toRupees(row.price_paise),
      act_price: toRupees(row.act_price_paise),
      amount: toRupees(linePaise),
      valid: message === null,
      message,
      warehouse_id: row.warehouse_id,
      delivery_charge_id: area?.zone_id ?? null,
      del_date: null,
      del_start_time: null,
      del_end_time: null,
    };
  });
  const allValid = items.every((i) => i.valid);
  const serviceable = serviceableArea && allValid && items.length > 0;
  return {
    quantity,
    amount: toRupees(amountPaise),
    discount: 0,
    delivery_charge: 0,
    finalDelivery: 0,
    total: toRupees(amountPaise),
    offercode: cart?.offercode ?? null,
    serviceable,
    notes: cart?.notes ?? null,
    message: allValid ? null : 'Some items in your cart need your attention',
    deliveryMessage: !pincode
      ? 'Please select your delivery pincode'
      : serviceableArea
        ? null
        : `Sorry, we do not deliver to ${pincode} yet`,
    paymentMethods: PAYMENT_METHODS,
    items,
    grouped_items: items.length
      ? [{ delivery_charge_id: area?.zone_id ?? null, delivery_charge: 0, del_date: null, del_start_time: null, del_end_time: null, items }]
      : [],
    delivery_date: null,
    delivery_start_time: null,
    delivery_end_time: null,
    delivery_info: [],
    cart_shipping_info: null,
    weights: { total_grams: grams },
    shipping_aggregator: false,
  };
}

function lineProblem(row: { is_active: number; stock: number; quantity: number; max_per_order: number }): string | null {
  if (row.is_active !== 1) return 'This product is no longer available';
  if (row.stock <= 0) return 'This item is out of stock';
  if (row.quantity > row.stock) return `Only ${row.stock} left in stock, please reduce the quantity`;
  if (row.quantity > row.max_per_order) return `You can order at most ${row.max_per_order} of this item`;
  return null;
}
