import Stripe from 'stripe';
import type { StripeKeys } from '../../config';
import { BadSignatureError, ProviderError, type PaymentProvider, type PaymentStatus, type ProviderRefund, type Transport } from './types';

export const STRIPE_API = 'https://api.stripe.com';

/** Stripe through the official SDK: PaymentIntents (cards, INR in paise) and signed webhooks. */
export function stripeProvider(keys: StripeKeys, transport: Transport, timeoutMs: number): PaymentProvider {
  const base = new URL(transport.baseUrl);
  const stripe = new Stripe(keys.secretKey, {
    // The SDK's own options for where it sends requests and how long it waits.
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    httpClient: Stripe.createFetchHttpClient(transport.fetch),
    timeout: timeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
  });

  const call = async <T>(what: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const e = error as { statusCode?: number; message?: string };
      throw new ProviderError('stripe', `${what} failed: ${e.statusCode ?? 'no answer'} ${e.message ?? ''}`.trim(), { cause: error, status: e.statusCode });
    }
  };

  return {
    name: 'stripe',

    async start(order, existing) {
      // A payment the provider no longer knows (or cannot show now) is not reused: a new one is made.
      const reused = existing ? await call('fetching the PaymentIntent', () => stripe.paymentIntents.retrieve(existing)).catch(() => undefined) : undefined;
      const usable = reused && reused.amount === order.totalPaise && reused.metadata?.order_id === String(order.id) && reused.status !== 'canceled';
      const intent = usable
        ? reused
        : await call('creating the PaymentIntent', () =>
            stripe.paymentIntents.create({
              amount: order.totalPaise,
              currency: 'inr',
              allowed_payment_method_types: ['card'],
              description: `Order ${order.ordernumber}`,
              metadata: { order_id: String(order.id), ordernumber: order.ordernumber },
            }),
          );
      if (intent.amount !== order.totalPaise || intent.currency !== 'inr') throw new ProviderError('stripe', `${intent.id} has ${intent.amount} ${intent.currency}, not ${order.totalPaise} inr`);
      return {
        ref: intent.id,
        checkout: {
          publishable_key: keys.publishableKey,
          client_secret: intent.client_secret,
          payment_intent: intent.id,
          amount: intent.amount,
          currency: 'INR',
          ...(transport.hostedPage && order.returnPath ? { hosted_url: transport.hostedPage(intent.id, order.returnPath, intent.client_secret ?? '') } : {}),
        },
      };
    },

    async status(ref) {
      const intent = await call('fetching the PaymentIntent', () => stripe.paymentIntents.retrieve(ref));
      const orderId = Number(intent.metadata?.order_id);
      return { ...stripeState(intent), orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null };
    },

    verifyReturn(params) {
      // Stripe signs nothing on the return (payment_intent, payment_intent_client_secret, redirect_status): the
      // shop checks the intent is this order's own, then asks Stripe for its status.
      const ref = params.payment_intent ?? '';
      const secret = params.payment_intent_client_secret;
      const ok = /^pi_[A-Za-z0-9]+$/.test(ref) && (secret === undefined || secret.startsWith(`${ref}_secret_`));
      return { ref, ok };
    },

    parseWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret);
      } catch (error) {
        throw new BadSignatureError(`stripe: ${(error as Error).message}`, { cause: error });
      }
      const object = event.data.object as { object?: string; id?: string; amount?: number; amount_received?: number; currency?: string; metadata?: Record<string, string>; status?: string | null; payment_intent?: string | null };
      const isIntent = object.object === 'payment_intent';
      // refund.created, refund.updated, refund.failed carry the refund with the metadata we gave it. charge.refunded
      // carries the charge, whose refunds' statuses it does not say: it is received and left to the refund's own events.
      const isRefund = object.object === 'refund' && event.type.startsWith('refund.');
      const outcome = !isIntent ? 'other' : event.type === 'payment_intent.succeeded' ? 'paid' : event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled' ? 'failed' : 'other';
      const orderId = Number(object.metadata?.order_id);
      return {
        eventId: event.id,
        ref: isIntent ? (object.id ?? '') : '',
        orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
        outcome,
        amountPaise: outcome === 'paid' ? (object.amount_received ?? null) : (object.amount ?? null),
        currency: object.currency?.toUpperCase() ?? null,
        refund: isRefund
          ? { id: object.id ?? '', status: refundStatusOf(object.status), amountPaise: object.amount ?? null, orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null, key: object.metadata?.refund_key ?? null }
          : null,
      };
    },

    async refund(request) {
      const params: Stripe.RefundCreateParams = {
        payment_intent: request.paymentRef,
        amount: request.amountPaise,
        reason: 'requested_by_customer',
        metadata: { order_id: String(request.orderId), ordernumber: request.ordernumber, refund_key: request.key },
      };
      try {
        // Stripe answers a repeated Idempotency-Key with the first answer (for 24 hours).
        const refund = await stripe.refunds.create(params, { idempotencyKey: request.key });
        if (refund.amount !== request.amountPaise) throw new ProviderError('stripe', `${refund.id} is for ${refund.amount}, not ${request.amountPaise}`);
        return toRefund(refund, request.paymentRef);
      } catch (error) {
        // Past the key's 24 hours, the refund this key made is found by its metadata rather than refused.
        if ((error as { code?: string }).code !== 'charge_already_refunded') {
          if (error instanceof ProviderError) throw error;
          const e = error as { statusCode?: number; message?: string };
          throw new ProviderError('stripe', `creating the refund failed: ${e.statusCode ?? 'no answer'} ${e.message ?? ''}`.trim(), { cause: error, status: e.statusCode });
        }
        const { data } = await call('listing its refunds', () => stripe.refunds.list({ payment_intent: request.paymentRef, limit: 100 }));
        const made = data.find((r) => r.metadata?.refund_key === request.key);
        if (!made) throw new ProviderError('stripe', `${request.paymentRef} is already refunded, by another refund than this one`, { cause: error, status: 400 });
        return toRefund(made, request.paymentRef);
      }
    },

    async refundStatus(refundId, paymentId) {
      return toRefund(await call('fetching the refund', () => stripe.refunds.retrieve(refundId)), paymentId);
    },
  };
}

/** succeeded is processed; failed and canceled are failed; pending and requires_action are still pending. */
const refundStatusOf = (status: string | null | undefined): ProviderRefund['status'] =>
  status === 'succeeded' ? 'processed' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

const toRefund = (refund: Stripe.Refund, paymentRef: string): ProviderRefund => ({
  id: refund.id,
  paymentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? paymentRef),
  status: refundStatusOf(refund.status),
  amountPaise: refund.amount,
});

function stripeState(intent: Stripe.PaymentIntent): PaymentStatus {
  const currency = intent.currency.toUpperCase();
  if (intent.status === 'succeeded') return { state: 'paid', amountPaise: intent.amount_received, currency };
  const failed = intent.status === 'canceled' || (intent.status === 'requires_payment_method' && !!intent.last_payment_error);
  return { state: failed ? 'failed' : 'pending', amountPaise: 0, currency };
}
