/**
 * Sales at the counter (docs/pos.md#sales): a ticket of lines priced on the server at the packs' prices, line
 * discounts within the cashier's limit, the shop's coupon rules, paid in cash, UPI, card or split. A sale is an
 * order of channel pos, delivered at once (waiting for payment while a UPI payment is pending), its goods taken
 * from the till's warehouse through the stock ledger. Once per Idempotency-Key and till: the same key answers the
 * same sale (a till's offline queue sends it again), backed by the unique index orders_till_key.
 *
 * The goods of a sale have already changed hands at the counter, so a sale is never refused for stock: a line the
 * ledger holds fewer of takes what there is (the level stops at 0, never below) and the sale is flagged
 * stock_short for the back office, which counts the shelf again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AddressFields } from '../../contract/address';
import type { PosPaymentBody, PosSaleBody, PosSaleLineBody } from '../../contract/pos';
import { POS_LINE_DISCOUNT_MAX_PERCENT } from '../../contract/pos';
import { formatRupees, toRupees } from '../../lib/money';
import { toPaise } from '../../lib/to-paise';
import { refreshListingOf } from '../db/listing';
import type { Database } from '../db/schema';
import type { Deps } from '../env';
import { ApiError } from '../http/errors';
import { recordAudit } from '../services/audit';
import { deliverNotifications, queueMessage } from '../services/notifier';
import { couponByCode, couponCovers, couponNeedsUser, couponProblem, couponUseProblem, lockCoupon, type CouponRow } from '../services/coupons';
import { applyStockMove } from '../services/stock';
import { recordEvent } from '../orders/events';
import { allocate, couponDiscount } from '../orders/pricing';
import { nextOrdernumber } from '../orders/create';
import type { Payments } from '../orders/payments/providers';
import { saleShown, type ShownSale } from './sale-view';
import { issueQrs, mustTakeUpi } from './upi';
import { lockedTill, mustBeOpen, type Cashier } from './tills';

type DB = Kysely<Database>;

export interface SaleRequest {
  cashier: Cashier & { mayDiscountAll: boolean };
  idempotencyKey: string;
  body: PosSaleBody;
  /** The origin the shop is served from (the receipt link sent to the customer's phone is under it). */
  origin: string;
}

/** A receipt link's token: 24 random bytes, 32 characters of base64url (192 bits): never guessed, never the order number. */
const receiptToken = () => randomBytes(24).toString('base64url');

/** How long the sale's answer waits for its receipt message to go out; the notifier's sweeper sends it otherwise. */
const AFTER_COMMIT_WAIT_MS = 5_000;

/** Thrown inside the transaction when a twin request with the same key committed first. */
class KeyTaken extends Error {}

const rupees = (paise: number) => formatRupees(toRupees(paise)).replace(/\.00$/, '');

/** POST /pos/sales: the sale, created (201) or, for a key this till used before, as it was (200). */
export async function createSale(deps: Deps, payments: Payments, request: SaleRequest): Promise<{ created: boolean; sale: ShownSale }> {
  const answer = await recordSale(deps, payments, request);
  // A UPI payment's QR code, asked of the provider once the sale is recorded (never while the till is locked); a
  // provider that does not answer leaves the sale waiting without one, for the till to ask again (POST …/upi).
  if (answer.sale.payment_state !== 'awaiting' || answer.sale.payments.every((p) => p.state !== 'pending' || p.qr)) return answer;
  await issueQrs(deps, payments, answer.sale.order_id);
  return { created: answer.created, sale: await saleShown(deps.db.kysely, request.cashier.websiteId, answer.sale.order_id) };
}

async function recordSale(deps: Deps, payments: Payments, request: SaleRequest): Promise<{ created: boolean; sale: ShownSale }> {
  const db = deps.db.kysely;
  const { body, cashier } = request;
  const hash = requestHash(body);
  const earlier = await saleByKey(db, body.till_id, request.idempotencyKey);
  if (earlier) return replay(db, earlier, hash, cashier.websiteId);
  mustTakeUpi(payments, body);
  try {
    const placed = await db.transaction().execute(async (trx) => {
      const till = await lockedTill(trx, deps.db.dialect, cashier.websiteId, body.till_id);
      // A twin request with this key may have committed while this one waited for the till.
      const twin = await saleByKey(trx, till.id, request.idempotencyKey);
      if (twin) return { twin };
      mustBeOpen(till);
      return { orderId: await placeSale(deps, trx, till, request, hash) };
    });
    if (placed.twin) return replay(db, placed.twin, hash, cashier.websiteId);
    // The receipt link queued with the sale goes out after commit (bounded; a channel down never fails the sale).
    if (body.phone) await Promise.race([deliverNotifications(deps, { orderId: placed.orderId! }).catch(() => {}), new Promise((resolve) => setTimeout(resolve, AFTER_COMMIT_WAIT_MS).unref())]);
    return { created: true, sale: await saleShown(db, cashier.websiteId, placed.orderId!) };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const twin = await saleByKey(db, body.till_id, request.idempotencyKey);
    // The key collided with one of the customer's own web orders (orders_user_idempotency_key), not this till's.
    if (!twin) throw new ApiError(422, 'This Idempotency-Key was already used for another order; send the sale with a new key');
    return replay(db, twin, hash, cashier.websiteId);
  }
}

const saleByKey = (db: DB, tillId: number, key: string) =>
  db.selectFrom('orders').select(['id', 'request_hash', 'website_id']).where('till_id', '=', tillId).where('idempotency_key', '=', key).executeTakeFirst();

async function replay(db: DB, order: { id: number; request_hash: string; website_id: number }, hash: string, websiteId: number) {
  if (order.website_id !== websiteId) throw new ApiError(404, 'No such till');
  if (order.request_hash !== hash) throw new ApiError(422, 'This Idempotency-Key was already used for a different sale; send a new sale with a new key');
  return { created: false, sale: await saleShown(db, websiteId, order.id) };
}

/** What the key was first used for: the same key with another sale is refused rather than guessed at. */
const requestHash = (body: PosSaleBody) => createHash('sha256').update(JSON.stringify(body)).digest('base64url');

interface TicketLine {
  pack_id: number;
  quantity: number;
  price_paise: number;
  act_price_paise: number;
  /** price × quantity. */
  gross_paise: number;
  /** The cashier's discount on the line. */
  line_discount_paise: number;
  /** Its share of the coupon. */
  coupon_paise: number;
  slug: string;
  image: string;
  name: string;
  pack: string;
  category_id: number;
  brand_id: number;
}

async function placeSale(deps: Deps, trx: DB, till: { id: number; warehouse_id: number }, request: SaleRequest, hash: string): Promise<number> {
  const { body, cashier } = request;
  const now = new Date();
  const at = now.toISOString();
  const { lines, customer, coupon, amount, discount, total } = await priceTicket(deps, trx, till.warehouse_id, body, cashier.mayDiscountAll, now, 'sale');
  const payments = settle(body.payments, total);
  const awaiting = payments.some((p) => p.state === 'pending');
  const status = awaiting ? 'pending_payment' : 'delivered';
  const modes = [...new Set(payments.map((p) => p.mode))];
  const token = receiptToken();

  const warehouse = await trx.selectFrom('warehouses').selectAll().where('id', '=', till.warehouse_id).executeTakeFirstOrThrow();
  const place = await trx.selectFrom('pincodes').select('state').where('pincode', '=', warehouse.pincode).executeTakeFirst();
  // No delivery: the order's address is the counter it was sold at, so every page that shows an address has one.
  const address: AddressFields = {
    name: customer?.name ?? 'Walk-in customer',
    phone: body.phone ?? '',
    pincode: warehouse.pincode,
    line1: `${warehouse.name} counter (sold at till ${till.id})`,
    line2: null,
    landmark: null,
    city: warehouse.city,
    state: place?.state ?? '',
    type: 'other',
  };
  const inserted = await trx
    .insertInto('orders')
    .values({
      website_id: cashier.websiteId,
      // A walk-in sale (no phone, or no account for it) is the cashier's: orders.user_id is never empty.
      user_id: customer?.id ?? cashier.userId,
      ordernumber: await nextOrdernumber(trx, cashier.websiteId),
      status,
      payment_method: modes.length === 1 ? modes[0]! : 'split',
      payment_provider: null,
      payment_ref: null,
      amount_paise: amount,
      discount_paise: discount,
      delivery_charge_paise: 0,
      total_paise: total,
      offercode: coupon?.code ?? null,
      coupon_id: coupon?.id ?? null,
      note: body.note || null,
      address_id: null,
      address_json: JSON.stringify(address),
      idempotency_key: request.idempotencyKey,
      request_hash: hash,
      expires_at: null,
      agent_id: null,
      created_at: at,
      updated_at: at,
      status_at: at,
      del_pincode: warehouse.pincode,
      channel: 'pos',
      till_id: till.id,
      cashier_id: cashier.userId,
      receipt_token: token,
    })
    // Any unique key: this till's (orders_till_key), or the customer's own web order with the same key.
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'ordernumber'])
    .executeTakeFirst();
  if (!inserted) throw new KeyTaken();
  const staff = { kind: 'staff' as const, id: cashier.userId };
  await recordEvent(trx, inserted.id, staff, { kind: 'status', from: null, to: status, note: `Sold at till ${till.id}` }, now);

  const short = await takeStock(trx, lines, { orderId: inserted.id, userId: cashier.userId, tillId: till.id });
  if (short.length) {
    await trx.updateTable('orders').set({ stock_short: 1 }).where('id', '=', inserted.id).execute();
    await recordEvent(trx, inserted.id, staff, { kind: 'note', note: 'Stock short: sold more than the stock ledger held', details: { short } }, now);
  }
  await trx
    .insertInto('order_lines')
    .values(
      lines.map((l, position) => ({
        order_id: inserted.id,
        position,
        pack_id: l.pack_id,
        slug: l.slug,
        image: l.image,
        name: l.name,
        pack: l.pack,
        quantity: l.quantity,
        price_paise: l.price_paise,
        act_price_paise: l.act_price_paise,
        amount_paise: l.gross_paise,
        discount_paise: l.line_discount_paise + l.coupon_paise,
        warehouse_id: till.warehouse_id,
        delivery_charge_id: null,
        del_date: null,
        del_start_time: null,
        del_end_time: null,
      })),
    )
    .execute();
  await trx
    .insertInto('pos_payments')
    .values(payments.map((p, position) => ({ order_id: inserted.id, till_id: till.id, position, mode: p.mode, amount_paise: p.amount_paise, tendered_paise: p.tendered_paise, reference: p.reference, state: p.state, created_at: at })))
    .execute();
  await recordAudit(
    trx,
    {
      websiteId: cashier.websiteId,
      userId: cashier.userId,
      action: 'pos.sale',
      subject: { kind: 'order', id: inserted.id },
      orderId: inserted.id,
      before: null,
      after: { till_id: till.id, ordernumber: inserted.ordernumber, total_paise: total, status, payments: payments.map((p) => ({ mode: p.mode, amount_paise: p.amount_paise, state: p.state })), stock_short: short.length > 0 },
    },
    now,
  );
  if (body.phone) {
    // The customer's phone: the link to their receipt, queued with the sale (once: a replayed key records nothing).
    const shop = await trx.selectFrom('websites').select('name').where('id', '=', cashier.websiteId).executeTakeFirstOrThrow();
    await queueMessage(
      trx,
      deps.config,
      {
        orderId: inserted.id,
        to: { phone: body.phone, email: customer?.email ?? '' },
        template: 'pos_receipt',
        payload: { shop: shop.name, ordernumber: inserted.ordernumber, name: customer?.name ?? '', total_paise: total, receipt_url: `${request.origin}/receipt/${token}` },
      },
      now,
    );
  }
  return inserted.id;
}

/** The ticket's lines: each pack must be kept in the till's warehouse; each line discount within the limit. */
async function ticketLines(trx: DB, warehouseId: number, body: Pick<PosSaleBody, 'lines'>, mayDiscountAll: boolean): Promise<TicketLine[]> {
  const ids = [...new Set(body.lines.map((l) => l.pack_id))];
  const packs = await trx
    .selectFrom('packs as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .select(['pk.id', 'pk.name as pack', 'pk.price_paise', 'pk.act_price_paise', 'pk.warehouse_id', 'p.name', 'p.slug', 'p.category_id', 'p.brand_id'])
    .select((eb) => eb.selectFrom('product_media as m').select('m.src').whereRef('m.product_id', '=', 'p.id').orderBy('m.position').limit(1).as('image'))
    .where('pk.id', 'in', ids)
    .execute();
  const errors: Record<string, string[]> = {};
  const lines = body.lines.map((line: PosSaleLineBody, n) => {
    const pack = packs.find((p) => p.id === line.pack_id);
    if (!pack) errors[`lines.${n}.pack_id`] = ['No such pack'];
    else if (pack.warehouse_id !== warehouseId) errors[`lines.${n}.pack_id`] = ["This pack is not kept in the till's warehouse"];
    if (!pack) return undefined;
    const gross = pack.price_paise * line.quantity;
    const lineDiscount = line.discount === undefined ? 0 : toPaise(line.discount);
    const limit = mayDiscountAll ? gross : Math.floor((gross * POS_LINE_DISCOUNT_MAX_PERCENT) / 100);
    if (lineDiscount > limit) {
      errors[`lines.${n}.discount`] = [
        mayDiscountAll ? `The discount is more than the line (${rupees(gross)})` : `A cashier may take at most ${POS_LINE_DISCOUNT_MAX_PERCENT}% off a line: ${rupees(limit)} here`,
      ];
    }
    return {
      pack_id: pack.id,
      quantity: line.quantity,
      price_paise: pack.price_paise,
      act_price_paise: pack.act_price_paise,
      gross_paise: gross,
      line_discount_paise: lineDiscount,
      coupon_paise: 0,
      slug: pack.slug,
      image: pack.image ?? '',
      name: pack.name,
      pack: pack.pack,
      category_id: pack.category_id,
      brand_id: pack.brand_id,
    };
  });
  if (Object.keys(errors).length) throw new ApiError(422, 'Some lines cannot be sold as they are', errors);
  return lines as TicketLine[];
}

/** What a ticket comes to: the lines a sale records, the customer of the phone, the coupon, the totals. */
interface PricedTicket {
  lines: TicketLine[];
  customer: { id: number; name: string; email: string | null } | undefined;
  coupon: CouponRow | undefined;
  /** The coupon asked for that the shop's rules refuse (a quote only: a sale throws it), with their reason. */
  couponRefused: { code: string; reason: string; message: string } | null;
  amount: number;
  discount: number;
  total: number;
}

/**
 * Prices a ticket as a sale records it (docs/pos.md#sales): the one place the POS's prices, line discounts and
 * coupon rules meet, for POST /pos/sales and for the quote that tells the customer the total before it
 * (POST /pos/quote). A sale locks the coupon's row so its limits hold, and a coupon refused refuses the sale
 * (422); a quote locks nothing and answers the refusal with the total without the coupon. Writes nothing.
 */
export async function priceTicket(
  deps: Deps,
  trx: DB,
  warehouseId: number,
  body: Pick<PosSaleBody, 'lines' | 'phone' | 'coupon'>,
  mayDiscountAll: boolean,
  now: Date,
  purpose: 'sale' | 'quote',
): Promise<PricedTicket> {
  const lines = await ticketLines(trx, warehouseId, body, mayDiscountAll);
  const customer = body.phone ? await trx.selectFrom('users').select(['id', 'name', 'email']).where('phone', '=', body.phone).executeTakeFirst() : undefined;
  const applied = await applyCoupon(deps, trx, lines, body.coupon, customer?.id ?? null, now, purpose === 'sale');
  if (applied.refused && purpose === 'sale') throw new ApiError(422, applied.refused.message, { coupon: [applied.refused.reason] });
  const amount = lines.reduce((s, l) => s + l.gross_paise, 0);
  const discount = lines.reduce((s, l) => s + l.line_discount_paise + l.coupon_paise, 0);
  return { lines, customer, coupon: applied.coupon, couponRefused: applied.refused ?? null, amount, discount, total: amount - discount };
}

/**
 * The shop's coupon rules (services/coupons.ts), on the lines after their discounts, its share set on each line
 * it covers; with `lock`, its row locked so its limits hold. A coupon the rules refuse is answered with why.
 */
async function applyCoupon(
  deps: Deps,
  trx: DB,
  lines: TicketLine[],
  code: string | undefined,
  customerId: number | null,
  now: Date,
  lock: boolean,
): Promise<{ coupon?: CouponRow; refused?: { code: string; reason: string; message: string } }> {
  if (!code) return {};
  const coupon = await couponByCode(trx, code);
  if (!coupon) return { refused: { code: code.toUpperCase(), reason: 'No such coupon', message: `No coupon ${code.toUpperCase()}` } };
  if (lock) await lockCoupon(trx, deps.db.dialect, coupon.id);
  const covers = await couponCovers(trx, coupon);
  const nets = lines.map((l) => l.gross_paise - l.line_discount_paise);
  const eligible = lines.map((l, n) => (covers(l) ? nets[n]! : 0));
  const eligibleTotal = eligible.reduce((a, b) => a + b, 0);
  const refuse = (why: string) => ({ refused: { code: coupon.code, reason: why, message: `Coupon ${coupon.code}: ${why}` } });
  const problem = await couponProblem(trx, coupon, { amountPaise: nets.reduce((a, b) => a + b, 0), eligiblePaise: eligibleTotal }, now);
  if (problem) return refuse(String(problem));
  if (couponNeedsUser(coupon) && customerId === null) return refuse("it is per customer: enter the phone of the customer's account");
  const useProblem = await couponUseProblem(trx, coupon, customerId);
  if (useProblem) return refuse(String(useProblem));
  const shares = allocate(couponDiscount({ kind: coupon.kind, value: coupon.value, max_discount_paise: coupon.max_discount_paise }, eligibleTotal), eligible);
  lines.forEach((l, n) => (l.coupon_paise = shares[n]!));
  return { coupon };
}

interface Settled {
  mode: PosPaymentBody['mode'];
  amount_paise: number;
  tendered_paise: number | null;
  reference: string | null;
  state: 'paid' | 'pending';
}

/**
 * How the payments settle the total. Card and UPI pay exactly what they say and together may not exceed the total;
 * cash covers the rest and may be more (the change due, given back from the cash). A card needs its terminal's
 * reference. UPI is pending until the provider says it was paid: never on the cashier's word.
 */
function settle(payments: PosPaymentBody[], total: number): Settled[] {
  const errors: Record<string, string[]> = {};
  payments.forEach((p, n) => {
    if (p.mode === 'card' && !p.reference) errors[`payments.${n}.reference`] = ["A card payment needs the terminal's reference"];
    if (p.mode !== 'cash' && toPaise(p.amount) === 0) errors[`payments.${n}.amount`] = ['A card or UPI payment must be more than ₹0'];
  });
  if (Object.keys(errors).length) throw new ApiError(422, 'Some payments cannot be taken as they are', errors);
  const exact = payments.filter((p) => p.mode !== 'cash').reduce((s, p) => s + toPaise(p.amount), 0);
  const tendered = payments.filter((p) => p.mode === 'cash').reduce((s, p) => s + toPaise(p.amount), 0);
  if (exact > total) throw new ApiError(422, `Card and UPI payments come to ${rupees(exact)}, more than the total ${rupees(total)}`, { payments: ['More than the total'] });
  let cashDue = total - exact;
  if (tendered < cashDue) throw new ApiError(422, `The payments are ${rupees(cashDue - tendered)} short of the total ${rupees(total)}`, { payments: ['Short of the total'] });
  return payments.map((p): Settled => {
    const paise = toPaise(p.amount);
    if (p.mode !== 'cash') return { mode: p.mode, amount_paise: paise, tendered_paise: null, reference: p.reference || null, state: p.mode === 'upi' ? 'pending' : 'paid' };
    const settles = Math.min(paise, cashDue);
    cashDue -= settles;
    return { mode: 'cash', amount_paise: settles, tendered_paise: paise, reference: p.reference || null, state: 'paid' };
  });
}

/**
 * Takes the ticket's goods from stock through the ledger, in pack order. A line the ledger holds fewer of takes
 * what there is (the level stops at 0): the goods were handed over at the counter, so the sale stands and the
 * lines short are answered for the order's flag and timeline.
 */
async function takeStock(trx: DB, lines: TicketLine[], by: { orderId: number; userId: number; tillId: number }): Promise<{ pack_id: number; sold: number; in_ledger: number }[]> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.pack_id, (wanted.get(l.pack_id) ?? 0) + l.quantity);
  const short: { pack_id: number; sold: number; in_ledger: number }[] = [];
  for (const [packId, quantity] of [...wanted].sort((a, b) => a[0] - b[0])) {
    const move = { packId, reason: 'order' as const, orderId: by.orderId, userId: by.userId };
    const taken = await applyStockMove(trx, { ...move, change: -quantity, note: `POS sale, till ${by.tillId}` });
    if (taken.ok || taken.missing) continue;
    // Another move may take stock between the refusal and this one (PostgreSQL): try again with what is left.
    let level = taken.level;
    for (let attempt = 0; attempt < 5 && level > 0; attempt += 1) {
      const rest = await applyStockMove(trx, { ...move, change: -level, note: `POS sale, till ${by.tillId}: ${quantity} sold, ${level} in the ledger` });
      if (rest.ok) break;
      level = rest.missing ? 0 : rest.level;
    }
    short.push({ pack_id: packId, sold: quantity, in_ledger: taken.level });
  }
  const products = await trx.selectFrom('packs').select('product_id').distinct().where('id', 'in', [...wanted.keys()]).execute();
  await refreshListingOf(trx, products.map((p) => p.product_id));
  return short;
}
