import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import type { RazorpayKeys } from '../config';
import { BadSignatureError, ProviderError, type PaymentProvider, type PaymentStatus, type Transport, type WebhookEvent } from './types';

export const RAZORPAY_API = 'https://api.razorpay.com';

/**
 * The part of razorpay-node's axios instance we configure. razorpay 2.9 has no option for a base URL or a
 * timeout (its API class creates `this.rq = axios.create({ baseURL: 'https://api.razorpay.com', … })`), so the
 * adapter sets them on that instance's defaults; the adapter refuses to start if the SDK stops exposing it.
 */
interface AxiosDefaults {
  baseURL?: string;
  timeout?: number;
  adapter?: unknown;
  env?: Record<string, unknown>;
}

interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  created_at: number;
  notes?: Record<string, string | number> | unknown[];
}

interface RazorpayOrder {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  status: 'created' | 'attempted' | 'paid';
  receipt?: string | null;
  notes?: Record<string, string | number> | unknown[];
}

/** Razorpay through the official SDK: orders, their payments, checkout signatures and webhooks. */
export function razorpayProvider(keys: RazorpayKeys, transport: Transport, timeoutMs: number): PaymentProvider {
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  const defaults = (client.api as unknown as { rq?: { defaults?: AxiosDefaults } }).rq?.defaults;
  if (!defaults) throw new Error('razorpay: the SDK no longer exposes api.rq (its axios instance); the adapter cannot bound its calls');
  defaults.baseURL = transport.baseUrl;
  defaults.timeout = timeoutMs;
  // axios's fetch adapter with our fetch in both modes: the same code path for the real API and the simulator.
  defaults.adapter = 'fetch';
  defaults.env = { ...defaults.env, fetch: transport.fetch };

  const call = async <T>(what: string, request: () => Promise<unknown>): Promise<T> => {
    try {
      return (await request()) as T;
    } catch (error) {
      // The SDK rethrows `{ statusCode, error: { description } }`, or a TypeError when there was no answer at all.
      const e = error as { statusCode?: number; error?: { description?: string }; message?: string };
      throw new ProviderError('razorpay', `${what} failed: ${e.statusCode ?? 'no answer'} ${e.error?.description ?? e.message ?? ''}`.trim(), { cause: error });
    }
  };

  return {
    name: 'razorpay',

    async start(order, existing) {
      // A payment the provider no longer knows (or cannot show now) is not reused: a new one is made.
      const reused = existing ? await call<RazorpayOrder>('fetching the order', () => client.orders.fetch(existing)).catch(() => undefined) : undefined;
      const created =
        reused && reused.amount === order.totalPaise && noteOrderId(reused.notes) === order.id
          ? reused
          : await call<RazorpayOrder>('creating the order', () =>
              client.orders.create({
                amount: order.totalPaise,
                currency: 'INR',
                receipt: order.ordernumber,
                notes: { order_id: String(order.id), ordernumber: order.ordernumber },
              }),
            );
      if (created.amount !== order.totalPaise || created.currency !== 'INR') throw new ProviderError('razorpay', `order ${created.id} has ${created.amount} ${created.currency}, not ${order.totalPaise} INR`);
      return {
        ref: created.id,
        checkout: {
          key_id: keys.keyId,
          order_id: created.id,
          amount: created.amount,
          currency: created.currency,
          notes: { order_id: String(order.id) },
          ...(transport.hostedPage && order.returnPath ? { hosted_url: transport.hostedPage(created.id, order.returnPath) } : {}),
        },
      };
    },

    async status(ref) {
      const rzpOrder = await call<RazorpayOrder>('fetching the order', () => client.orders.fetch(ref));
      const { items } = await call<{ items: RazorpayPayment[] }>('fetching its payments', () => client.orders.fetchPayments(ref));
      return { ...razorpayState(rzpOrder, items), orderId: noteOrderId(rzpOrder.notes) };
    },

    verifyReturn(params) {
      const orderId = params.razorpay_order_id ?? '';
      const paymentId = params.razorpay_payment_id;
      const signature = params.razorpay_signature;
      if (!orderId || !paymentId || !signature) return { ref: orderId, ok: false };
      return { ref: orderId, ok: validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, keys.keySecret) };
    },

    parseWebhook(rawBody, headers) {
      const signature = headers.get('x-razorpay-signature');
      if (!signature || !Razorpay.validateWebhookSignature(rawBody, signature, keys.webhookSecret)) throw new BadSignatureError('razorpay: the webhook signature does not match');
      const body = JSON.parse(rawBody) as {
        event?: string;
        created_at?: number;
        payload?: { payment?: { entity?: RazorpayPayment }; order?: { entity?: RazorpayOrder } };
      };
      const payment = body.payload?.payment?.entity;
      const order = body.payload?.order?.entity;
      const ref = payment?.order_id ?? order?.id ?? '';
      const outcome = body.event === 'payment.captured' || body.event === 'order.paid' ? 'paid' : body.event === 'payment.failed' ? 'failed' : 'other';
      return {
        // Razorpay names each event in X-Razorpay-Event-Id (the same on every retry of it).
        eventId: headers.get('x-razorpay-event-id') || `${body.event}:${payment?.id ?? order?.id}:${body.created_at}`,
        ref,
        orderId: noteOrderId(order?.notes) ?? noteOrderId(payment?.notes),
        outcome,
        amountPaise: outcome === 'paid' ? (payment?.amount ?? order?.amount_paid ?? null) : (payment?.amount ?? null),
        currency: payment?.currency ?? order?.currency ?? null,
      } satisfies WebhookEvent;
    },
  };
}

/** Paid when the order is paid or a payment was captured; failed when the latest attempt failed and none is in flight. */
function razorpayState(order: RazorpayOrder, payments: RazorpayPayment[]): PaymentStatus {
  const captured = payments.find((p) => p.status === 'captured' || p.status === 'refunded');
  if (order.status === 'paid' || captured) return { state: 'paid', amountPaise: captured?.amount ?? order.amount_paid, currency: captured?.currency ?? order.currency };
  const latest = [...payments].sort((a, b) => b.created_at - a.created_at)[0];
  const inFlight = payments.some((p) => p.status === 'authorized' || p.status === 'created');
  return { state: latest?.status === 'failed' && !inFlight ? 'failed' : 'pending', amountPaise: 0, currency: order.currency };
}

function noteOrderId(notes: RazorpayOrder['notes']): number | null {
  const value = notes && !Array.isArray(notes) ? Number(notes.order_id) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
