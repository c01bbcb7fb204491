import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const PROVIDERS = ['razorpay', 'stripe'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const isProvider = (name: string): name is ProviderName => (PROVIDERS as readonly string[]).includes(name);

/** What the shop knows of an order when it asks for its payment. */
interface PayableOrder {
  id: number;
  ordernumber: string;
  totalPaise: number;
  /** Where a simulator's hosted page sends the browser back to (a same-origin path). */
  returnPath?: string;
}

/** The provider's answer about a payment: its state and what was actually paid (integer paise, upper-case currency). */
export interface PaymentStatus {
  state: 'paid' | 'pending' | 'failed';
  amountPaise: number;
  currency: string;
  /** The shop's order, from the notes or metadata given at start. */
  orderId?: number | null;
}

/** A verified webhook: `orderId` comes from the signed payload (the notes or metadata we gave at start). */
export interface WebhookEvent {
  eventId: string;
  ref: string;
  orderId: number | null;
  outcome: 'paid' | 'failed' | 'other';
  amountPaise: number | null;
  currency: string | null;
  /** A refund's news (Razorpay refund.*, Stripe refund.*): the provider's refund and where it stands. */
  refund?: ProviderRefundNews | null;
  /** A UPI QR code was paid (Razorpay qr_code.credited): the point of sale's payment (pos/upi.ts). */
  qr?: QrCredit | null;
}

/** A payment into a UPI QR code, as the provider says it: the QR, its payment, what it took and the notes we gave. */
export interface QrCredit {
  qrId: string;
  paymentId: string;
  /** captured: the money is the shop's; anything else is not a payment yet. */
  captured: boolean;
  amountPaise: number;
  currency: string;
  /** The shop's order and POS payment, from the QR's notes. */
  orderId: number | null;
  posPaymentId: number | null;
}

/** A single-use dynamic UPI QR code for an exact amount, as the provider holds it. */
export interface UpiQr {
  id: string;
  amountPaise: number;
  status: 'active' | 'closed';
  /** The provider's image of the QR (Razorpay: a short link to it). */
  imageUrl: string | null;
  /** The upi:// text the QR encodes, when the provider answers it (the simulator does). */
  intent: string | null;
  /** When the provider closes it unpaid (ISO); null: never. */
  closeBy: string | null;
  /** Simulated only: the simulator's page where the demo's customer pays it. */
  payPage: string | null;
  /** Its captured payments (a single-use QR takes one). */
  credits: QrCredit[];
}

/** What a POS UPI payment asks the provider: a QR for exactly this amount, named after the sale. */
interface UpiQrRequest {
  amountPaise: number;
  orderId: number;
  ordernumber: string;
  posPaymentId: number;
  /** Unix seconds; the provider refuses one too soon (Razorpay: at least 15 minutes ahead). */
  closeBy: number;
}

/** The UPI QR codes of the point of sale (Razorpay's QR Codes API): created, asked about, closed. */
export interface UpiQrProvider {
  createQr(request: UpiQrRequest): Promise<UpiQr>;
  fetchQr(id: string): Promise<UpiQr>;
  /** Closes it (no payment can be made to it after); a QR closed already answers as it is. */
  closeQr(id: string): Promise<UpiQr>;
}

/** What the shop asks a provider to refund: all of one payment's `amountPaise`, once per `key`. */
interface RefundRequest {
  /** The provider's reference the order recorded (the Razorpay order, the Stripe PaymentIntent). */
  paymentRef: string;
  /** The payment itself when known (Razorpay's pay_…); found from paymentRef otherwise. */
  paymentId: string | null;
  amountPaise: number;
  /** The idempotency key: the same refund on every retry, never a second one. */
  key: string;
  orderId: number;
  ordernumber: string;
}

/** A refund as the provider holds it. */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: 'pending' | 'processed' | 'failed';
  amountPaise: number;
}

/** A refund webhook's content: the refund (when named), its status, and the order from our notes or metadata. */
export interface ProviderRefundNews {
  id: string;
  status: 'pending' | 'processed' | 'failed';
  amountPaise: number | null;
  orderId: number | null;
  key: string | null;
}

/**
 * One payment provider, called through its official SDK. The same adapter talks to the real provider when keys
 * are configured, or to the local simulator (src/server/demo/payment-simulators) when not: only the SDK's
 * transport and keys differ.
 */
export interface PaymentProvider {
  name: ProviderName;
  /**
   * Creates the provider-side payment for an order (a Razorpay order, a Stripe PaymentIntent) for its total in
   * paise, INR; given the order's `existing` payment, reuses it while the provider still holds it for that
   * amount (a second start, a reload, another tab). `checkout` is what the payment page needs; `hosted_url` is
   * in it only when the provider is simulated.
   */
  start(order: PayableOrder, existing?: string | null): Promise<{ ref: string; checkout: Record<string, unknown> }>;
  /** Asks the provider (never the browser) whether the payment is paid, pending or failed. */
  status(ref: string): Promise<PaymentStatus>;
  /** Verifies the browser's return; `ok` false when the parameters are missing or forged. */
  verifyReturn(params: Record<string, string>): { ref: string; ok: boolean };
  /** Verifies a webhook over the raw body with the SDK's own function; throws on a bad or missing signature. */
  parseWebhook(rawBody: string, headers: Headers): WebhookEvent;
  /**
   * Refunds a payment through the SDK (Razorpay payments.refund with X-Refund-Idempotency; Stripe
   * refunds.create with an idempotency key): a retry with the same key answers the same refund, and one the
   * provider already made for this key is found and answered rather than refused.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Asks the provider where a refund it accepted stands. */
  refundStatus(refundId: string, paymentId: string): Promise<ProviderRefund>;
  /** UPI QR codes for the point of sale; only a provider that has them (Razorpay). */
  upi?: UpiQrProvider;
}

/**
 * Where an SDK's HTTP goes: the provider's API (global fetch), or a simulator (its in-process fetch). Only a
 * simulator has a hosted page: the URL of its page for one payment, sending the browser back to `returnPath`
 * (Stripe's is opened with the PaymentIntent's client secret, as Stripe.js is).
 */
export interface Transport {
  baseUrl: string;
  fetch: typeof fetch;
  hostedPage?: (ref: string, returnPath: string, clientSecret?: string) => string;
}

/** An outbound call to a provider that failed (unreachable, timed out, refused): answered 502, never retried blindly. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(`${provider}: ${message}`, options);
    this.status = options?.status;
  }
  /** The provider's HTTP status when it answered (a refusal), undefined when it did not answer at all. */
  readonly status: number | undefined;
}

/** Thrown by parseWebhook when the signature does not verify. */
export class BadSignatureError extends Error {}

type PaymentEventTable = {
  id: Generated<number>;
  provider: string;
  event_id: string;
  ref: string | null;
  outcome: string;
  /** What applying it did (paid, already, refunded, not_paid, failed, stale, ignored, unknown_order, other, refund_…). */
  result: string | null;
  received_at: string;
};

/** A simulated provider record (a Razorpay order with its payments, or a Stripe PaymentIntent), as JSON. */
type PaymentSimulationTable = {
  id: string;
  provider: string;
  idempotency_key: string | null;
  data_json: string;
  created_at: string;
  updated_at: string;
};

export type PaymentTables = {
  payment_events: PaymentEventTable;
  payment_simulations: PaymentSimulationTable;
};

/** The shop's database seen with the payment tables (migration 0009). */
export const paymentDb = (kysely: Kysely<Database>) => kysely.withTables<PaymentTables>();
