import { z } from 'zod';
import { AddressFields } from './address';
import { CartItem, DeliveryGroup } from './cart';
import { Id, pagingQuery, Rupees } from './common';
import { Text } from './rules';

/** How a shopper may pay: cash on delivery, or online through a provider (docs/checkout-and-payments.md). */
export const PAYMENT_METHOD_CODES = ['cod', 'razorpay', 'stripe'] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number];
const PaymentMethodCode = z.enum(PAYMENT_METHOD_CODES, { error: `Unknown payment method; choose one of ${PAYMENT_METHOD_CODES.join(', ')}` });

export { ORDER_STATUSES, type OrderStatus } from './order-constants';
import { ORDER_STATUSES } from './order-constants';

export { IDEMPOTENCY_HEADER } from './order-constants';
import { IDEMPOTENCY_HEADER } from './order-constants';

/** An Idempotency-Key: 1 to 100 visible ASCII characters (a UUID fits). */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/**
 * The Idempotency-Key header of a call that places an order (POST /api/order/create, an agent's order): required,
 * because a repeated request (a double tap, a retry after a lost answer) must answer the order it already placed
 * instead of placing a second one, and only the key tells a repeat from a new attempt.
 */
export const idempotencyHeaders = (attempt: 'checkout' | 'order') =>
  z.object({
    [IDEMPOTENCY_HEADER.toLowerCase()]: z
      .string({ error: `The ${IDEMPOTENCY_HEADER} header is required: send one key per ${attempt} attempt` })
      .regex(IDEMPOTENCY_KEY_PATTERN, `The ${IDEMPOTENCY_HEADER} header must be 1 to 100 visible characters`)
      .meta({
        description:
          `Required: one key per ${attempt} attempt (1–100 visible characters), kept across retries. A request sent twice (a double tap, a retry after a ` +
          'lost answer) answers the order the first placed (200) instead of placing a second; without the key the call is refused (400).',
      }),
  });

/** The checkout form (docs/product.md#entities) as POST /api/order/create receives it. */
export const OrderCreateBody = z
  .object({
    address_id: Id,
    payment: PaymentMethodCode,
    offercode: Text('Coupon code', { max: 40 }).nullable().optional(),
    note: Text('Note', { max: 500, multiline: true }).nullable().optional(),
  })
  .meta({ id: 'OrderCreateBody' });
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;

/**
 * POST /api/orders/{id}/retry: pay a failed order again, or a waiting one (its shopper left the provider's page)
 * another way: the same provider, another, or cash on delivery where allowed.
 */
export const OrderRetryBody = z.object({ payment: PaymentMethodCode }).meta({ id: 'OrderRetryBody' });

const PayOptions = z.object({ provider: z.string(), id: z.string() }).meta({ id: 'PayOptions' });

/** The answer to creating (or retrying) an order; the same Idempotency-Key always answers the same. */
export const OrderCreated = z
  .object({
    id: z.number().int(),
    ordernumber: z.string(),
    total: Rupees,
    /** Present when the order is paid online: go to /checkout/{provider}/{id}. */
    payOptions: PayOptions.nullable().optional(),
  })
  .meta({ id: 'OrderCreated' });
export type OrderCreated = z.infer<typeof OrderCreated>;

/** A refusal of an order: the reason, and a reason per line when lines are the trouble. */
export const OrderRefusal = z
  .object({ message: z.string(), lines: z.array(z.object({ pack_id: z.number().int(), message: z.string() })).optional() })
  .meta({ id: 'OrderRefusal' });
export type OrderRefusal = z.infer<typeof OrderRefusal>;

const orderFigures = {
  id: z.number().int(),
  ordernumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.string(),
  payment_provider: z.string().nullable(),
  quantity: z.number().int(),
  amount: Rupees,
  discount: Rupees,
  delivery_charge: Rupees,
  total: Rupees,
  created_at: z.string(),
};

/** An order in the account's list. */
export const OrderSummary = z.object(orderFigures).meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummary>;

/**
 * The refund of an order paid online (cancelled after paying, or a payment the order could not keep): its amount
 * and where it stands. pending: started (the provider may still be taking it); processed: the provider has sent
 * the money back; failed: the provider could not, and the shop refunds it by hand. `reason` says why a payment
 * was given back when the order did not take it (paid twice, another amount, a coupon already used); null for a
 * cancel's refund.
 */
export const OrderRefund = z
  .object({
    amount: Rupees,
    status: z.enum(['pending', 'processed', 'failed']),
    created_at: z.string(),
    processed_at: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'OrderRefund' });
export type OrderRefund = z.infer<typeof OrderRefund>;

/** Who made a step of an order: the shopper, a sales agent, shop staff, a payment provider's webhook, or the shop's sweeper. */
const ORDER_EVENT_ACTORS = ['shopper', 'agent', 'staff', 'provider', 'sweeper'] as const;

/**
 * One step of an order's timeline (GET /api/orders/{id}: `timeline`), oldest first: a status change (`from` →
 * `to`) or a refund, when (UTC) and who made it. What each reader sees is decided in one place
 * (`src/lib/order-timeline.ts`, docs/orders.md#the-timeline): a shopper never gets a person's name
 * (`actor.name` is null), nor the shop's own notes; `note` is the reason a shopper is told (a cancel's, a
 * refund's). `details` holds what the step recorded, money in paise: the rider, the cash collected, a
 * refund's amount and its reference when it was paid by hand.
 */
export const OrderEvent = z
  .object({
    at: z.string(),
    actor: z.object({ kind: z.enum(ORDER_EVENT_ACTORS), name: z.string().nullable() }),
    kind: z.enum(['status', 'refund', 'note']),
    from: z.enum(ORDER_STATUSES).nullable(),
    to: z.enum(ORDER_STATUSES).nullable(),
    note: z.string().nullable(),
    details: z
      .object({
        rider_name: z.string().optional(),
        rider_phone: z.string().optional(),
        collected_paise: z.number().int().optional(),
        due_paise: z.number().int().optional(),
        refund_id: z.number().int().optional(),
        amount_paise: z.number().int().optional(),
        reference: z.string().optional(),
        lines: z.array(z.object({ order_line_id: z.number().int(), quantity: z.number().int(), amount_paise: z.number().int() })).optional(),
      })
      .nullable(),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof OrderEvent>;

/**
 * One refund of an order (GET /api/orders/{id}: `refunds`, and the invoice's): the whole order (a cancel, or a
 * payment the order could not keep) or part of it (the shop refunding items: `lines` says which and how many),
 * its amount and where it stands; `reference` is the bank transfer's when the shop paid it back by hand.
 */
export const OrderRefundEntry = z
  .object({
    id: z.number().int(),
    kind: z.enum(['whole', 'part']),
    amount: Rupees,
    status: z.enum(['pending', 'processed', 'failed']),
    created_at: z.string(),
    processed_at: z.string().nullable(),
    reason: z.string().nullable(),
    reference: z.string().nullable(),
    lines: z.array(z.object({ name: z.string(), pack: z.string(), quantity: z.number().int(), amount: Rupees })),
  })
  .meta({ id: 'OrderRefundEntry' });
export type OrderRefundEntry = z.infer<typeof OrderRefundEntry>;

/** One order, for its owner: lines as priced when placed, delivery groups, the address as it was then. */
export const Order = z
  .object({
    ...orderFigures,
    offercode: z.string().nullable(),
    note: z.string().nullable(),
    address: AddressFields,
    items: z.array(CartItem),
    grouped_items: z.array(DeliveryGroup),
    /** When an unpaid order stops waiting for its payment. */
    expires_at: z.string().nullable(),
    can_cancel: z.boolean(),
    can_retry: z.boolean(),
    /** Whether it has an invoice: only what was charged (paid online, or cash on delivery once delivered). */
    has_invoice: z.boolean(),
    /** The money going back for a cancelled order paid online; null when none is owed (cash on delivery, unpaid). */
    refund: OrderRefund.nullable(),
    /** All the order's money given back or on its way back (a cancel's refund and the shop's part refunds; not failed ones). */
    refunded: Rupees,
    /** Every refund of the order, oldest first. */
    refunds: z.array(OrderRefundEntry),
    /** The order's steps, oldest first, as its reader may see them (a shopper: no names, no staff notes). */
    timeline: z.array(OrderEvent),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderList = z
  .object({ data: z.array(OrderSummary), meta: z.object({ total: z.number().int() }) })
  .meta({ id: 'OrderList' });
export type OrderList = z.infer<typeof OrderList>;

/** GET /api/orders: newest first, paged like the product list. */
export const OrderListQuery = z.object({
  ...pagingQuery(10),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** An order number as the success page's address carries it (`AF-000123`). */
export const OrderNumberParam = z.object({
  ordernumber: z.string().regex(/^[A-Z0-9]{1,10}-\d{1,12}$/, 'Not an order number'),
});
