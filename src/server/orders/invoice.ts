import type { Kysely } from 'kysely';
import { AddressFields, WebAddress, type Invoice } from '../../contract';
import { toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { OrderOwner } from './lifecycle';
import { wasCharged } from './status';
import { refundedTotal, refundOf, refundsOfOrder } from './refunds';

type DB = Kysely<Database>;

/** Said on every invoice: the catalogue keeps no tax rate per item, so no tax split is invented. */
const TAX_NOTE = 'Prices include GST';

/**
 * The data of an order's printable invoice, for its owner only (404 for anyone else). Only what was charged has
 * one (wasCharged: paid online, or cash on delivery once delivered); a cancelled one is marked so, with its
 * refund. `gstin` is the shop's (SHOP_GSTIN): with it the invoice is a 'Tax Invoice' and prints it.
 */
export async function invoiceFor(db: DB, owner: OrderOwner, orderId: number, gstin: string | null): Promise<Invoice> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', owner.userId).where('website_id', '=', owner.websiteId).executeTakeFirst();
  if (!order) throw new ApiError(404, 'Order not found');
  const refund = await refundOf(db, order.id);
  if (!wasCharged(order, refund !== null)) throw new ApiError(404, `Order ${order.ordernumber} has no invoice: nothing has been charged for it`);
  const cancelled = order.status === 'cancelled';
  const refunded = await refundedTotal(db, order.id);
  const [lines, website, settings] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').execute(),
    db.selectFrom('websites').select('name').where('id', '=', owner.websiteId).executeTakeFirstOrThrow(),
    db.selectFrom('website_settings').select('address_json').where('website_id', '=', owner.websiteId).executeTakeFirst(),
  ]);
  const shopAddress = WebAddress.safeParse(settings?.address_json ? JSON.parse(settings.address_json) : null);
  return {
    title: gstin ? 'Tax Invoice' : 'Invoice',
    shop: { name: website.name, address: shopAddress.success ? shopAddress.data : null },
    gstin,
    ordernumber: order.ordernumber,
    created_at: order.created_at,
    status: order.status,
    payment_method: order.payment_method,
    payment: order.payment_method === 'cod' ? 'Cash on Delivery, paid on delivery' : 'Paid online',
    cancelled,
    refund: cancelled ? refund : null,
    refunded: toRupees(refunded),
    net_paid: toRupees(order.total_paise - refunded),
    refunds: await refundsOfOrder(db, order.id),
    address: AddressFields.parse(JSON.parse(order.address_json)),
    lines: lines.map((l, i) => ({
      position: i + 1,
      name: l.name,
      pack: l.pack,
      quantity: l.quantity,
      unit_price: toRupees(l.price_paise),
      amount: toRupees(l.amount_paise),
      discount: toRupees(l.discount_paise),
      net: toRupees(l.amount_paise - l.discount_paise),
    })),
    amount: toRupees(order.amount_paise),
    discount: toRupees(order.discount_paise),
    delivery_charge: toRupees(order.delivery_charge_paise),
    total: toRupees(order.total_paise),
    total_in_words: rupeesInWords(order.total_paise),
    tax_note: TAX_NOTE,
  };
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words: 'Eighty-Eight'. */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}

/** 0–999 in words: 'One Hundred Eighty-Eight'. */
function threeDigits(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', twoDigits(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping (crore, lakh, thousand): 1,01,188 → 'One Lakh One Thousand One Hundred Eighty-Eight'. */
export function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${indianWords(crore)} Crore`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh) parts.push(`${twoDigits(lakh)} Lakh`);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (thousand) parts.push(`${twoDigits(thousand)} Thousand`);
  const rest = n % 1000;
  if (rest) parts.push(threeDigits(rest));
  return parts.join(' ');
}

/** Paise as an invoice says them: 'Rupees One Thousand One Hundred Eighty-Eight and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${twoDigits(rest)} Paise` : ''} Only`;
}
