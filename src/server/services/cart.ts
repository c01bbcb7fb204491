import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { MAX_LINE_QUANTITY, type Cart, type CartAddBody, type CartItem, type CartRemoveBody } from '../../contract';
import { formatRupees, toPaise, toRupees } from '../../lib/money';
import { DEFAULT_COD_LIMIT_RUPEES } from '../config';
import type { CartTable, Database } from '../db/schema';
import type { SessionRow, UserRow } from '../env';
import { ApiError } from '../http/errors';
import { NO_IMAGE } from '../../lib/safe-url';
import { couponByCode, couponCovers, couponNeedsUser, couponProblem, couponUseProblem, holdCoupon, type CouponRow } from './coupons';
import { areaFor, deliveryDate, SLOT, type Area } from './delivery';
import { paymentMethodsFor } from './payment-methods';
import { allocate, priceCart, type Priced, type PricedLine } from './pricing';

type DB = Kysely<Database>;
/** At most this many distinct lines in one cart. */
export const MAX_LINES = 100;

/** Whose cart: the signed-in user's on this website, else the session's. */
export interface CartOwner {
  websiteId: number;
  session: SessionRow | null;
}

export async function findCartId(db: DB | Transaction<Database>, owner: CartOwner): Promise<number | undefined> {
  const { session, websiteId } = owner;
  if (!session) return undefined;
  let q = db.selectFrom('carts').select('id').where('website_id', '=', websiteId);
  q = session.user_id !== null ? q.where('user_id', '=', session.user_id) : q.where('session_id', '=', session.id);
  return (await q.executeTakeFirst())?.id;
}

/**
 * The owner's cart, created when missing, and locked for the rest of the transaction on PostgreSQL (SQLite
 * runs write transactions one at a time already), so concurrent changes to one cart happen one after another.
 */
async function cartIdFor(trx: Transaction<Database>, owner: CartOwner & { session: SessionRow }): Promise<number> {
  const { session, websiteId } = owner;
  await trx
    .insertInto('carts')
    .values({ website_id: websiteId, session_id: session.user_id === null ? session.id : null, user_id: session.user_id, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const id = (await findCartId(trx, owner))!;
  await lockCart(trx, id);
  return id;
}

export async function lockCart(trx: Transaction<Database>, id: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select id from carts where id = ${id} for update`.execute(trx);
}

/** Adds one of a pack (or sets its quantity) and answers the whole cart. */
export async function addToCart(db: DB, owner: CartOwner & { session: SessionRow }, body: CartAddBody, view: ViewOptions = {}): Promise<Cart> {
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
  return viewCart(db, owner, view);
}

/** Takes one of a pack out of the cart, or the whole line with `remove`, and answers the whole cart. */
export async function removeFromCart(db: DB, owner: CartOwner, body: CartRemoveBody, view: ViewOptions = {}): Promise<Cart> {
  await db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner);
    if (cartId) await lockCart(trx, cartId);
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
  return viewCart(db, owner, view);
}

/**
 * A cart's lines re-checked and priced for a pincode, with its coupon judged (window, minimum, coverage, and
 * its uses by orders): what the cart shows and what an order records, computed by one function.
 */
export interface CartQuote {
  cart: Selectable<CartTable> | undefined;
  /** The lines as stored and priced in paise, in the order of items. */
  rows: CartLineRow[];
  items: CartItem[];
  priced: Priced;
  pincode: string | null;
  area: Area | null;
  /** The coupon that applies (null when none, or when it does not qualify: see couponIssue). */
  coupon: CouponRow | null;
  offercode: string | null;
  couponIssue: string | null;
  /** The coupon's uses (by orders) rule it out, rather than this cart. */
  couponUsedUp: boolean;
  weightGrams: number;
}

export interface QuoteOptions {
  pincode: string | null;
  /** The coupon to judge: the cart's own when undefined. */
  offercode?: string | null;
  userId: number | null;
  now: Date;
}

export async function quoteCart(db: DB, cartId: number | undefined, options: QuoteOptions): Promise<CartQuote> {
  const { pincode, now } = options;
  const cart = cartId ? await db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst() : undefined;
  const rows = cartId ? await cartLines(db, cartId) : [];
  const area = pincode ? await areaFor(db, pincode) : null;
  const zone = area?.zone ?? null;

  const problems = rows.map((row) => lineProblem(row) ?? (zone && !area!.warehouses.has(row.warehouse_id) ? `Not delivered to ${pincode} from this store` : null));
  const offercode = options.offercode === undefined ? (cart?.offercode ?? null) : options.offercode || null;
  const found = offercode ? await couponByCode(db, offercode) : undefined;
  const covers = found ? await couponCovers(db, found) : () => false;
  const lines: PricedLine[] = rows.map((row, i) => ({
    pack_id: row.pack_id,
    quantity: row.quantity,
    unit_paise: row.price_paise,
    valid: problems[i] === null,
    coupon_eligible: covers(row),
  }));
  const amountPaise = lines.reduce((sum, l) => sum + (l.valid ? l.unit_paise * l.quantity : 0), 0);
  const eligiblePaise = lines.reduce((sum, l) => sum + (l.valid && l.coupon_eligible ? l.unit_paise * l.quantity : 0), 0);
  const cartIssue = found ? await couponProblem(db, found, { amountPaise, eligiblePaise }, now) : offercode ? 'This coupon no longer exists' : null;
  const usedUp = found && !cartIssue ? await couponUseProblem(db, found, options.userId) : null;
  const couponIssue = cartIssue ?? usedUp;
  const coupon = found && !couponIssue ? found : null;
  const priced = priceCart(lines, zone, coupon);

  const items: CartItem[] = rows.map((row, i) => ({
    pack_id: row.pack_id,
    slug: row.slug,
    image: row.image ?? NO_IMAGE,
    name: row.name,
    pack: row.pack,
    quantity: row.quantity,
    price: toRupees(row.price_paise),
    act_price: toRupees(row.act_price_paise),
    amount: toRupees(row.price_paise * row.quantity),
    discount: toRupees(priced.line_discounts[i]!),
    valid: problems[i] === null,
    message: problems[i]!,
    warehouse_id: row.warehouse_id,
    delivery_charge_id: zone?.id ?? null,
    del_date: area && zone ? deliveryDate(area, row.warehouse_id, now) : null,
    del_start_time: zone ? SLOT.start : null,
    del_end_time: zone ? SLOT.end : null,
  }));
  const weightGrams = rows.reduce((sum, r) => sum + r.weight_grams * r.quantity, 0);
  return { cart, rows, items, priced, pincode, area, coupon, offercode, couponIssue, couponUsedUp: usedUp !== null, weightGrams };
}

/** The whole cart at today's prices, every line re-validated; money summed in paise and converted once. */
export async function viewCart(db: DB, owner: CartOwner, options: ViewOptions = {}): Promise<Cart> {
  const cartId = await findCartId(db, owner);
  const quote = await quoteCart(db, cartId, { pincode: options.pincode ?? owner.session?.pincode ?? null, userId: owner.session?.user_id ?? null, now: options.now ?? new Date() });
  const { cart, items, priced, pincode, area, couponIssue } = quote;
  const zone = area?.zone ?? null;
  const allValid = items.every((i) => i.valid);
  const grouped = groupByDelivery(items, priced.delivery_paise);
  const message = deliveryMessage(pincode, area, priced);
  return {
    quantity: items.reduce((sum, i) => sum + i.quantity, 0),
    amount: toRupees(priced.amount_paise),
    discount: toRupees(priced.discount_paise),
    delivery_charge: toRupees(priced.delivery_paise),
    finalDelivery: toRupees(priced.delivery_paise),
    total: toRupees(priced.total_paise),
    offercode: cart?.offercode ?? null,
    serviceable: zone !== null && items.length > 0 && allValid && !priced.below_minimum,
    pincode,
    notes: cart?.notes ?? null,
    message: couponIssue ? `${quote.offercode}: ${couponIssue}` : allValid ? null : 'Some items in your cart need your attention',
    deliveryMessage: message,
    paymentMethods: paymentMethodsFor(zone, priced.total_paise, options.codLimitPaise ?? DEFAULT_COD_LIMIT_RUPEES * 100),
    items,
    grouped_items: grouped,
    delivery_date: grouped[0]?.del_date ?? null,
    delivery_start_time: grouped[0]?.del_start_time ?? null,
    delivery_end_time: grouped[0]?.del_end_time ?? null,
    delivery_info: zone
      ? [{ delivery_charge_id: zone.id, charge: toRupees(zone.charge_paise), free_above: toRupees(zone.free_above_paise), min_order: toRupees(zone.min_order_paise), message }]
      : [],
    cart_shipping_info: options.shippingInfo ?? null,
    weights: { total_grams: quote.weightGrams },
    shipping_aggregator: false,
  };
}

export interface ViewOptions {
  now?: Date;
  /** Price for this pincode (a chosen address's) instead of the session's. */
  pincode?: string | null;
  /** Cash on delivery is offered up to this total (the config's codLimitPaise). */
  codLimitPaise?: number;
  /** cart_shipping_info from the query, echoed back as the spec's cart carries it. */
  shippingInfo?: Record<string, unknown> | null;
}

export type CartLineRow = Awaited<ReturnType<typeof cartLines>>[number];

function cartLines(db: DB, cartId: number) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('packs as pk', 'pk.id', 'ci.pack_id')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .select([
      'ci.pack_id', 'ci.quantity', 'ci.warehouse_id', 'pk.name as pack', 'pk.price_paise', 'pk.act_price_paise',
      'pk.stock', 'pk.max_per_order', 'pk.weight_grams', 'p.name', 'p.slug', 'p.is_active', 'p.category_id', 'p.brand_id',
      (eb) => eb.selectFrom('product_media as m').select('m.src').whereRef('m.product_id', '=', 'p.id').orderBy('m.position').limit(1).as('image'),
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.added_at')
    .orderBy('ci.pack_id')
    .execute();
}

/** Items that arrive together (one warehouse, one date and window); the delivery charge is shared out by amount. */
export function groupByDelivery(items: CartItem[], deliveryPaise: number) {
  const groups = new Map<number, CartItem[]>();
  for (const item of items) groups.set(item.warehouse_id, [...(groups.get(item.warehouse_id) ?? []), item]);
  const list = [...groups.values()];
  const shares = allocate(deliveryPaise, list.map((g) => g.reduce((sum, i) => sum + (i.valid ? toPaise(i.amount) : 0), 0)));
  return list.map((group, i) => ({
    delivery_charge_id: group[0]!.delivery_charge_id,
    delivery_charge: toRupees(shares[i]!),
    del_date: group[0]!.del_date,
    del_start_time: group[0]!.del_start_time,
    del_end_time: group[0]!.del_end_time,
    items: group,
  }));
}

function deliveryMessage(pincode: string | null, area: Area | null, priced: Priced): string | null {
  if (!pincode) return 'Please select your delivery pincode';
  const zone = area?.zone;
  if (!zone) return `Sorry, we do not deliver to ${pincode} yet`;
  const payable = priced.amount_paise - priced.discount_paise;
  if (priced.amount_paise === 0) return null;
  if (priced.below_minimum) return `Add ${formatRupees(toRupees(zone.min_order_paise - payable))} more to order (minimum order ${formatRupees(toRupees(zone.min_order_paise))})`;
  if (priced.delivery_paise > 0) return `Add ${formatRupees(toRupees(zone.free_above_paise - payable))} more for free delivery`;
  return 'Free delivery';
}

/** Applies a coupon by its code to the shopper's cart, after checking every rule; answers the whole cart. */
export async function applyCoupon(db: DB, owner: CartOwner & { session: SessionRow }, user: UserRow | null, code: string, view: ViewOptions = {}): Promise<Cart> {
  const coupon = await couponByCode(db, code);
  if (!coupon) throw new ApiError(404, 'This coupon does not exist');
  const cartId = await findCartId(db, owner);
  const quote = await quoteCart(db, cartId, { pincode: null, offercode: coupon.code, userId: user?.id ?? null, now: view.now ?? new Date() });
  if (quote.couponIssue && !quote.couponUsedUp) throw new ApiError(400, quote.couponIssue);
  if (couponNeedsUser(coupon) && !user) throw new ApiError(401, 'Please log in to use this coupon');
  // Its uses are counted by orders: a cart only holds the code, and the order re-checks it under a lock.
  if (quote.couponIssue) throw new ApiError(409, quote.couponIssue);
  await holdCoupon(db, cartId!, coupon.code);
  return viewCart(db, owner, view);
}

/** Takes the coupon off the cart; answers the whole cart. */
export async function removeCoupon(db: DB, owner: CartOwner, view: ViewOptions = {}): Promise<Cart> {
  const cartId = await findCartId(db, owner);
  if (cartId) await holdCoupon(db, cartId, null);
  return viewCart(db, owner, view);
}

function lineProblem(row: { is_active: number; stock: number; quantity: number; max_per_order: number }): string | null {
  if (row.is_active !== 1) return 'This product is no longer available';
  if (row.stock <= 0) return 'This item is out of stock';
  if (row.quantity > row.stock) return `Only ${row.stock} left in stock, please reduce the quantity`;
  if (row.quantity > row.max_per_order) return `You can order at most ${row.max_per_order} of this item`;
  return null;
}
