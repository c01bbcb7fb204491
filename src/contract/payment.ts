import { z } from 'zod';
import { Id } from './common';
import { Text } from './rules';
import { ORDER_STATUSES, OrderRefund } from './order';

/** The online payment providers (docs/checkout-and-payments.md). */
export const PAYMENT_PROVIDERS = ['razorpay', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PaymentProviderParam = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: `Unknown payment provider; choose one of ${PAYMENT_PROVIDERS.join(', ')}` }),
});

export const PaymentOrderParam = z.object({ order_id: Id });

/** POST /api/payments/{provider}/start: pay this order (the signed-in owner's, waiting for its payment). */
export const PaymentStartBody = z.object({ order_id: Id }).meta({ id: 'PaymentStartBody' });

/** Razorpay Checkout's options as the payment page passes them to checkout.js (amount in paise). */
const RazorpayCheckout = z
  .object({
    key_id: z.string(),
    order_id: z.string(),
    amount: z.number().int(),
    currency: z.literal('INR'),
    name: z.string(),
    description: z.string(),
    notes: z.record(z.string(), z.string()),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  })
  .meta({ id: 'RazorpayCheckout' });

/** What Stripe.js needs: the publishable key, and the PaymentIntent's client secret for confirmPayment. */
const StripeCheckout = z
  .object({ publishable_key: z.string(), client_secret: z.string(), payment_intent: z.string(), amount: z.number().int(), currency: z.literal('INR') })
  .meta({ id: 'StripeCheckout' });

const started = {
  order_id: z.number().int(),
  ordernumber: z.string(),
  /** The order's total in paise, as the provider was asked for it. */
  amount_paise: z.number().int(),
  /** Where the provider sends the browser back: the shop's confirm page for this order. */
  return_url: z.string(),
  /**
   * Set only when the provider is simulated (no keys configured): open this same-origin page instead of the
   * provider's script, which cannot load without internet access. It comes back to return_url.
   */
  hosted_url: z.string().nullable(),
};

export const PaymentStarted = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('razorpay'), ...started, checkout: RazorpayCheckout }),
    z.object({ provider: z.literal('stripe'), ...started, checkout: StripeCheckout }),
  ])
  .meta({ id: 'PaymentStarted' });
export type PaymentStarted = z.infer<typeof PaymentStarted>;

const param = Text('Payment reference', { max: 200, trim: false }).optional();

/**
 * POST /api/payments/{provider}/confirm: the order, and what the provider put on the return URL. Razorpay:
 * razorpay_order_id, razorpay_payment_id, razorpay_signature (verified with the key secret); Stripe:
 * payment_intent, payment_intent_client_secret, redirect_status. Neither is trusted for the outcome: the shop
 * asks the provider. None at all (the shopper cancelled) just asks the provider.
 */
export const PaymentConfirmBody = z
  .object({
    order_id: Id,
    razorpay_order_id: param,
    razorpay_payment_id: param,
    razorpay_signature: param,
    payment_intent: param,
    payment_intent_client_secret: param,
    redirect_status: param,
  })
  .meta({ id: 'PaymentConfirmBody' });
export type PaymentConfirmBody = z.infer<typeof PaymentConfirmBody>;

/**
 * Where an order's payment stands, as the provider says (paid, pending, failed), and the order's own status;
 * `refund` is the order's latest refund (a payment it could not take, with its reason; or its cancel's), if any.
 */
export const PaymentState = z
  .object({
    order_id: z.number().int(),
    ordernumber: z.string(),
    status: z.enum(['paid', 'pending', 'failed']),
    order_status: z.enum(ORDER_STATUSES),
    provider: z.string().nullable(),
    refund: OrderRefund.nullable(),
  })
  .meta({ id: 'PaymentState' });
export type PaymentState = z.infer<typeof PaymentState>;

/** A provider's webhook, once its signature is checked: received (or already received: duplicate). */
export const WebhookReceived = z.object({ received: z.literal(true), duplicate: z.boolean() }).meta({ id: 'WebhookReceived' });
