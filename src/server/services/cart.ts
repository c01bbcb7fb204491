import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { MAX_LINE_QUANTITY, type Cart, type CartAddBody, type CartItem, type CartRemoveBody } from '../../contract';
import { formatRupees, toRupees } from '../../lib/money';
import { toPaise } from '../../lib/to-paise';
import type { Locale } from '../../lib/i18n/locales';
import type { Database } from '../db/schema';
import type { SessionRow, UserRow } from '../env';
import { translator, type Translate } from '../../lib/i18n/translate';
import { ApiError, refusal, type Refusal } from '../http/errors';
import { quoteCart } from './cart-quote';
import { couponByCode, couponNeedsUser, holdCoupon } from './coupons';
import type { Area } from './delivery';
import { paymentMethodsFor, unavailablePaymentMethods, type PaymentSettings } from '../orders/payments/methods';
import { allocate, type Priced } from '../orders/pricing';

type DB = Kysely<Database>;
/** At most this many distinct lines in one cart. */
export const MAX_LINES = 100;

/**
 * Whose cart: the signed-in user's on this website, else the session's; with `agentFor`, the cart a sales agent
 * builds for a customer (docs/sales-agents.md), which is neither: session_id and user_id null, agent_id and customer_id set.
 */
export interface CartOwner {
  websiteId: number;
  session: SessionRow | null;
  agentFor?: AgentCartPair;
}

/** An agent's cart for one customer: priced with the customer as the user, never mixed with either one's own cart. */
interface AgentCartPair {
  agentId: number;
  customerId: number;
}

/** The user a cart is priced for (coupons' per-user rules): the customer for an agent's cart, else the signed-in user. */
const pricingUserId = (owner: CartOwner): number | null => owner.agentFor?.customerId ?? owner.session?.user_id ?? null;

export async function findCartId(db: DB | Transaction<Database>, owner: CartOwner): Promise<number | undefined> {
  const { session, websiteId, agentFor } = owner;
  let q = db.selectFrom('carts').select('id').where('website_id', '=', websiteId);
  if (agentFor) q = q.where('agent_id', '=', agentFor.agentId).where('customer_id', '=', agentFor.customerId);
  else if (!session) return undefined;
  else q = session.user_id !== null ? q.where('user_id', '=', session.user_id) : q.where('session_id', '=', session.id);
  return (await q.executeTakeFirst())?.id;
}

/**
 * The owner's cart, created when missing, and locked for the rest of the transaction on PostgreSQL (SQLite
 * runs write transactions one at a time already), so concurrent changes to one cart happen one after another.
 */
export async function cartIdFor(trx: Transaction<Database>, owner: CartOwner & { session: SessionRow }): Promise<number> {
  const { session, websiteId, agentFor } = owner;
  const whose = agentFor
    ? { session_id: null, user_id: null, agent_id: agentFor.agentId, customer_id: agentFor.customerId }
    : { session_id: session.user_id === null ? session.id : null, user_id: session.user_id };
  await trx
    .insertInto('carts')
    .values({ website_id: websiteId, ...whose, updated_at: new Date().toISOString() })
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
      .select(['packs.id', 'packs.warehouse_id', 'packs.stock', 'packs.max_per_order', 'products.is_active', 'packs.is_active as pack_active'])
      .where('packs.id', '=', body.pack_id)
      .executeTakeFirst();
    if (!pack || pack.is_active !== 1 || pack.pack_active !== 1) throw new ApiError(404, refusal('refusals.productGone'));
    if (pack.warehouse_id !== body.warehouse_id) throw new ApiError(400, refusal('refusals.wrongWarehouse'));
    const cartId = await cartIdFor(trx, owner);
    const line = await trx
      .selectFrom('cart_items')
      .select('quantity')
      .where('cart_id', '=', cartId)
      .where('pack_id', '=', pack.id)
      .executeTakeFirst();
    const quantity = body.quantity ?? (line?.quantity ?? 0) + 1;
    const limit = Math.min(pack.max_per_order, MAX_LINE_QUANTITY);
    if (quantity > limit) throw new ApiError(400, refusal('refusals.addAtMost', { count: limit }), undefined, { max_quantity: limit });
    if (quantity > pack.stock) {
      throw new ApiError(400, pack.stock > 0 ? refusal('refusals.onlyLeft', { count: pack.stock }) : refusal('refusals.outOfStock'));
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
      if (Number(lines) >= MAX_LINES) throw new ApiError(400, refusal('refusals.cartFull', { count: MAX_LINES }));
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
    if (!cartId || !line) throw new ApiError(404, refusal('refusals.notInCart'));
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

/** The whole cart at today's prices, every line re-validated; money summed in paise and converted once. */
export async function viewCart(db: DB, owner: CartOwner, options: ViewOptions = {}): Promise<Cart> {
  const cartId = await findCartId(db, owner);
  // An agent's cart is priced for the customer's chosen address only, never for the agent's own pincode.
  const pincode = options.pincode ?? (owner.agentFor ? null : (owner.session?.pincode ?? null));
  const quote = await quoteCart(db, cartId, { pincode, userId: pricingUserId(owner), now: options.now ?? new Date(), locale: options.locale });
  const { cart, priced, area, couponIssue, problems } = quote;
  const t = options.t ?? translator('en');
  // The lines' reasons in the request's language (English as the quote has them).
  const items = options.t ? quote.items.map((item, i) => ({ ...item, message: problems[i]?.say(t) ?? null })) : quote.items;
  const zone = area?.zone ?? null;
  const allValid = items.every((i) => i.valid);
  const grouped = groupByDelivery(items, priced.delivery_paise);
  const message = deliveryMessage(pincode, area, priced)?.say(t) ?? null;
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
    message: couponIssue ? refusal('refusals.couponIssue', { code: quote.offercode ?? '', issue: couponIssue }).say(t) : allValid ? null : t('refusals.needsAttention'),
    deliveryMessage: message,
    paymentMethods: options.payments ? paymentMethodsFor(options.payments, zone, priced.total_paise) : [],
    unavailablePaymentMethods: options.payments ? unavailablePaymentMethods(options.payments, zone, priced.total_paise, t) : [],
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
  /** The shop's payment settings (cash on delivery's limit, the providers' keys): without them no method is offered. */
  payments?: PaymentSettings;
  /** cart_shipping_info from the query, echoed back as the product's cart carries it (docs/product.md#entities). */
  shippingInfo?: Record<string, unknown> | null;
  /** The language of the lines' and the coupon's reasons (the request's; English when absent). */
  t?: Translate;
  /** The language the lines are named in (Hindi names where given); English when not said. */
  locale?: Locale;
}

/**
 * Items that arrive together (one warehouse, one date and window), the earliest delivery first; the delivery
 * charge is shared out by amount.
 */
export function groupByDelivery(items: CartItem[], deliveryPaise: number) {
  const groups = new Map<number, CartItem[]>();
  for (const item of items) groups.set(item.warehouse_id, [...(groups.get(item.warehouse_id) ?? []), item]);
  const list = [...groups.values()].sort((a, b) => (a[0]!.del_date ?? '').localeCompare(b[0]!.del_date ?? ''));
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

function deliveryMessage(pincode: string | null, area: Area | null, priced: Priced): Refusal | null {
  if (!pincode) return refusal('refusals.choosePincode');
  const zone = area?.zone;
  if (!zone) return refusal('refusals.noDelivery', { pincode });
  if (priced.amount_paise === 0) return null;
  const rupees = (paise: number) => formatRupees(toRupees(paise));
  if (priced.below_minimum) return refusal('refusals.belowMinimum', { more: rupees(zone.min_order_paise - priced.amount_paise), minimum: rupees(zone.min_order_paise) });
  if (priced.delivery_paise > 0) return refusal('refusals.moreForFree', { more: rupees(zone.free_above_paise - priced.amount_paise) });
  return refusal('refusals.freeDelivery');
}

/** Applies a coupon by its code to the shopper's cart, after checking every rule; answers the whole cart. */
export async function applyCoupon(db: DB, owner: CartOwner & { session: SessionRow }, user: UserRow | null, code: string, view: ViewOptions = {}): Promise<Cart> {
  const coupon = await couponByCode(db, code);
  if (!coupon) throw new ApiError(404, refusal('refusals.noSuchCoupon'));
  const cartId = await findCartId(db, owner);
  const quote = await quoteCart(db, cartId, { pincode: null, offercode: coupon.code, userId: user?.id ?? null, now: view.now ?? new Date() });
  if (quote.couponIssue && !quote.couponUsedUp) throw new ApiError(400, quote.couponIssue);
  if (couponNeedsUser(coupon) && !user) throw new ApiError(401, refusal('refusals.couponLogin'));
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
