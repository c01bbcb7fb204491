import { z } from 'zod';
import { AddressFields } from './address';
import { Cart } from './cart';
import { Rupees } from './common';
import { ORDER_STATUSES } from './order-constants';
import { OrderRefund, OrderRefundEntry } from './order';
import { WebAddress } from './site';

/** POST /api/orders/{id}/reorder: what went back into the cart, and each line that could not, with why. */
export const Reordered = z
  .object({
    cart: Cart,
    added: z.array(z.object({ pack_id: z.number().int(), quantity: z.number().int() })),
    skipped: z.array(
      z.object({
        pack_id: z.number().int(),
        name: z.string(),
        reason: z.string().meta({ description: "'no longer sold', 'out of stock', 'only N left, added N', 'at most N per order, added N'" }),
      }),
    ),
  })
  .meta({ id: 'Reordered' });
export type Reordered = z.infer<typeof Reordered>;

/**
 * GET /api/orders/{id}/invoice: what a printed invoice shows. An order has one only for what was charged: paid
 * online, or cash on delivery once delivered; a cancelled order that was charged keeps it, marked cancelled, with
 * its refund (any other order answers 404). It is a 'Tax Invoice' with the shop's GSTIN when one is configured
 * (SHOP_GSTIN), else an 'Invoice'. The catalogue keeps no tax rate per item, so the invoice does not invent a
 * tax split: prices include GST (`tax_note`), and the totals are the order's own, adding up exactly: sum of
 * line amounts − discount + delivery charge = total.
 */
export const Invoice = z
  .object({
    /** Which invoice it is (a page names it in its own language). */
    title: z.enum(['Tax Invoice', 'Invoice']),
    shop: z.object({ name: z.string(), address: WebAddress.nullable() }),
    /** The shop's GSTIN (SHOP_GSTIN), printed; null when none is configured. */
    gstin: z.string().nullable(),
    ordernumber: z.string(),
    created_at: z.string(),
    status: z.enum(ORDER_STATUSES),
    payment_method: z.string(),
    /** How it was paid, in words in the request's language (Accept-Language): 'Paid online', or 'Cash on Delivery, paid on delivery'. */
    payment: z.string(),
    /** The order was cancelled after it was charged: the invoice is marked cancelled. */
    cancelled: z.boolean(),
    /** The money going back for a cancelled order (null when none). */
    refund: OrderRefund.nullable(),
    /** What was given back of the total (a cancel's refund and the shop's part refunds; not failed ones), and what the shopper paid in the end. */
    refunded: Rupees,
    net_paid: Rupees,
    /** Every refund of the order (whole or part, with the lines it gave back), oldest first. */
    refunds: z.array(OrderRefundEntry),
    /** The billing and shipping address as it was when the order was placed. */
    address: AddressFields,
    lines: z.array(
      z.object({
        position: z.number().int(),
        name: z.string(),
        pack: z.string(),
        quantity: z.number().int(),
        unit_price: Rupees,
        amount: Rupees,
        /** This line's share of the order's discount. */
        discount: Rupees,
        /** amount − discount. */
        net: Rupees,
      }),
    ),
    amount: Rupees,
    discount: Rupees,
    delivery_charge: Rupees,
    total: Rupees,
    /** The total in words, Indian numbering, in the request's language: 'Rupees One Thousand One Hundred Eighty-Eight Only' / 'एक हज़ार एक सौ अट्ठासी रुपये मात्र'. */
    total_in_words: z.string(),
    /** 'Prices include GST', in the request's language. */
    tax_note: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;
