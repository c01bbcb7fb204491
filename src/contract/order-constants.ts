/**
 * The orders' plain constants, without zod, apart from constants.ts (which every page's islands carry): only
 * checkout's calls need them.
 */

/**
 * The back office's cancelled and payment-failed tabs, and its listing without a tab, hold the orders that closed
 * in this many days (today and the days before, India's days).
 */
export const BOS_RECENT_DAYS = 7;

/** The header that makes POST /api/order/create safe to repeat: one key per checkout attempt. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Order statuses, forward only: pending_payment → placed → confirmed → packed → out_for_delivery → delivered;
 * cancelled and payment_failed end a branch (a failed payment may be retried, or paid late).
 */
export const ORDER_STATUSES = ['pending_payment', 'placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'payment_failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's status in words, for sentences such as "Order AF-000012 is out for delivery". */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: 'waiting for its payment',
  placed: 'placed',
  confirmed: 'confirmed',
  packed: 'packed',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
  payment_failed: 'not paid',
};

/** At most this many orders' packing slips in one printout (one A4 page each). */
export const MAX_SLIPS = 200;
