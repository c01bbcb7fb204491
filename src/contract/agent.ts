import { z } from 'zod';
import { Cart } from './cart';
import { CalendarDate, Id, pagingQuery, Rupees } from './common';
import { Order, OrderSummary, PAYMENT_METHOD_CODES } from './order';
import { ORDER_STATUSES } from './order-constants';
import { Text } from './rules';

/**
 * The sales agent's calls, under /api/agent/* (docs/sales-agents.md): figures for a period, daily sales for the chart,
 * top products and customers, the agent's customers and their orders, and ordering for a customer. Every call
 * needs the agent role (a shopper gets 403); a customer or order not assigned to the calling agent is 404.
 *
 * Periods are calendar days in India's time (Asia/Kolkata), `from` and `to` both included, as YYYY-MM-DD.
 * The previous period is the same number of days just before `from`.
 */

import { MAX_PERIOD_DAYS, MAX_TOP } from './agent-constants';

const periodRules = <T extends z.ZodObject<{ from: z.ZodString; to: z.ZodString }>>(schema: T) =>
  schema
    .refine((p) => p.from <= p.to, { message: 'from must not be after to', path: ['from'] })
    .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 + 1 <= MAX_PERIOD_DAYS, {
      message: `A period is at most ${MAX_PERIOD_DAYS} days`,
      path: ['to'],
    });
const periodShape = { from: CalendarDate('from'), to: CalendarDate('to') };

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: both included, from no later than to, at most MAX_PERIOD_DAYS days. */
export const PeriodQuery = periodRules(z.object(periodShape));
export type PeriodQuery = z.infer<typeof PeriodQuery>;

const Period = z.object({ from: z.string(), to: z.string(), days: z.number().int() });

/** One figure, in this period and the previous one of the same length. */
const Figure = z.object({ value: z.number(), previous: z.number() });

/**
 * GET /api/agent/summary?from&to. Definitions (docs/sales-agents.md): an order counts when it was placed
 * through the agent in the period and is placed, confirmed, packed, out for delivery or delivered (waiting for
 * or failed payment: not yet; cancelled: counted in cancellations only). Revenue is those orders' totals;
 * average order value is revenue ÷ orders; commission is the agent's rate on revenue less delivery charges;
 * new customers are customers assigned to the agent in the period; cancellations are orders placed in the
 * period and cancelled since.
 */
export const AgentSummary = z
  .object({
    period: Period,
    previous: Period,
    /** The agent's commission rate, in percent (2 means 2%). */
    commission_rate: z.number(),
    figures: z.object({
      orders: Figure,
      revenue: Figure.meta({ description: 'Rupees' }),
      average_order_value: Figure.meta({ description: 'Rupees' }),
      commission: Figure.meta({ description: 'Rupees' }),
      new_customers: Figure,
      cancellations: Figure,
    }),
  })
  .meta({ id: 'AgentSummary' });
export type AgentSummary = z.infer<typeof AgentSummary>;

/** GET /api/agent/sales?from&to: every day of the period, oldest first, days without orders as zeros. */
export const AgentSales = z
  .object({
    period: Period,
    days: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: Rupees })),
  })
  .meta({ id: 'AgentSales' });
export type AgentSales = z.infer<typeof AgentSales>;

export const AgentTopQuery = periodRules(
  z.object({
    ...periodShape,
    limit: z.coerce.number({ error: `limit must be a whole number from 1 to ${MAX_TOP}` }).int().min(1).max(MAX_TOP).default(5),
  }),
);
export type AgentTopQuery = z.infer<typeof AgentTopQuery>;

/** GET /api/agent/top?from&to&limit: best-selling packs (by revenue) and best customers, over counted orders. */
export const AgentTop = z
  .object({
    products: z.array(z.object({ pack_id: z.number().int(), slug: z.string(), name: z.string(), pack: z.string(), quantity: z.number().int(), revenue: Rupees })),
    customers: z.array(z.object({ id: z.number().int(), name: z.string(), phone: z.string(), orders: z.number().int(), revenue: Rupees })),
  })
  .meta({ id: 'AgentTop' });
export type AgentTop = z.infer<typeof AgentTop>;

/**
 * One of the agent's customers: all their orders, and what the agent sold them (docs/sales-agents.md): the
 * orders the agent placed for them since assignment that count in the figures, with their revenue.
 */
export const AgentCustomer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    assigned_at: z.string(),
    /** Every order of theirs on this website, in any status, placed by the agent or by them: what their order list counts. */
    all_orders: z.number().int(),
    /** Sold by the agent: orders the agent placed for them since assignment, placed or further along (the figures' definition). */
    orders: z.number().int(),
    revenue: Rupees,
    last_order_at: z.string().nullable(),
  })
  .meta({ id: 'AgentCustomer' });
export type AgentCustomer = z.infer<typeof AgentCustomer>;

/** GET /api/agent/customers?q&page&perPage: the agent's customers, by name (A–Z); q matches name or phone. */
export const AgentCustomerQuery = z.object({
  ...pagingQuery(10),
  q: Text('Search', { max: 80 }).optional(),
});
export type AgentCustomerQuery = z.infer<typeof AgentCustomerQuery>;

export const AgentCustomerList = z
  .object({ data: z.array(AgentCustomer), meta: z.object({ total: z.number().int() }) })
  .meta({ id: 'AgentCustomerList' });
export type AgentCustomerList = z.infer<typeof AgentCustomerList>;

const CustomerRef = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });

/** An order in the agent's list: the order's figures and whose it is. */
export const AgentOrderSummary = OrderSummary.extend({ customer: CustomerRef, placed_by_agent: z.boolean() }).meta({ id: 'AgentOrderSummary' });
export type AgentOrderSummary = z.infer<typeof AgentOrderSummary>;

/**
 * GET /api/agent/orders?status&customer_id&page&perPage: orders of the agent's customers, newest first: those
 * the agent placed and those the customers placed themselves (placed_by_agent tells them apart; only the
 * former count in the figures).
 */
export const AgentOrderQuery = z.object({
  ...pagingQuery(10),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  customer_id: Id.optional(),
});
export type AgentOrderQuery = z.infer<typeof AgentOrderQuery>;

export const AgentOrderList = z
  .object({ data: z.array(AgentOrderSummary), meta: z.object({ total: z.number().int() }) })
  .meta({ id: 'AgentOrderList' });
export type AgentOrderList = z.infer<typeof AgentOrderList>;

/** GET /api/agent/orders/{id}: one order of an assigned customer, with the payment link while it waits. */
export const AgentOrder = Order.extend({
  customer: CustomerRef,
  placed_by_agent: z.boolean(),
  /** While the order waits for an online payment: the page the customer opens to pay (absolute URL). */
  payment_link: z.string().nullable(),
}).meta({ id: 'AgentOrder' });
export type AgentOrder = z.infer<typeof AgentOrder>;

/** GET /api/agent/customers/{id}/cart?address_id: the cart the agent builds for the customer, priced for the address. */
export const AgentCartQuery = z.object({ address_id: Id.optional() });

/** The cart an agent builds for a customer has the shopper's cart's shape. */
export const AgentCart = Cart;

/** How an agent's order is paid: cash on delivery, or a payment link the customer opens (razorpay or stripe). */
export const AgentOrderBody = z
  .object({
    address_id: Id,
    payment: z.enum(PAYMENT_METHOD_CODES, { error: `Unknown payment method; choose one of ${PAYMENT_METHOD_CODES.join(', ')}` }),
    note: Text('Note', { max: 500, multiline: true }).nullable().optional(),
  })
  .meta({ id: 'AgentOrderBody' });
export type AgentOrderBody = z.infer<typeof AgentOrderBody>;

/** POST /api/agent/customers/{id}/order (Idempotency-Key): the placed order; payment_link when paid online. */
export const AgentOrderPlaced = z
  .object({
    id: z.number().int(),
    ordernumber: z.string(),
    total: Rupees,
    status: z.enum(ORDER_STATUSES),
    payment_link: z.string().nullable(),
  })
  .meta({ id: 'AgentOrderPlaced' });
export type AgentOrderPlaced = z.infer<typeof AgentOrderPlaced>;
