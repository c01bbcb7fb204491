/**
 * Online payments for orders: starting a provider payment, confirming the browser's return, reading an order's
 * payment state, and applying providers' webhooks. The providers are adapters over their official SDKs
 * (src/server/payments); the orders' statuses are changed only through the order lifecycle's functions, which
 * never move an order backwards.
 */
import type { PaymentConfirmBody, PaymentStarted, PaymentState } from '../../contract/payment';
import type { Deps, UserRow, WebsiteRow } from '../env';
import { ApiError } from '../http/errors';
import { BadSignatureError, paymentDb, ProviderError, type Payments, type PaymentProvider, type ProviderName, type WebhookEvent } from '../payments';
import { findOrderForPayment, markOrderPaid, markPaymentFailed, setPaymentRef } from './orders';
import { applyRefundNews, refundFor, sendRefundsOf } from './refunds';

type PaymentOrder = NonNullable<Awaited<ReturnType<typeof findOrderForPayment>>>;

const PAID_STATUSES = new Set(['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered']);

/** The shop's page the provider sends the browser back to. */
export const confirmPath = (orderId: number) => `/checkout/confirm/${orderId}`;

/** The adapter for a provider, or 404 when it is off (production without its keys). */
function adapterFor(payments: Payments, provider: ProviderName): PaymentProvider {
  const adapter = payments.get(provider);
  if (!adapter) throw new ApiError(404, `Payments with ${provider} are not available in this shop`);
  return adapter;
}

/** The signed-in shopper's own order on this website; any other is a 404, as for the orders calls. */
async function ownOrder(deps: Deps, user: UserRow, website: WebsiteRow, orderId: number): Promise<PaymentOrder> {
  const order = await findOrderForPayment(deps, orderId);
  if (!order || order.userId !== user.id || order.websiteId !== website.id) throw new ApiError(404, 'Order not found');
  return order;
}

function paidWith(order: PaymentOrder, provider: ProviderName) {
  if (order.paymentMethod !== provider) {
    throw new ApiError(409, order.paymentMethod === 'cod' ? `Order ${order.ordernumber} is paid on delivery` : `Order ${order.ordernumber} is to be paid with ${order.paymentMethod}`);
  }
}

/** A provider that cannot be reached, or refuses, is a 502 the page can offer to retry; the details go to the log. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`[payments] ${error.message}`);
    throw new ApiError(502, 'The payment provider is not answering right now, please try again');
  }
}

/**
 * Starts (or resumes) paying an order that waits for its payment: the provider's payment is created once and
 * reused on every later start, and recorded on the order.
 */
export async function startPayment(deps: Deps, payments: Payments, user: UserRow, website: WebsiteRow, provider: ProviderName, orderId: number): Promise<PaymentStarted> {
  const order = await ownOrder(deps, user, website, orderId);
  paidWith(order, provider);
  if (order.status !== 'pending_payment') {
    throw new ApiError(409, PAID_STATUSES.has(order.status) ? `Order ${order.ordernumber} is already paid` : `Order ${order.ordernumber} is not waiting for a payment`);
  }
  const adapter = adapterFor(payments, provider);
  const existing = order.paymentProvider === provider ? order.paymentRef : null;
  const returnPath = confirmPath(order.id);
  const { ref, checkout } = await ask(() => adapter.start({ id: order.id, ordernumber: order.ordernumber, totalPaise: order.totalPaise, returnPath }, existing));
  if (ref !== existing && !(await setPaymentRef(deps, order.id, provider, ref))) throw new ApiError(409, `Order ${order.ordernumber} is no longer waiting for a payment`);
  const { hosted_url: hosted, ...rest } = checkout;
  const common = { order_id: order.id, ordernumber: order.ordernumber, amount_paise: order.totalPaise, return_url: returnPath, hosted_url: typeof hosted === 'string' ? hosted : null };
  if (provider === 'stripe') return { provider, ...common, checkout: rest as Extract<PaymentStarted, { provider: 'stripe' }>['checkout'] };
  return {
    provider,
    ...common,
    checkout: {
      ...(rest as { key_id: string; order_id: string; amount: number; currency: 'INR'; notes: Record<string, string> }),
      name: website.name,
      description: `Order ${order.ordernumber}`,
      prefill: { name: user.name, email: user.email, contact: user.phone },
    },
  };
}

/**
 * The browser came back from the provider: its parameters must verify (Razorpay's signature; Stripe's intent
 * must be this order's), then the provider is asked for the outcome, which is applied. Forged parameters are
 * refused (400) and change nothing. No parameters (the shopper cancelled) just asks the provider.
 */
export async function confirmPayment(deps: Deps, payments: Payments, user: UserRow, website: WebsiteRow, provider: ProviderName, body: PaymentConfirmBody): Promise<PaymentState> {
  const order = await ownOrder(deps, user, website, body.order_id);
  paidWith(order, provider);
  const adapter = adapterFor(payments, provider);
  const params = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const returned = provider === 'razorpay' ? !!(params.razorpay_payment_id || params.razorpay_signature || params.razorpay_order_id) : !!params.payment_intent;
  let ref = order.paymentProvider === provider ? order.paymentRef : null;
  if (returned) {
    const verified = adapter.verifyReturn(params);
    if (!verified.ok) throw new ApiError(400, 'The payment details could not be verified');
    // Another tab may have started a second payment for this order: the provider says whose it is.
    if (verified.ref !== ref) {
      const owner = await ask(() => adapter.status(verified.ref)).catch(() => null);
      if (owner?.orderId !== order.id) throw new ApiError(400, 'The payment details could not be verified');
    }
    ref = verified.ref;
  }
  return settle(deps, adapter, order, ref);
}

/** An order's payment state: for one still waiting, the provider is asked (and its answer applied). */
export async function paymentState(deps: Deps, payments: Payments, user: UserRow, website: WebsiteRow, orderId: number): Promise<PaymentState> {
  const order = await ownOrder(deps, user, website, orderId);
  if (order.paymentMethod === 'cod') throw new ApiError(409, `Order ${order.ordernumber} is paid on delivery`);
  const provider = (order.paymentProvider ?? order.paymentMethod) as ProviderName;
  const adapter = payments.get(provider);
  return settle(deps, adapter, order, order.paymentProvider === provider ? order.paymentRef : null);
}

/** Asks the provider about `ref` while the order waits (or failed: a late payment still counts), and applies the answer. */
async function settle(deps: Deps, adapter: PaymentProvider | undefined, order: PaymentOrder, ref: string | null): Promise<PaymentState> {
  if (adapter && ref && (order.status === 'pending_payment' || order.status === 'payment_failed')) {
    const status = await ask(() => adapter.status(ref));
    if (status.state === 'paid') await applyPaid(deps, adapter, order, ref, status.amountPaise, status.currency);
    if (status.state === 'failed' && ref === order.paymentRef) await markPaymentFailed(deps, order.id, adapter.name, ref);
  }
  const now = (await findOrderForPayment(deps, order.id)) ?? order;
  return {
    order_id: now.id,
    ordernumber: now.ordernumber,
    status: PAID_STATUSES.has(now.status) ? 'paid' : now.status === 'pending_payment' ? 'pending' : 'failed',
    order_status: now.status,
    provider: now.paymentProvider,
  };
}

/**
 * A payment the provider confirmed: placed when it paid this order's total in rupees. Paid for an order already
 * cancelled, it is refunded (recorded by markOrderPaid, sent here); anything else is logged for a refund by hand.
 */
async function applyPaid(deps: Deps, adapter: PaymentProvider, order: PaymentOrder, ref: string, amountPaise: number | null, currency: string | null): Promise<string> {
  const provider = adapter.name;
  if (amountPaise !== order.totalPaise || currency?.toUpperCase() !== 'INR') {
    console.error(`[payments] ${provider} ${ref} paid ${amountPaise} ${currency} for order ${order.ordernumber} of ${order.totalPaise} INR: not applied, refund it`);
    return 'amount_mismatch';
  }
  const result = await markOrderPaid(deps, order.id, provider, ref);
  if (result === 'ignored') {
    await sendRefundsOf(deps, (name) => (name === provider ? adapter : undefined), order.id);
    if (await refundFor(deps, provider, ref)) return 'refunded';
    console.error(`[payments] ${provider} ${ref} paid order ${order.ordernumber}, which is ${order.status} and cannot take it: refund it`);
  }
  return result;
}

/**
 * A provider's webhook: its signature is checked over the raw body (400, nothing changes, when it fails); each
 * event is taken once (the insert into payment_events is the check, atomic on both backends); a replay answers
 * 2xx and does nothing. An event whose work fails is forgotten again so the provider's retry is applied.
 */
export async function receiveWebhook(deps: Deps, payments: Payments, provider: ProviderName, rawBody: string, headers: Headers): Promise<{ received: true; duplicate: boolean }> {
  const adapter = adapterFor(payments, provider);
  let event: WebhookEvent;
  try {
    event = adapter.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof BadSignatureError || error instanceof SyntaxError) throw new ApiError(400, 'Invalid webhook signature');
    throw error;
  }
  const db = paymentDb(deps.db.kysely);
  const inserted = await db
    .insertInto('payment_events')
    .values({ provider, event_id: event.eventId.slice(0, 200), ref: event.ref || null, outcome: event.outcome, result: null, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { received: true, duplicate: true };
  try {
    const result = await applyEvent(deps, adapter, event);
    await db.updateTable('payment_events').set({ result }).where('id', '=', inserted.id).execute();
  } catch (error) {
    await db.deleteFrom('payment_events').where('id', '=', inserted.id).execute().catch(() => {});
    throw error;
  }
  return { received: true, duplicate: false };
}

async function applyEvent(deps: Deps, adapter: PaymentProvider, event: WebhookEvent): Promise<string> {
  if (event.refund) return applyRefundNews(deps, adapter.name, event.refund);
  if (event.outcome === 'other' || !event.ref) return 'other';
  const orderId = event.orderId ?? (await adapter.status(event.ref)).orderId ?? null;
  const order = orderId ? await findOrderForPayment(deps, orderId) : undefined;
  if (!order || order.paymentMethod !== adapter.name) {
    if (event.outcome === 'paid') console.error(`[payments] ${adapter.name} ${event.ref} paid order ${orderId ?? '?'}, ${order ? `which is not paid with ${adapter.name}` : 'which this shop does not have'}: not applied, refund it`);
    return 'unknown_order';
  }
  if (event.outcome === 'paid') return applyPaid(deps, adapter, order, event.ref, event.amountPaise, event.currency);
  // A failure of another payment than the order's current one (an earlier attempt) changes nothing.
  if (event.ref !== order.paymentRef) return 'stale';
  return markPaymentFailed(deps, order.id, adapter.name, event.ref);
}
