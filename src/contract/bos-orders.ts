/**
 * The back office's order calls (docs/back-office.md): the queue, one order, moving orders on, refunds. Staff
 * answers carry money as integer paise (`*_paise`), as the shop's books do.
 */
import { z } from 'zod';
import { Flag, Id, pagingQuery } from './common';
import { BOS_RECENT_DAYS, ORDER_STATUSES } from './order-constants';
import { Text } from './rules';

const Paise = z.number().int().meta({ description: 'Amount in paise (integer)' });
const NonNegativePaise = z.coerce.number({ error: 'must be a whole number of paise' }).int('must be a whole number of paise').min(0).max(100_000_000);
const Status = z.enum(ORDER_STATUSES);

/**
 * The queue's tabs: what staff do next with the orders in each. Cancelled and payment failed: those of the last
 * BOS_RECENT_DAYS days (order-constants.ts); without a tab, every open order and those closed in those days.
 */
export const BOS_TABS = ['to_confirm', 'to_pack', 'to_send', 'out_for_delivery', 'delivered_today', 'cancelled', 'payment_failed'] as const;
export type BosTab = (typeof BOS_TABS)[number];
const PAYMENT_STATES = ['paid', 'awaiting', 'failed', 'on_delivery'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const BosOrderQuery = z
  .object({
    ...pagingQuery(20),
    tab: z
      .enum(BOS_TABS, { error: `tab must be one of ${BOS_TABS.join(', ')}` })
      .optional()
      .meta({ description: `The tab; cancelled and payment_failed hold the last ${BOS_RECENT_DAYS} days. Without one: every open order and those closed in the last ${BOS_RECENT_DAYS} days.` }),
    /** Delivery date (YYYY-MM-DD, India's date) and window (its start, as the order shows it: '7:00 AM'). */
    date: z.string().regex(DATE, 'date must be YYYY-MM-DD').optional(),
    window: Text('Window', { max: 20 }).optional(),
    warehouse: Id.optional(),
    payment_method: z.enum(['cod', 'razorpay', 'stripe'], { error: 'payment_method must be cod, razorpay or stripe' }).optional(),
    payment_state: z.enum(PAYMENT_STATES, { error: `payment_state must be one of ${PAYMENT_STATES.join(', ')}` }).optional(),
    zone: Id.optional(),
    pincode: z.string().regex(/^\d{6}$/, 'pincode must be 6 digits').optional(),
    agent: Id.optional(),
    /** true: only the point of sale's stock-short sales (sold while the stock ledger held fewer: count the shelf again). */
    stock_short: Flag('stock_short').optional(),
    /** An order number, a phone number or a name (the customer's or the delivery address's). */
    q: Text('Search', { max: 80 }).optional(),
  })
  .meta({ id: 'BosOrderQuery' });
export type BosOrderQuery = z.infer<typeof BosOrderQuery>;

/** What the queue's filters offer: the shop's warehouses, the website's sales agents, the delivery zones (with their pincodes) and windows. */
export const BosQueueOptions = z
  .object({
    warehouses: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
    zones: z.array(z.object({ id: z.number().int(), name: z.string(), pincodes: z.array(z.string()) })),
    /** Each window by its start (the `window` filter) and end, as orders show them. */
    windows: z.array(z.object({ start: z.string(), end: z.string() })),
  })
  .meta({ id: 'BosQueueOptions' });
export type BosQueueOptions = z.infer<typeof BosQueueOptions>;

const Delivery = z.object({ date: z.string().nullable(), start: z.string().nullable(), end: z.string().nullable() });

export const BosOrderRow = z
  .object({
    id: z.number().int(),
    ordernumber: z.string(),
    status: Status,
    status_at: z.string().nullable(),
    created_at: z.string(),
    customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
    pincode: z.string(),
    city: z.string(),
    payment_method: z.string(),
    payment_state: z.enum(PAYMENT_STATES),
    total_paise: Paise,
    refunded_paise: Paise,
    /** The earliest delivery window of the order's groups. */
    delivery: Delivery,
    agent_id: z.number().int().nullable(),
    /** web (the shop, sales agents) or pos (a sale at the shop's counter). */
    channel: z.enum(['web', 'pos']),
    /** A POS sale that took more than the stock ledger held: the shelf is to be counted again. */
    stock_short: z.boolean(),
  })
  .meta({ id: 'BosOrderRow' });
export type BosOrderRow = z.infer<typeof BosOrderRow>;

export const BosOrderQueue = z
  .object({
    data: z.array(BosOrderRow),
    meta: z.object({
      total: z.number().int(),
      /** Orders in each tab, with the same filters. */
      counts: z.object(Object.fromEntries(BOS_TABS.map((t) => [t, z.number().int()])) as Record<BosTab, z.ZodNumber>),
    }),
  })
  .meta({ id: 'BosOrderQueue' });
export type BosOrderQueue = z.infer<typeof BosOrderQueue>;

const Actor = z.object({ kind: z.enum(['shopper', 'agent', 'staff', 'provider', 'sweeper']), id: z.number().int().nullable(), name: z.string().nullable() });

const BosTimelineEvent = z
  .object({
    at: z.string(),
    actor: Actor,
    kind: z.enum(['status', 'refund', 'note']),
    from: Status.nullable(),
    to: Status.nullable(),
    note: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'BosTimelineEvent' });

const BosAuditRow = z
  .object({
    at: z.string(),
    user: z.object({ id: z.number().int(), name: z.string() }),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'BosAuditRow' });

export const BosRefund = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    ordernumber: z.string(),
    kind: z.enum(['whole', 'part']),
    provider: z.string(),
    payment_ref: z.string(),
    amount_paise: Paise,
    status: z.enum(['pending', 'processed', 'failed']),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    reason: z.string().nullable(),
    manual_reference: z.string().nullable(),
    lines: z.array(z.object({ line_id: z.number().int(), quantity: z.number().int(), amount_paise: Paise })),
    created_at: z.string(),
    processed_at: z.string().nullable(),
  })
  .meta({ id: 'BosRefund' });
export type BosRefund = z.infer<typeof BosRefund>;

export const BosOrderDetail = z
  .object({
    id: z.number().int(),
    ordernumber: z.string(),
    status: Status,
    status_at: z.string().nullable(),
    created_at: z.string(),
    customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), email: z.string() }),
    agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    address: z.record(z.string(), z.unknown()),
    /** The shopper's note for the shop. */
    note: z.string().nullable(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        pack_id: z.number().int(),
        name: z.string(),
        pack: z.string(),
        quantity: z.number().int(),
        refunded_quantity: z.number().int(),
        price_paise: Paise,
        amount_paise: Paise,
        discount_paise: Paise,
        warehouse_id: z.number().int(),
        delivery: Delivery,
      }),
    ),
    amount_paise: Paise,
    discount_paise: Paise,
    delivery_charge_paise: Paise,
    total_paise: Paise,
    refunded_paise: Paise,
    /** What is left to collect at the door (cash on delivery), or null for an order paid online. */
    due_paise: Paise.nullable(),
    payment: z.object({
      method: z.string(),
      provider: z.string().nullable(),
      reference: z.string().nullable(),
      state: z.enum(PAYMENT_STATES),
      captured_paise: Paise,
      refunded_paise: Paise,
    }),
    refunds: z.array(BosRefund),
    timeline: z.array(BosTimelineEvent),
    audit: z.array(BosAuditRow),
    /** The moves staff may make from its status now. */
    next: z.array(Status),
    /** web or pos; a POS sale's till, and whether it took more than the stock ledger held (with what, per pack). */
    channel: z.enum(['web', 'pos']),
    till_id: z.number().int().nullable(),
    stock_short: z.boolean(),
  })
  .meta({ id: 'BosOrderDetail' });
export type BosOrderDetail = z.infer<typeof BosOrderDetail>;

/** Where staff may move an order. */
export const STAFF_MOVES = ['confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled'] as const;

const Reason = Text('Reason', { max: 500 });

export const BosStatusBody = z
  .object({
    to: z.enum(STAFF_MOVES, { error: `to must be one of ${STAFF_MOVES.join(', ')}` }),
    note: Text('Note', { max: 500 }).optional(),
    reason: Reason.optional(),
    rider_name: Text('Rider name', { max: 80 }).optional(),
    rider_phone: z.string().regex(/^\d{10}$/, 'Rider phone must be 10 digits').optional(),
    collected_paise: NonNegativePaise.optional(),
  })
  .meta({ id: 'BosStatusBody' });
export type BosStatusBody = z.infer<typeof BosStatusBody>;

/** The order's status after a move, and who set it. */
export const BosMoved = z
  .object({ id: z.number().int(), ordernumber: z.string(), status: Status, status_at: z.string().nullable() })
  .meta({ id: 'BosMoved' });
export type BosMoved = z.infer<typeof BosMoved>;

/** 409: the order is not where the move starts from; its status now and who set it, when. */
export const BosConflict = z
  .object({
    message: z.string(),
    status: Status,
    set_by: z.object({ kind: z.string(), name: z.string().nullable(), at: z.string() }).nullable(),
  })
  .meta({ id: 'BosConflict' });
export type BosConflict = z.infer<typeof BosConflict>;

export const BosBulkStatusBody = z
  .object({
    ids: z.array(Id).min(1, 'Choose at least one order').max(500, 'At most 500 orders at once'),
    to: z.enum(['confirmed', 'packed', 'out_for_delivery'], { error: 'to must be confirmed, packed or out_for_delivery' }),
  })
  .meta({ id: 'BosBulkStatusBody' });

export const BosBulkResult = z
  .object({
    moved: z.array(BosMoved),
    /** Orders not moved: gone, or moved by someone else meanwhile (their status now and who set it). */
    refused: z.array(z.object({ id: z.number().int(), ordernumber: z.string().nullable(), status: Status.nullable(), message: z.string(), set_by: BosConflict.shape.set_by })),
  })
  .meta({ id: 'BosBulkResult' });
export type BosBulkResult = z.infer<typeof BosBulkResult>;

export const BosRefundBody = z
  .object({
    lines: z.array(z.object({ line_id: Id, quantity: z.number().int().min(1, 'quantity must be at least 1').max(10_000) })).min(1).max(200).optional(),
    amount_paise: z.number().int().min(1, 'amount_paise must be at least 1').max(100_000_000).optional(),
    reason: Text('Reason', { required: true, max: 500 }),
    restock: Flag('restock').optional(),
  })
  .refine((b) => (b.lines === undefined) !== (b.amount_paise === undefined), { message: 'Give either lines or amount_paise', path: ['lines'] })
  .refine((b) => !b.restock || b.lines !== undefined, { message: 'Only refunded lines can go back to stock', path: ['restock'] })
  .meta({ id: 'BosRefundBody' });
export type BosRefundBody = z.infer<typeof BosRefundBody>;

export const BosRefundQuery = z
  .object({ ...pagingQuery(20), state: z.enum(['failed', 'pending'], { error: 'state must be failed or pending' }).optional() })
  .meta({ id: 'BosRefundQuery' });
export type BosRefundQuery = z.infer<typeof BosRefundQuery>;

export const BosRefundList = z
  .object({ data: z.array(BosRefund), meta: z.object({ total: z.number().int(), needs_hand: z.number().int() }) })
  .meta({ id: 'BosRefundList' });
export type BosRefundList = z.infer<typeof BosRefundList>;

/** The back office header's figure: refunds that need a person (failed, or still not sent after several tries). */
export const BosRefundCount = z.object({ needs_hand: z.number().int() }).meta({ id: 'BosRefundCount' });

export const BosMarkRefundedBody = z
  .object({ reference: Text('Reference', { required: true, max: 120 }), note: Text('Note', { max: 500 }).optional() })
  .meta({ id: 'BosMarkRefundedBody' });
