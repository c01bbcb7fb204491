/**
 * Orders: placing one from the cart, once per Idempotency-Key. Reading them back is in history.ts, what
 * happens after (cancel, retry, expiry) in lifecycle.ts and payments in payments/captures.ts.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OrderCreateBody, OrderCreated } from '../../contract';
import { DEFAULT_LOCALE, type Locale } from '../../lib/i18n/locales';
import { formatRupees, toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import type { Deps, SessionRow } from '../env';
import { ApiError, refusal } from '../http/errors';
import { toAddressFields } from '../map';
import { addressOf } from '../services/addresses';
import { findCartId, lockCart, type CartOwner } from '../services/cart';
import { quoteCart } from '../services/cart-quote';
import { couponByCode, lockCoupon } from '../services/coupons';
import { recordEvent } from './events';
import { paymentExpiry, toOrderCreated, type OrderRow } from './lifecycle';
import { outOfStock, reserveStock } from './stock';
import { paymentProblem } from './payments/methods';

type DB = Kysely<Database>;

export interface OrderRequest {
  websiteId: number;
  session: SessionRow;
  userId: number;
  idempotencyKey: string;
  body: OrderCreateBody;
  /**
   * A sales agent placing the order for the customer `userId` (docs/sales-agents.md): the cart is the (agent, customer)
   * pair's, not the session's, and the order is attributed to the agent (orders.agent_id). Everything else
   * (pricing for the customer, stock, coupon, payment rules, the key unique per customer) is the same.
   */
  agentId?: number;
  /**
   * The language of the request that places the order (docs/languages.md), kept on it: its messages are written in
   * it. English when not given (a sales agent's order: the dashboard is in English).
   */
  locale?: Locale;
}

/** The cart an order is placed from: the agent's cart for the customer, or the session's own. */
const cartOf = (request: OrderRequest): CartOwner => ({
  websiteId: request.websiteId,
  session: request.session,
  agentFor: request.agentId === undefined ? undefined : { agentId: request.agentId, customerId: request.userId },
});

const CANNOT_ORDER = refusal('refusals.cannotOrderSome');

/** Thrown inside the transaction when a twin request with the same key committed first. */
class KeyTaken extends Error {}

/**
 * Places the shopper's cart as an order, in one transaction: the cart is locked, re-priced on the server for
 * the address's pincode, every line, delivery, the coupon (by orders, its row locked), the minimum order and
 * the payment method re-checked; stock is taken with a guard; the order, its lines and its address are
 * recorded and the cart emptied. The same Idempotency-Key answers the same order (created false), never a
 * second one: a unique constraint on (user, key) backs it. Refusals are ApiErrors with a reason per line.
 */
export async function createOrder(deps: Deps, request: OrderRequest): Promise<{ created: boolean; order: OrderCreated }> {
  const db = deps.db.kysely;
  const hash = requestHash(request.body);
  const earlier = await orderByKey(db, request);
  if (earlier) return replay(earlier, hash, request);
  try {
    return await db.transaction().execute(async (trx) => {
      const cartId = await findCartId(trx, cartOf(request));
      if (cartId) await lockCart(trx, cartId);
      // A twin request with this key may have committed while this one waited for the cart.
      const twin = await orderByKey(trx, request);
      if (twin) return replay(twin, hash, request);
      return { created: true, order: await placeOrder(deps, trx, cartId, request, hash) };
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    return replay((await orderByKey(db, request))!, hash, request);
  }
}

async function placeOrder(deps: Deps, trx: DB, cartId: number | undefined, request: OrderRequest, hash: string): Promise<OrderCreated> {
  const { body, userId, websiteId, agentId } = request;
  const address = await addressOf(trx, { userId, websiteId }, body.address_id);
  const now = new Date();
  const offercode = body.offercode === undefined ? undefined : body.offercode || null;
  const quote = await quoteCart(trx, cartId, { pincode: address.pincode, offercode: await lockedCode(deps, trx, cartId, offercode), userId, now });
  const { items, rows, priced, area, problems } = quote;
  if (!items.length) throw new ApiError(409, refusal('refusals.cartEmpty'));
  if (!area?.zone) throw new ApiError(422, refusal('refusals.noDelivery', { pincode: address.pincode }));
  const invalid = items.flatMap((i, n) => (i.valid ? [] : [{ pack_id: i.pack_id, message: problems[n] ?? refusal('refusals.cannotOrder') }]));
  if (invalid.length) throw outOfStock(CANNOT_ORDER, invalid);
  if (quote.couponIssue) throw new ApiError(quote.couponUsedUp ? 409 : 422, refusal('refusals.couponIssue', { code: quote.offercode ?? '', issue: quote.couponIssue }));
  if (priced.below_minimum) {
    throw new ApiError(422, refusal('refusals.minimumOrder', { pincode: address.pincode, minimum: rupees(area.zone.min_order_paise), more: rupees(area.zone.min_order_paise - priced.amount_paise) }));
  }
  const paymentIssue = paymentProblem(deps.config, area.zone, priced.total_paise, body.payment);
  if (paymentIssue) throw new ApiError(422, paymentIssue);

  const at = now.toISOString();
  const online = body.payment !== 'cod';
  const inserted = await trx
    .insertInto('orders')
    .values({
      website_id: websiteId,
      user_id: userId,
      ordernumber: await nextOrdernumber(trx, websiteId),
      status: online ? 'pending_payment' : 'placed',
      payment_method: body.payment,
      payment_provider: online ? body.payment : null,
      payment_ref: null,
      amount_paise: priced.amount_paise,
      discount_paise: priced.discount_paise,
      delivery_charge_paise: priced.delivery_paise,
      total_paise: priced.total_paise,
      offercode: quote.coupon?.code ?? null,
      coupon_id: quote.coupon?.id ?? null,
      note: body.note || null,
      address_id: address.id,
      address_json: JSON.stringify(toAddressFields(address)),
      ...deliveryColumns(address.pincode, items),
      idempotency_key: request.idempotencyKey,
      request_hash: hash,
      expires_at: online ? paymentExpiry(deps, now, agentId !== undefined) : null,
      agent_id: agentId ?? null,
      locale: request.locale ?? DEFAULT_LOCALE,
      created_at: at,
      updated_at: at,
      status_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw new KeyTaken();
  await recordEvent(trx, inserted.id, agentId === undefined ? { kind: 'shopper', id: userId } : { kind: 'agent', id: agentId }, { kind: 'status', from: null, to: inserted.status }, now);

  const short = await reserveStock(trx, items, { orderId: inserted.id, userId: agentId ?? userId });
  // Another order took the goods after this cart was priced: the same refusal as when the cart saw it.
  if (short.length) throw outOfStock(CANNOT_ORDER, short);
  await trx
    .insertInto('order_lines')
    .values(
      items.map((item, position) => ({
        order_id: inserted.id,
        position,
        pack_id: item.pack_id,
        slug: item.slug,
        image: item.image,
        name: item.name,
        pack: item.pack,
        quantity: item.quantity,
        price_paise: rows[position]!.price_paise,
        act_price_paise: rows[position]!.act_price_paise,
        amount_paise: rows[position]!.price_paise * item.quantity,
        discount_paise: priced.line_discounts[position]!,
        warehouse_id: item.warehouse_id,
        delivery_charge_id: item.delivery_charge_id,
        del_date: item.del_date,
        del_start_time: item.del_start_time,
        del_end_time: item.del_end_time,
      })),
    )
    .execute();
  await trx.deleteFrom('cart_items').where('cart_id', '=', cartId!).execute();
  await trx.updateTable('carts').set({ offercode: null, notes: null, updated_at: at }).where('id', '=', cartId!).execute();
  return toOrderCreated(inserted);
}

type DeliveryOf = { del_date: string | null; del_start_time: string | null; del_end_time: string | null };

/**
 * The columns of an order the back office's queue filters and sorts on (migration 0023): the delivery pincode and
 * the first delivery of its lines (the first line with a date, by date then position).
 */
export function deliveryColumns(pincode: string, lines: readonly DeliveryOf[]) {
  const first = lines.reduce<DeliveryOf | undefined>((best, l) => (l.del_date !== null && (best === undefined || l.del_date < best.del_date!) ? l : best), undefined);
  return { del_pincode: pincode, del_date: first?.del_date ?? null, del_start_time: first?.del_start_time ?? null, del_end_time: first?.del_end_time ?? null };
}

const rupees = (paise: number) => formatRupees(toRupees(paise)).replace(/\.00$/, '');

/** The coupon code the order will use (the cart's unless the form names one), its row locked so its limits hold. */
async function lockedCode(deps: Deps, trx: DB, cartId: number | undefined, offercode: string | null | undefined): Promise<string | null> {
  const code = offercode === undefined ? ((cartId ? await trx.selectFrom('carts').select('offercode').where('id', '=', cartId).executeTakeFirst() : undefined)?.offercode ?? null) : offercode;
  const coupon = code ? await couponByCode(trx, code) : undefined;
  if (coupon) await lockCoupon(trx, deps.db.dialect, coupon.id);
  return code;
}

const orderByKey = (db: DB, request: OrderRequest) =>
  db.selectFrom('orders').selectAll().where('user_id', '=', request.userId).where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();

/** The same key answers the same order; the same key for another request is refused rather than guessed at. */
function replay(order: OrderRow, hash: string, request: OrderRequest): { created: boolean; order: OrderCreated } {
  // Keys are the customer's: one used by the customer's own checkout (or another agent) is not this order's.
  if (order.request_hash !== hash || order.agent_id !== (request.agentId ?? null)) throw new ApiError(422, refusal('refusals.keyReused'));
  return { created: false, order: toOrderCreated(order) };
}

function requestHash(body: OrderCreateBody): string {
  const { address_id, payment, offercode, note } = body;
  return createHash('sha256').update(JSON.stringify([address_id, payment, offercode || null, note || null])).digest('base64url');
}

/**
 * The next order number of a website, such as AF-000123 (its prefix from the website's initials), from a
 * per-website counter bumped in one atomic upsert: never the same number twice, however many orders race.
 */
export async function nextOrdernumber(trx: DB, websiteId: number): Promise<string> {
  const site = await trx.selectFrom('websites').select('name').where('id', '=', websiteId).executeTakeFirstOrThrow();
  const { prefix, last_number } = await trx
    .insertInto('order_counters')
    .values({ website_id: websiteId, prefix: orderPrefix(site.name), last_number: 1 })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ last_number: sql<number>`order_counters.last_number + 1` }))
    .returning(['prefix', 'last_number'])
    .executeTakeFirstOrThrow();
  return `${prefix}-${String(last_number).padStart(6, '0')}`;
}

/** 'Annapurna Fresh' → 'AF': the initials of up to three words, else 'OD'. */
export const orderPrefix = (name: string) => (name.match(/[A-Za-z]+/g) ?? []).slice(0, 3).map((w) => w[0]!.toUpperCase()).join('') || 'OD';
