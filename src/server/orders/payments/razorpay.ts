import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { RazorpayKeys } from '../../config';
import { BadSignatureError, ProviderError, type PaymentProvider, type PaymentStatus, type ProviderRefund, type ProviderRefundNews, type QrCredit, type Transport, type UpiQr, type WebhookEvent } from './types';

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

interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  receipt?: string | null;
  notes?: Record<string, string | number> | unknown[];
  created_at: number;
}

/** A QR code of Razorpay's QR Codes API (`image_content`, its upi:// text, only where the API answers it). */
interface RazorpayQrCode {
  id: string;
  entity: 'qr_code';
  payment_amount: number;
  status: 'active' | 'closed';
  image_url?: string | null;
  image_content?: string | null;
  close_by?: number | null;
  close_reason?: string | null;
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
  /** An SDK client over our transport; `headers` go with each of its calls (the SDK's own `headers` option). */
  const newClient = (headers?: Record<string, string>) => {
    const made = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret, ...(headers ? { headers } : {}) });
    const defaults = (made.api as unknown as { rq?: { defaults?: AxiosDefaults } }).rq?.defaults;
    if (!defaults) throw new Error('razorpay: the SDK no longer exposes api.rq (its axios instance); the adapter cannot bound its calls');
    defaults.baseURL = transport.baseUrl;
    defaults.timeout = timeoutMs;
    // axios's fetch adapter with our fetch in both modes: the same code path for the real API and the simulator.
    defaults.adapter = 'fetch';
    defaults.env = { ...defaults.env, fetch: transport.fetch };
    return made;
  };
  const client = newClient();
  // Only a simulator has a hosted page.
  const simulated = !!transport.hostedPage;

  const call = async <T>(what: string, request: () => Promise<unknown>): Promise<T> => {
    try {
      return (await request()) as T;
    } catch (error) {
      // The SDK rethrows `{ statusCode, error: { description } }`, or a TypeError when there was no answer at all.
      const e = error as { statusCode?: number; error?: { description?: string }; message?: string };
      throw new ProviderError('razorpay', `${what} failed: ${e.statusCode ?? 'no answer'} ${e.error?.description ?? e.message ?? ''}`.trim(), { cause: error, status: e.statusCode });
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
      // The SDK's payment verification signs `order_id|payment_id` with the key secret.
      return { ref: orderId, ok: signatureMatches(`${orderId}|${paymentId}`, signature, keys.keySecret) };
    },

    parseWebhook(rawBody, headers) {
      const signature = headers.get('x-razorpay-signature');
      if (!signature || !signatureMatches(rawBody, signature, keys.webhookSecret)) throw new BadSignatureError('razorpay: the webhook signature does not match');
      const body = JSON.parse(rawBody) as {
        event?: string;
        created_at?: number;
        payload?: { payment?: { entity?: RazorpayPayment }; order?: { entity?: RazorpayOrder }; refund?: { entity?: RazorpayRefund }; qr_code?: { entity?: RazorpayQrCode } };
      };
      const payment = body.payload?.payment?.entity;
      const order = body.payload?.order?.entity;
      const refund = body.payload?.refund?.entity;
      const ref = payment?.order_id ?? order?.id ?? '';
      const outcome = body.event === 'payment.captured' || body.event === 'order.paid' ? 'paid' : body.event === 'payment.failed' ? 'failed' : 'other';
      // The event is known by what the signature covers (its kind, its entity, the entity's status), never by the
      // unsigned X-Razorpay-Event-Id header: a replay under a new header is still the same event, taken once.
      const entity = refund ?? (body.event?.startsWith('order.') ? order : payment) ?? payment ?? order;
      return {
        eventId: entity?.id ? `${body.event}:${entity.id}:${entity.status}` : `${body.event}:${createHash('sha256').update(rawBody).digest('hex')}`,
        ref,
        orderId: noteOrderId(order?.notes) ?? noteOrderId(payment?.notes),
        outcome,
        amountPaise: outcome === 'paid' ? (payment?.amount ?? order?.amount_paid ?? null) : (payment?.amount ?? null),
        currency: payment?.currency ?? order?.currency ?? null,
        // refund.created, refund.processed, refund.failed carry the refund (with the notes we gave it).
        refund: body.event?.startsWith('refund.') && refund ? refundNews(refund) : null,
        // qr_code.credited: a payment into a point-of-sale QR code (its notes name the sale and its payment).
        qr: body.event === 'qr_code.credited' && payment && body.payload?.qr_code?.entity ? qrCredit(body.payload.qr_code.entity, payment) : null,
      } satisfies WebhookEvent;
    },

    async refund(request) {
      const paymentId = request.paymentId ?? (await capturedPayment(request.paymentRef, request.amountPaise));
      // A refund already made for this key (an answer lost on the way, a retry after the key's validity) is the one.
      const { items } = await call<{ items: RazorpayRefund[] }>('fetching its refunds', () => client.payments.fetchMultipleRefund(paymentId, { count: 100 }));
      const made = items.find((r) => noteText(r.notes, 'refund_key') === request.key);
      if (made) return toRefund(made);
      // Razorpay's idempotent refund: the key in X-Refund-Idempotency, the same body on every retry.
      const keyed = newClient({ 'X-Refund-Idempotency': request.key });
      const created = await call<RazorpayRefund>('creating the refund', () =>
        keyed.payments.refund(paymentId, {
          amount: request.amountPaise,
          speed: 'normal',
          receipt: `Refund ${request.ordernumber}`.slice(0, 40),
          notes: { order_id: String(request.orderId), ordernumber: request.ordernumber, refund_key: request.key },
        }),
      );
      if (created.amount !== request.amountPaise) throw new ProviderError('razorpay', `refund ${created.id} is for ${created.amount}, not ${request.amountPaise}`);
      return toRefund(created);
    },

    async refundStatus(refundId, paymentId) {
      return toRefund(await call<RazorpayRefund>('fetching the refund', () => client.payments.fetchRefund(paymentId, refundId)));
    },

    upi: {
      async createQr(request) {
        const created = await call<RazorpayQrCode>('creating the UPI QR code', () =>
          client.qrCode.create({
            type: 'upi_qr',
            name: `Sale ${request.ordernumber}`.slice(0, 40),
            usage: 'single_use',
            fixed_amount: true,
            payment_amount: request.amountPaise,
            description: `Sale ${request.ordernumber} at the counter`,
            close_by: request.closeBy,
            notes: { order_id: String(request.orderId), ordernumber: request.ordernumber, pos_payment_id: String(request.posPaymentId) },
          }),
        );
        if (created.payment_amount !== request.amountPaise) throw new ProviderError('razorpay', `QR code ${created.id} is for ${created.payment_amount}, not ${request.amountPaise}`);
        return qrOf(created, [], simulated);
      },
      async fetchQr(id) {
        const qr = await call<RazorpayQrCode>('fetching the UPI QR code', () => client.qrCode.fetch(id));
        const { items } = await call<{ items: RazorpayPayment[] }>('fetching its payments', () => client.qrCode.fetchAllPayments(id, { count: 10 }));
        return qrOf(qr, items, simulated);
      },
      async closeQr(id) {
        const qr = await call<RazorpayQrCode>('fetching the UPI QR code', () => client.qrCode.fetch(id));
        const closed = qr.status === 'closed' ? qr : await call<RazorpayQrCode>('closing the UPI QR code', () => client.qrCode.close(id));
        const { items } = await call<{ items: RazorpayPayment[] }>('fetching its payments', () => client.qrCode.fetchAllPayments(id, { count: 10 }));
        return qrOf(closed, items, simulated);
      },
    },
  };

  /** The order's captured payment that can take back `amountPaise` (a Razorpay order is paid by one payment). */
  async function capturedPayment(ref: string, amountPaise: number): Promise<string> {
    const { items } = await call<{ items: RazorpayPayment[] }>('fetching its payments', () => client.orders.fetchPayments(ref));
    const payment = items.find((p) => (p.status === 'captured' || p.status === 'refunded') && p.amount >= amountPaise);
    if (!payment) throw new ProviderError('razorpay', `order ${ref} has no captured payment of ${amountPaise} to refund`, { status: 400 });
    return payment.id;
  }
}

function qrCredit(qr: RazorpayQrCode, payment: RazorpayPayment): QrCredit {
  const posPaymentId = Number(noteText(qr.notes, 'pos_payment_id'));
  return {
    qrId: qr.id,
    paymentId: payment.id,
    captured: payment.status === 'captured' || payment.status === 'refunded',
    // A payload without them is never a payment of an amount in rupees: it pays nothing.
    amountPaise: Number.isSafeInteger(payment.amount) ? payment.amount : -1,
    currency: typeof payment.currency === 'string' ? payment.currency : '',
    orderId: noteOrderId(qr.notes),
    posPaymentId: Number.isSafeInteger(posPaymentId) && posPaymentId > 0 ? posPaymentId : null,
  };
}

function qrOf(qr: RazorpayQrCode, payments: RazorpayPayment[], simulated: boolean): UpiQr {
  return {
    id: qr.id,
    amountPaise: qr.payment_amount,
    status: qr.status,
    // The simulator's image_url is the page its customer pays on, not an image.
    imageUrl: simulated ? null : qr.image_url || null,
    intent: qr.image_content?.startsWith('upi://') ? qr.image_content : null,
    closeBy: qr.close_by ? new Date(qr.close_by * 1000).toISOString() : null,
    payPage: simulated ? qr.image_url || null : null,
    credits: payments.map((p) => qrCredit(qr, p)).filter((c) => c.captured),
  };
}

const refundStatusOf = (status: RazorpayRefund['status']) => (status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending');

const toRefund = (refund: RazorpayRefund): ProviderRefund => ({ id: refund.id, paymentId: refund.payment_id, status: refundStatusOf(refund.status), amountPaise: refund.amount });

function refundNews(refund: RazorpayRefund): ProviderRefundNews {
  const orderId = Number(noteText(refund.notes, 'order_id'));
  return {
    id: refund.id,
    status: refundStatusOf(refund.status),
    amountPaise: refund.amount ?? null,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    key: noteText(refund.notes, 'refund_key'),
  };
}

function noteText(notes: RazorpayRefund['notes'], name: string): string | null {
  const value = notes && !Array.isArray(notes) ? notes[name] : undefined;
  return value === undefined ? null : String(value);
}

/**
 * Razorpay's signature check as the SDK makes it (validateWebhookSignature, validatePaymentVerification: the
 * hex HMAC-SHA256 of the payload with the secret), compared in constant time rather than with the SDK's `===`.
 * A signature of another length is simply not it (timingSafeEqual itself throws on unequal lengths).
 */
function signatureMatches(payload: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(payload).digest('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
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
