import type { PaymentState } from '../../contract/payment';
import { formatRupees } from '../../lib/money';
import { payment } from '../../lib/i18n/messages/en/payment';
import { english, speak, type Say } from '../../lib/i18n/words';
import { localizePath, type Locale } from '../../lib/i18n/locales';

/** The payment's translator: its words in the page's language. */
type PaymentSay = Say<Extract<keyof typeof payment, string>>;

/** English, made when a caller gives no translator. */
const paymentInEnglish = (): PaymentSay => speak(english(payment));

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
export function paymentView(state: PaymentState, asked: number, left = false, say: PaymentSay = paymentInEnglish(), locale: Locale = 'en'): PaymentView {
  if (state.status === 'paid') return { kind: 'paid', next: localizePath(`/order/success/${encodeURIComponent(state.ordernumber)}`, locale) };
  if (state.status === 'failed') {
    // A payment the order could not take (its coupon went to another order, its goods are gone…) goes back: say why.
    const { ordernumber } = state;
    if (state.refund?.reason) {
      const refund = say(`payment.refund.${state.refund.status === 'processed' || state.refund.status === 'failed' ? state.refund.status : 'pending'}`);
      return { kind: 'failed', message: say('payment.refused', { amount: formatRupees(state.refund.amount), ordernumber, reason: state.refund.reason, refund }) };
    }
    return { kind: 'failed', message: state.order_status === 'cancelled' ? say('payment.cancelled', { ordernumber }) : say('payment.failed', { ordernumber }) };
  }
  if (left) return { kind: 'left' };
  return asked < POLL.times ? { kind: 'pending', asked } : { kind: 'waited' };
}

/** The ways to pay again after a failed payment: the online providers, and cash on delivery (the server decides); `label` is the words' key. */
export const RETRY_METHODS = [
  { code: 'razorpay', label: 'payment.retry.razorpay' },
  { code: 'stripe', label: 'payment.retry.stripe' },
  { code: 'cod', label: 'payment.retry.cod' },
] as const;
