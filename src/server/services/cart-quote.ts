import type { Kysely, Selectable } from 'kysely';
import type { CartItem } from '../../contract';
import { toRupees } from '../../lib/money';
import { imageSrc } from '../../lib/images';
import type { Locale } from '../../lib/i18n/locales';
import type { CartTable, Database } from '../db/schema';
import { localized } from '../localized';
import { couponByCode, couponCovers, couponProblem, couponUseProblem, type CouponRow } from './coupons';
import { areaFor, deliveryDate, delivers, type Area } from './delivery';
import { refusal, type Refusal } from '../http/errors';
import { priceCart, type Priced, type PricedLine } from '../orders/pricing';

type DB = Kysely<Database>;

/**
 * A cart's lines re-checked and priced for a pincode, with its coupon judged (window, minimum, coverage, and
 * its uses by orders): what the cart shows and what an order records, computed by one function.
 */
export interface CartQuote {
  cart: Selectable<CartTable> | undefined;
  /** The lines as stored and priced in paise, in the order of items. */
  rows: CartLineRow[];
  items: CartItem[];
  /** Why each line (in the order of items) cannot be ordered, or null; items carry them in English. */
  problems: (Refusal | null)[];
  priced: Priced;
  pincode: string | null;
  area: Area | null;
  /** The coupon that applies (null when none, or when it does not qualify: see couponIssue). */
  coupon: CouponRow | null;
  offercode: string | null;
  couponIssue: Refusal | null;
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
  /** The language the lines are named in (a cart's view); orders record the English names. */
  locale?: Locale;
}

export async function quoteCart(db: DB, cartId: number | undefined, options: QuoteOptions): Promise<CartQuote> {
  const { pincode, now } = options;
  const cart = cartId ? await db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst() : undefined;
  const rows = cartId ? await cartLines(db, cartId) : [];
  const area = pincode ? await areaFor(db, pincode) : null;
  const zone = area?.zone ?? null;

  const problems = rows.map((row) => lineProblem(row) ?? (pincode ? deliveryProblem(area, pincode, row.warehouse_id) : null));
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
  const cartIssue = found ? await couponProblem(db, found, { amountPaise, eligiblePaise }, now) : offercode ? refusal('refusals.couponGone') : null;
  const usedUp = found && !cartIssue ? await couponUseProblem(db, found, options.userId) : null;
  const couponIssue = cartIssue ?? usedUp;
  const coupon = found && !couponIssue ? found : null;
  const priced = priceCart(lines, zone, coupon);

  const items: CartItem[] = rows.map((row, i) => ({
    pack_id: row.pack_id,
    slug: row.slug,
    // Mapped here, once, for every client: the cart and checkout islands put it in src as it comes.
    image: imageSrc(row.image),
    name: localized(options.locale, row.name, row.name_hi),
    pack: localized(options.locale, row.pack, row.pack_hi),
    quantity: row.quantity,
    max_per_order: row.max_per_order,
    price: toRupees(row.price_paise),
    act_price: toRupees(row.act_price_paise),
    amount: toRupees(row.price_paise * row.quantity),
    discount: toRupees(priced.line_discounts[i]!),
    valid: problems[i] === null,
    message: problems[i]?.toString() ?? null,
    warehouse_id: row.warehouse_id,
    delivery_charge_id: zone?.id ?? null,
    del_date: area && zone ? deliveryDate(area, row.warehouse_id, now) : null,
    del_start_time: zone ? zone.window.start : null,
    del_end_time: zone ? zone.window.end : null,
  }));
  const weightGrams = rows.reduce((sum, r) => sum + r.weight_grams * r.quantity, 0);
  return { cart, rows, items, problems, priced, pincode, area, coupon, offercode, couponIssue, couponUsedUp: usedUp !== null, weightGrams };
}

type CartLineRow = Awaited<ReturnType<typeof cartLines>>[number];

function cartLines(db: DB, cartId: number) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('packs as pk', 'pk.id', 'ci.pack_id')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .select([
      'ci.pack_id', 'ci.quantity', 'ci.warehouse_id', 'pk.name as pack', 'pk.price_paise', 'pk.act_price_paise',
      'pk.stock', 'pk.max_per_order', 'pk.weight_grams', 'p.name', 'p.name_hi', 'pk.name_hi as pack_hi', 'p.slug', 'p.is_active', 'pk.is_active as pack_active', 'p.category_id', 'p.brand_id',
      (eb) => eb.selectFrom('product_media as m').select('m.src').whereRef('m.product_id', '=', 'p.id').orderBy('m.position').limit(1).as('image'),
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.added_at')
    .orderBy('ci.pack_id')
    .execute();
}

/** Why a line cannot be delivered to the pincode: no zone serves it at all, or not from the line's warehouse. */
function deliveryProblem(area: Area | null, pincode: string, warehouseId: number): Refusal | null {
  if (!area?.zone) return refusal('refusals.noDelivery', { pincode });
  return delivers(area, warehouseId) ? null : refusal('refusals.notFromStore', { pincode });
}

function lineProblem(row: { is_active: number; pack_active: number; stock: number; quantity: number; max_per_order: number }): Refusal | null {
  if (row.is_active !== 1 || row.pack_active !== 1) return refusal('refusals.productGone');
  if (row.stock <= 0) return refusal('refusals.outOfStock');
  if (row.quantity > row.stock) return refusal('refusals.reduceQuantity', { count: row.stock });
  if (row.quantity > row.max_per_order) return refusal('refusals.orderAtMost', { count: row.max_per_order });
  return null;
}
