import Stripe from 'stripe';
import type { StripeKeys } from '../config';
import { BadSignatureError, ProviderError, type PaymentProvider, type PaymentStatus, type Transport } from './types';

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
      throw new ProviderError('stripe', `${what} failed: ${e.statusCode ?? 'no answer'} ${e.message ?? ''}`.trim(), { cause: error });
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
      const object = event.data.object as { object?: string; id?: string; amount?: number; amount_received?: number; currency?: string; metadata?: Record<string, string> };
      const isIntent = object.object === 'payment_intent';
      const outcome = !isIntent ? 'other' : event.type === 'payment_intent.succeeded' ? 'paid' : event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled' ? 'failed' : 'other';
      const orderId = Number(object.metadata?.order_id);
      return {
        eventId: event.id,
        ref: isIntent ? (object.id ?? '') : '',
        orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
        outcome,
        amountPaise: outcome === 'paid' ? (object.amount_received ?? null) : (object.amount ?? null),
        currency: object.currency?.toUpperCase() ?? null,
      };
    },
  };
}

function stripeState(intent: Stripe.PaymentIntent): PaymentStatus {
  const currency = intent.currency.toUpperCase();
  if (intent.status === 'succeeded') return { state: 'paid', amountPaise: intent.amount_received, currency };
  const failed = intent.status === 'canceled' || (intent.status === 'requires_payment_method' && !!intent.last_payment_error);
  return { state: failed ? 'failed' : 'pending', amountPaise: 0, currency };
}
