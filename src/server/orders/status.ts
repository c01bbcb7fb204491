/**
 * The order statuses and the only moves between them (docs/product.md#states). Every status change is one
 * conditional UPDATE (`where status = from`), so two changes racing cannot both apply and none goes backwards.
 *
 *   pending_payment → placed → confirmed → packed → out_for_delivery → delivered
 *   pending_payment → payment_failed (the provider said no, or the payment time ran out)
 *   payment_failed → placed (paid late, or retried with cash on delivery), → pending_payment (retried online)
 *   pending_payment, placed, confirmed → cancelled (by the shopper, while not yet packed)
 *   packed → cancelled (by staff only: canStaffMove)
 */
import type { OrderStatus } from '../../contract';

const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['placed', 'payment_failed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['out_for_delivery'],
  out_for_delivery: ['delivered'],
  delivered: [],
  cancelled: [],
  payment_failed: ['placed', 'pending_payment'],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => NEXT_STATUSES[from].includes(to);

/** Staff move orders as the shopper may, and may also cancel a packed order (its goods go back to the shelf): any status before out_for_delivery. */
export const canStaffMove = (from: OrderStatus, to: OrderStatus) => canMove(from, to) || (from === 'packed' && to === 'cancelled');

/** Orders that hold their goods (stock reserved) and count against coupon limits: all but cancelled and failed ones. */
export const HOLDING_STATUSES = ['pending_payment', 'placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'] as const satisfies readonly OrderStatus[];

/** The statuses a shopper may cancel from. */
export const CANCELLABLE_STATUSES = (Object.keys(NEXT_STATUSES) as OrderStatus[]).filter((s) => canMove(s, 'cancelled'));

/** The statuses in which an order paid online has been paid. */
const PAID_ONLINE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

/**
 * Whether the shopper was charged for an order, which is when it has an invoice: paid online (a paid status,
 * or cancelled with a refund of what was paid), or cash on delivery once delivered (collected at the door).
 * Waiting for or failed payments, unpaid cancelled orders and cash on delivery on its way were never charged.
 */
export function wasCharged(order: { status: OrderStatus; payment_method: string }, refunded: boolean): boolean {
  if (order.payment_method === 'cod') return order.status === 'delivered';
  return PAID_ONLINE_STATUSES.includes(order.status) || (order.status === 'cancelled' && refunded);
}
