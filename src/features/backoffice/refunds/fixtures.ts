/** A refund and a page of refunds as the API answers them, for the refunds screen's tests. */
import type { BosRefund, BosRefundList } from '../../../contract/bos-orders';

export const refund = (id: number, change: Partial<BosRefund> = {}): BosRefund => ({
  id,
  order_id: 100 + id,
  ordernumber: `SHOP-${100 + id}`,
  kind: 'part',
  provider: 'razorpay',
  payment_ref: 'order_abc',
  amount_paise: 12_050,
  status: 'failed',
  attempts: 1,
  last_error: 'The account is closed',
  reason: 'Damaged',
  manual_reference: null,
  lines: [],
  created_at: '2026-11-26T04:30:00.000Z',
  processed_at: null,
  ...change,
});
export const list = (ids: number[], total = ids.length): BosRefundList => ({ data: ids.map((id) => refund(id)), meta: { total, needs_hand: total } });
