import type { PaymentState } from '../../contract/payment';
import { formatRupees } from '../../lib/money';

/** What the provider put on the return URL, as the confirm call takes it (anything else is dropped). */
export const RETURN_PARAMS = [
  'razorpay_order_id',
  'razorpay_payment_id',
  'razorpay_signature',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
] as const;

export function returnParams(search: URLSearchParams): Partial<Record<(typeof RETURN_PARAMS)[number], string>> {
  return Object.fromEntries(RETURN_PARAMS.flatMap((name) => (search.has(name) ? [[name, search.get(name)!.slice(0, 200)]] : [])));
}

/** How long the confirm page keeps asking about a pending payment before it explains (every 2 s, 15 times). */
export const POLL = { everyMs: 2000, times: 15 } as const;

/** The confirm page's view of a payment: paid (go to the success page), pending (keep asking), failed (retry). */
export type PaymentView =
  | { kind: 'paid'; next: string }
  | { kind: 'pending'; asked: number }
  | { kind: 'left' }
  | { kind: 'waited' }
  | { kind: 'failed'; message: string };

/**
 * What to show for the provider's word on a payment, after `asked` questions: a pending payment is asked about
 * again until POLL.times, then the page explains that the bank has not answered yet. A shopper who came back
 * from the provider's page without paying (`left`: its Cancel) is not kept waiting: nothing is coming.
 */
export function paymentView(state: PaymentState, asked: number, left = false): PaymentView {
  if (state.status === 'paid') return { kind: 'paid', next: `/order/success/${encodeURIComponent(state.ordernumber)}` };
  if (state.status === 'failed') {
    // A payment the order could not take (its coupon went to another order, its goods are gone…) goes back: say why.
    if (state.refund?.reason) return { kind: 'failed', message: `Your payment of ${formatRupees(state.refund.amount)} for order ${state.ordernumber} could not be accepted: ${state.refund.reason}. ${refundWords(state.refund.status)}` };
    return { kind: 'failed', message: state.order_status === 'cancelled' ? `Order ${state.ordernumber} was cancelled.` : `The payment for order ${state.ordernumber} did not go through. No money was taken; if your bank shows a debit, it returns it within 5 to 7 working days.` };
  }
  if (left) return { kind: 'left' };
  return asked < POLL.times ? { kind: 'pending', asked } : { kind: 'waited' };
}

function refundWords(status: NonNullable<PaymentState['refund']>['status']): string {
  if (status === 'processed') return 'It has been refunded to your original payment method; your bank may take 5–7 working days to show it.';
  if (status === 'failed') return 'It could not be refunded automatically; we have been told and will refund you ourselves.';
  return 'It is being refunded to your original payment method and reaches your account in 5–7 working days.';
}

/** The ways to pay again after a failed payment: the online providers, and cash on delivery (the server decides). */
export const RETRY_METHODS = [
  { code: 'razorpay', label: 'UPI, cards, netbanking or wallets (Razorpay)' },
  { code: 'stripe', label: 'Credit or debit card (Stripe)' },
  { code: 'cod', label: 'Cash on Delivery' },
] as const;
