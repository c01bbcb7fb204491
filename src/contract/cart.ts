import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './constants';
import { Flag, Id, Rupees } from './common';
import { Text } from './rules';
export { MAX_LINE_QUANTITY } from './constants';

export const CartItem = z
  .object({
    pack_id: z.number().int(),
    slug: z.string(),
    /** An address safe to put in an img's src: the API maps it through lib/images' imageSrc (a placeholder when none or unsafe). */
    image: z.string(),
    name: z.string(),
    pack: z.string(),
    quantity: z.number().int(),
    /** The most of this pack one order may hold (a cart's lines; an order's lines leave it out). */
    max_per_order: z.number().int().optional(),
    price: Rupees,
    act_price: Rupees,
    amount: Rupees,
    /** This line's share of the coupon discount (the shares add up to the cart's discount). */
    discount: Rupees,
    valid: z.boolean(),
    message: z.string().nullable(),
    warehouse_id: z.number().int(),
    delivery_charge_id: z.number().int().nullable(),
    del_date: z.string().nullable(),
    del_start_time: z.string().nullable(),
    del_end_time: z.string().nullable(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

/** Items that arrive together: one delivery charge, one date and time window. */
export const DeliveryGroup = z
  .object({
    delivery_charge_id: z.number().int().nullable(),
    delivery_charge: Rupees,
    del_date: z.string().nullable(),
    del_start_time: z.string().nullable(),
    del_end_time: z.string().nullable(),
    items: z.array(CartItem),
  })
  .meta({ id: 'DeliveryGroup' });

const DeliveryInfo = z
  .object({
    delivery_charge_id: z.number().int().nullable(),
    charge: Rupees,
    free_above: Rupees,
    min_order: Rupees,
    message: z.string().nullable(),
  })
  .meta({ id: 'DeliveryInfo' });

const PaymentMethod = z
  .object({ code: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'PaymentMethod' });

/** A method the shop has but this order cannot use, shown at checkout, not selectable, with the reason. */
const UnavailablePaymentMethod = PaymentMethod.extend({ reason: z.string() }).meta({ id: 'UnavailablePaymentMethod' });

/** The whole cart; every cart answer replaces the shopper's cart state (docs/product.md#states). */
export const Cart = z
  .object({
    quantity: z.number().int(),
    amount: Rupees,
    discount: Rupees,
    delivery_charge: Rupees,
    finalDelivery: Rupees,
    total: Rupees,
    offercode: z.string().nullable(),
    serviceable: z.boolean(),
    /** The delivery pincode the cart is priced for, or null while none is chosen. */
    pincode: z.string().nullable(),
    notes: z.string().nullable(),
    message: z.string().nullable(),
    deliveryMessage: z.string().nullable(),
    paymentMethods: z.array(PaymentMethod),
    /** Methods this cart cannot be paid with here, and why (cash on delivery above its limit, or where the zone refuses it). */
    unavailablePaymentMethods: z.array(UnavailablePaymentMethod),
    items: z.array(CartItem),
    grouped_items: z.array(DeliveryGroup),
    delivery_date: z.string().nullable(),
    delivery_start_time: z.string().nullable(),
    delivery_end_time: z.string().nullable(),
    delivery_info: z.array(DeliveryInfo),
    cart_shipping_info: z.record(z.string(), z.unknown()).nullable(),
    weights: z.object({ total_grams: z.number().int() }),
    shipping_aggregator: z.boolean(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

/** POST /api/cart/add: one more of a pack, or a set quantity when given. */
export const CartAddBody = z
  .object({
    pack_id: Id,
    warehouse_id: Id,
    quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY).optional(),
  })
  .meta({ id: 'CartAddBody' });
export type CartAddBody = z.infer<typeof CartAddBody>;

/** POST /api/cart/remove: one fewer, or the whole line with `remove` true. */
export const CartRemoveBody = z
  .object({ pack_id: Id, remove: Flag('Remove the whole line').optional() })
  .meta({ id: 'CartRemoveBody' });
export type CartRemoveBody = z.infer<typeof CartRemoveBody>;

/** GET /api/cart query (both variants in docs/product.md#the-calls). */
export const CartQuery = z.object({
  address_id: z.coerce.number().int().positive().optional(),
  payment_method: Text('Payment method', { max: 40 }).optional(),
  cart_shipping_info: Text('Shipping information', { max: 4000, multiline: true, trim: false }).optional(),
  groupby_delivery: z.enum(['true', 'false']).optional(),
});
export type CartQuery = z.infer<typeof CartQuery>;
