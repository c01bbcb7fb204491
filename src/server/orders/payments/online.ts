/**
 * Online payments for orders: starting a provider payment, confirming the browser's return, reading an order's
 * payment state, and applying providers' webhooks. The providers are adapters over their official SDKs
 * (razorpay.ts, stripe.ts); the orders' statuses are changed only through the order lifecycle's functions, which
 * never move an order backwards.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentConfirmBody, PaymentStarted, PaymentState } from '../../../contract/payment';
import type { Deps, UserRow, WebsiteRow } from '../../env';
import { ApiError, refusal } from '../../http/errors';
import { BadSignatureError, paymentDb, ProviderError, type Payments, type PaymentProvider, type ProviderName, type WebhookEvent } from './providers';
import { logger } from '../../../lib/log.mjs';
import { formatRupees, toRupees } from '../../../lib/money';
import { applyCapture, findOrderForPayment, markPaymentFailed, setPaymentRef } from './captures';
import { applyRefundNews, refundOf, sendRefundsOf } from '../refunds';
import { applyQrCredit } from '../../pos/upi';

const log = logger('payments');

type PaymentOrder = NonNullable<Awaited<ReturnType<typeof findOrderForPayment>>>;

const PAID_STATUSES = new Set(['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered']);

/** The shop's page the provider sends the browser back to. */
const confirmPath = (orderId: number) => `/checkout/confirm/${orderId}`;

/** The adapter for a provider, or 404 when it is off (production without its keys). */
function adapterFor(payments: Payments, provider: ProviderName): PaymentProvider {
  const adapter = payments.get(provider);
  if (!adapter) throw new ApiError(404, refusal('refusals.noProvider', { provider }));
  return adapter;
}

/** The signed-in shopper's own order on this website; any other is a 404, as for the orders calls. */
async function ownOrder(deps: Deps, user: UserRow, website: WebsiteRow, orderId: number): Promise<PaymentOrder> {
  const order = await findOrderForPayment(deps, orderId);
  if (!order || order.userId !== user.id || order.websiteId !== website.id) throw new ApiError(404, refusal('refusals.orderMissing'));
  return order;
}

function paidWith(order: PaymentOrder, provider: ProviderName) {
  if (order.paymentMethod !== provider) {
    throw new ApiError(409, order.paymentMethod === 'cod' ? refusal('refusals.paidOnDelivery', { order: order.ordernumber }) : refusal('refusals.paidWith', { order: order.ordernumber, method: order.paymentMethod }));
  }
}

/** A provider that cannot be reached, or refuses, is a 502 the page can offer to retry; the details go to the log. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error(error.message);
    throw new ApiError(502, refusal('refusals.providerDown'));
  }
}

/** An order that no longer waits for a payment is not started: 409, saying whether it is paid. */
function waiting(order: PaymentOrder) {
  if (order.status !== 'pending_payment') {
    throw new ApiError(409, PAID_STATUSES.has(order.status) ? refusal('refusals.alreadyPaid', { order: order.ordernumber }) : refusal('refusals.notWaiting', { order: order.ordernumber }));
  }
}

/** How long a start may hold an order's lock: longer than its provider calls (each bounded by PAYMENT_TIMEOUT_MS) take. */
const startLeaseMs = (deps: Deps) => 4 * deps.config.paymentTimeoutMs + 5_000;

/**
 * Runs `work` holding the order's start lock: its row in payment_starts (migration 0018), taken by one atomic
 * upsert that only succeeds when the row is absent or its lease ran out (a start that died), on both backends
 * and across every process of the shop. Others wait their turn, asking again every few tens of milliseconds,
 * and give up with a 409 after one lease. The lock is released when the work ends, however it ends.
 */
async function withStartLock<T>(deps: Deps, orderId: number, work: (token: string) => Promise<T>): Promise<T> {
  const db = deps.db.kysely;
  const token = randomUUID();
  const lease = startLeaseMs(deps);
  const giveUpAt = Date.now() + lease + 1_000;
  for (;;) {
    const now = new Date();
    const until = new Date(now.getTime() + lease).toISOString();
    const taken = await db
      .insertInto('payment_starts')
      .values({ order_id: orderId, token, until })
      .onConflict((oc) => oc.column('order_id').doUpdateSet({ token, until }).where('payment_starts.until', '<=', now.toISOString()))
      .returning('token')
      .executeTakeFirst();
    if (taken?.token === token) break;
    if (Date.now() > giveUpAt) throw new ApiError(409, refusal('refusals.paymentElsewhere'));
    await sleep(20 + Math.floor(Math.random() * 30));
  }
  try {
    return await work(token);
  } finally {
    await db.deleteFrom('payment_starts').where('order_id', '=', orderId).where('token', '=', token).execute();
  }
}

/**
 * Starts (or resumes) paying an order that waits for its payment. One live provider payment per order: every
 * start holds the order's start lock (withStartLock) while it reads the order's payment and asks the provider,
 * so starts racing for one order (two tabs, a double tap) take turns, and each after the first reuses the
 * payment the first recorded. A recorded payment is reused while the provider still holds it for the total.
 */
export async function startPayment(deps: Deps, payments: Payments, user: UserRow, website: WebsiteRow, provider: ProviderName, orderId: number): Promise<PaymentStarted> {
  const first = await ownOrder(deps, user, website, orderId);
  paidWith(first, provider);
  waiting(first);
  const adapter = adapterFor(payments, provider);
  const returnPath = confirmPath(first.id);
  const { order, checkout } = await withStartLock(deps, first.id, async (token) => {
    // Read again under the lock: a start that held it before may have recorded its payment, or it was paid.
    const order = await ownOrder(deps, user, website, orderId);
    paidWith(order, provider);
    waiting(order);
    const existing = order.paymentProvider === provider ? order.paymentRef : null;
    const { ref, checkout } = await ask(() => adapter.start({ id: order.id, ordernumber: order.ordernumber, totalPaise: order.totalPaise, returnPath }, existing));
    if (ref !== existing && !(await setPaymentRef(deps, order.id, provider, ref, token))) throw new ApiError(409, refusal('refusals.noLongerWaiting', { order: order.ordernumber }));
    return { order, checkout };
  });
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
    if (!verified.ok) throw new ApiError(400, refusal('refusals.paymentUnverified'));
    // Another tab may have started a second payment for this order: the provider says whose it is.
    if (verified.ref !== ref) {
      const owner = await ask(() => adapter.status(verified.ref)).catch(() => null);
      if (owner?.orderId !== order.id) throw new ApiError(400, refusal('refusals.paymentUnverified'));
    }
    ref = verified.ref;
  }
  return settle(deps, payments, adapter, order, ref, returned);
}

/** An order's payment state: for one still waiting, the provider is asked (and its answer applied). */
export async function paymentState(deps: Deps, payments: Payments, user: UserRow, website: WebsiteRow, orderId: number): Promise<PaymentState> {
  const order = await ownOrder(deps, user, website, orderId);
  if (order.paymentMethod === 'cod') throw new ApiError(409, refusal('refusals.paidOnDelivery', { order: order.ordernumber }));
  const provider = (order.paymentProvider ?? order.paymentMethod) as ProviderName;
  const adapter = payments.get(provider);
  return settle(deps, payments, adapter, order, order.paymentProvider === provider ? order.paymentRef : null, false);
}

/**
 * Asks the provider about `ref` while the order waits (or failed: a late payment still counts), and applies the
 * answer. A payment the browser came back from (`returned`) is asked about whatever the order's status, unless it
 * is the one that paid it: a second payment is refunded here even when its webhook never comes. The answer
 * carries the order's latest refund, with its reason, for the page to say.
 */
async function settle(deps: Deps, payments: Payments, adapter: PaymentProvider | undefined, order: PaymentOrder, ref: string | null, returned: boolean): Promise<PaymentState> {
  const waiting = order.status === 'pending_payment' || order.status === 'payment_failed';
  const paidByIt = PAID_STATUSES.has(order.status) && order.paymentProvider === adapter?.name && order.paymentRef === ref;
  if (adapter && ref && (waiting || (returned && !paidByIt))) {
    const status = await ask(() => adapter.status(ref));
    if (status.state === 'paid') await takeCapture(deps, payments, adapter, order.id, ref, status);
    if (status.state === 'failed' && waiting && ref === order.paymentRef) await markPaymentFailed(deps, order.id, adapter.name, ref);
  }
  const now = (await findOrderForPayment(deps, order.id)) ?? order;
  return {
    order_id: now.id,
    ordernumber: now.ordernumber,
    status: PAID_STATUSES.has(now.status) ? 'paid' : now.status === 'pending_payment' ? 'pending' : 'failed',
    order_status: now.status,
    provider: now.paymentProvider,
    refund: await refundOf(deps.db.kysely, now.id),
  };
}

/**
 * Money the provider captured for an order (its own answer: amount and currency): applied by applyCapture, which
 * places the order or, when the capture does not pay it, records its refund with the reason. That refund is
 * logged and sent at once (the sweeper retries it if the provider does not answer). A capture for an order this
 * shop does not have cannot be recorded: it is logged for a refund by hand.
 */
async function takeCapture(deps: Deps, payments: Payments, adapter: PaymentProvider, orderId: number, ref: string, paid: { amountPaise: number; currency: string }): Promise<string> {
  const provider = adapter.name;
  const currency = paid.currency.toUpperCase();
  const amount = currency === 'INR' ? formatRupees(toRupees(paid.amountPaise)) : `${paid.amountPaise} (minor units) ${currency}`;
  const outcome = await applyCapture(deps, orderId, { provider, paymentRef: ref, amountPaise: paid.amountPaise, currency });
  if (outcome.result === 'ignored') log.error({ provider, ref, order_id: orderId }, `${provider} ${ref} captured ${amount} for order ${orderId}, which this shop does not have: refund it by hand`);
  if (outcome.result === 'refunded') {
    if (outcome.refundId !== null) {
      log.warn({ provider, ref, order_id: orderId, refund_id: outcome.refundId }, `${provider} ${ref} captured ${amount} for order ${orderId} without paying it (${outcome.reason}): refund ${outcome.refundId} is sent automatically`);
    }
    await sendRefundsOf(deps, payments.get, orderId);
  }
  return outcome.result;
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
    const result = await applyEvent(deps, payments, adapter, event);
    await db.updateTable('payment_events').set({ result }).where('id', '=', inserted.id).execute();
  } catch (error) {
    await db.deleteFrom('payment_events').where('id', '=', inserted.id).execute().catch(() => {});
    throw error;
  }
  return { received: true, duplicate: false };
}

async function applyEvent(deps: Deps, payments: Payments, adapter: PaymentProvider, event: WebhookEvent): Promise<string> {
  if (event.refund) return applyRefundNews(deps, adapter.name, event.refund);
  // A payment into a point-of-sale UPI QR code (docs/pos.md#upi).
  if (event.qr) return applyQrCredit(deps, payments, event.qr);
  if (event.outcome === 'other' || !event.ref) return 'other';
  if (event.outcome === 'paid') {
    // What was captured, and for which order, is the provider's answer: the webhook prompts the question, and a
    // refund is only ever made of money the provider holds.
    const status = await ask(() => adapter.status(event.ref));
    if (status.state !== 'paid') return 'not_paid';
    const orderId = status.orderId ?? event.orderId ?? null;
    if (!orderId) {
      log.error({ provider: adapter.name, ref: event.ref }, `${adapter.name} ${event.ref} was captured for no order of this shop: refund it by hand`);
      return 'unknown_order';
    }
    return takeCapture(deps, payments, adapter, orderId, event.ref, status);
  }
  const orderId = event.orderId ?? (await ask(() => adapter.status(event.ref))).orderId ?? null;
  const order = orderId ? await findOrderForPayment(deps, orderId) : undefined;
  if (!order || order.paymentMethod !== adapter.name) return 'unknown_order';
  // A failure of another payment than the order's current one (an earlier attempt) changes nothing.
  if (event.ref !== order.paymentRef) return 'stale';
  return markPaymentFailed(deps, order.id, adapter.name, event.ref);
}
