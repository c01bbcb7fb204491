import { z } from 'zod';
import { AddressFields } from './address';
import { Cart } from './cart';
import { Rupees } from './common';
import { ORDER_STATUSES } from './order-constants';
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
 * GET /api/orders/{id}/invoice: what a printed tax invoice shows. The catalogue keeps no tax rate per item, so
 * the invoice does not invent a tax split: prices include GST (`tax_note`), and the totals are the order's own,
 * adding up exactly: sum of line amounts − discount + delivery charge = total.
 */
export const Invoice = z
  .object({
    shop: z.object({ name: z.string(), address: WebAddress.nullable() }),
    ordernumber: z.string(),
    created_at: z.string(),
    status: z.enum(ORDER_STATUSES),
    payment_method: z.string(),
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
    /** The total in words, Indian numbering: 'Rupees One Thousand One Hundred Eighty-Eight Only'. */
    total_in_words: z.string(),
    tax_note: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;
