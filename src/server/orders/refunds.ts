/**
 * Refunds of orders paid online. A refund is owed when a paid order is cancelled (any path: every cancel goes
 * through lifecycle.ts's transition) or when a payment arrives that does not pay its order (the order was
 * cancelled, is already paid by another payment, cannot be placed again, or the amount differs: see
 * payments/captures.ts' applyCapture, which records it with its reason). It is written
 * in the same transaction as that change (status pending, with its own idempotency key), then sent to the
 * provider through its SDK after commit, bounded in time. A call that fails or times out leaves it pending
 * with a later next_attempt_at, and the sweeper (boot.ts) sends it again with the same key, so the provider
 * makes it once; if the process dies between the commit and the call, the sweeper finds it the same way.
 * The provider's refund webhooks (and, while a refund stays pending at the provider, the sweeper asking it)
 * move it on to processed or failed. Cash on delivery and unpaid orders owe nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { OrderRefund, OrderRefundEntry } from '../../contract';
import { logger } from '../../lib/log.mjs';
import { formatRupees, toRupees } from '../../lib/money';
import type { Database, OrderTable, RefundTable } from '../db/schema';
import type { Deps } from '../env';
import { isProvider, ProviderError, type PaymentProvider, type ProviderName, type ProviderRefund, type ProviderRefundNews } from './payments/types';

const log = logger('payments');

type DB = Kysely<Database>;
export type RefundRow = Selectable<RefundTable>;
/** The adapter for a provider (payments.get), or undefined when it is off. */
export type AdapterOf = (name: ProviderName) => PaymentProvider | undefined;

/** The statuses in which an order has been paid. */
const PAID_STATUSES = new Set(['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered']);

/** How long the writer of a refund (or the sweeper that took it) has to send it before another may: longer than any call. */
const REFUND_LEASE_MS = 2 * 60_000;
/** While the provider says a refund it accepted is still pending, the sweeper asks it again this often (webhooks usually come first). */
const POLL_MS = 15 * 60_000;

const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();
/** After the n-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/** True when cancelling this order (as it is now) owes the shopper a refund: paid online, through a provider's payment. */
export const owesRefundOnCancel = (order: Pick<Selectable<OrderTable>, 'status' | 'payment_method' | 'payment_provider' | 'payment_ref'>) =>
  order.payment_method !== 'cod' && !!order.payment_provider && !!order.payment_ref && PAID_STATUSES.has(order.status);

/**
 * Records a refund owed for one provider payment, inside the caller's transaction (the cancel, or the late
 * payment). One per payment: a second call for the same payment adds nothing. Answers the refund's id, or null
 * when it was already recorded. Its next_attempt_at is a lease for the caller, who sends it after commit.
 */
export async function recordRefund(
  trx: DB,
  owed: { orderId: number; provider: string; paymentRef: string; amountPaise: number; currency?: string; reason?: string | null; kind?: 'whole' | 'part'; restock?: boolean },
  now = new Date(),
): Promise<number | null> {
  const at = now.toISOString();
  const row = await trx
    .insertInto('refunds')
    .values({
      order_id: owed.orderId,
      provider: owed.provider,
      payment_ref: owed.paymentRef,
      payment_id: null,
      amount_paise: owed.amountPaise,
      currency: owed.currency ?? 'INR',
      status: 'pending',
      provider_refund_id: null,
      idempotency_key: randomUUID(),
      last_error: null,
      next_attempt_at: later(now, REFUND_LEASE_MS),
      created_at: at,
      updated_at: at,
      processed_at: null,
      reason: owed.reason ?? null,
      kind: owed.kind ?? 'whole',
      restock: owed.restock ? 1 : 0,
    })
    .onConflict((oc) => oc.columns(['provider', 'payment_ref']).where('kind', '=', sql.lit('whole')).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Within a cancel's transaction: the refund the order's payment is owed (what is left of it after part refunds), when it was paid online. */
export async function refundOnCancel(trx: DB, order: Selectable<OrderTable>): Promise<number | null> {
  if (!owesRefundOnCancel(order)) return null;
  const left = order.total_paise - (await refundedOf(trx, order.id, order.payment_ref!));
  if (left <= 0) return null;
  return recordRefund(trx, { orderId: order.id, provider: order.payment_provider!, paymentRef: order.payment_ref!, amountPaise: left });
}

/**
 * What the shop gives back of an order's payment, in paise: every refund of it, whatever its state (a failed
 * refund is retried or settled by hand, never dropped), so the cap on further refunds (captured less this)
 * holds whatever becomes of a refund later.
 */
export async function refundedOf(trx: DB, orderId: number, paymentRef: string): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_paise').as('sum'))
    .where('order_id', '=', orderId)
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/**
 * An order's refund for the shopper: its latest whole refund (a cancel's, or a payment the order could not keep,
 * whose reason says why), else its latest part refund without its reason (a part refund's reason is the shop's
 * about the items, not about the payment: the order's refunds list says it); null when it has none.
 */
export async function refundOf(db: DB, orderId: number): Promise<OrderRefund | null> {
  const latest = (kind: 'whole' | 'part') => db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirst();
  const whole = await latest('whole');
  const row = whole ?? (await latest('part'));
  return row ? { amount: toRupees(row.amount_paise), status: row.status, created_at: row.created_at, processed_at: row.processed_at, reason: whole ? row.reason : null } : null;
}

/** Every refund of an order, oldest first, as its shopper sees it: amount, state, why, and the lines a part refund gave back. */
export async function refundsOfOrder(db: DB, orderId: number): Promise<OrderRefundEntry[]> {
  const rows = await db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const lines = rows.length
    ? await db
        .selectFrom('refund_lines as rl')
        .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
        .select(['rl.refund_id', 'rl.quantity', 'rl.amount_paise', 'l.name', 'l.pack', 'l.position'])
        .where('rl.refund_id', 'in', rows.map((r) => r.id))
        .orderBy('l.position')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: toRupees(r.amount_paise),
    status: r.status,
    created_at: r.created_at,
    processed_at: r.processed_at,
    reason: r.reason,
    reference: r.manual_reference,
    lines: lines.filter((l) => l.refund_id === r.id).map((l) => ({ name: l.name, pack: l.pack, quantity: l.quantity, amount: toRupees(l.amount_paise) })),
  }));
}

/** What an order gives back, in paise: every refund of it but failed ones (a cancel's, a stray payment's, the shop's part refunds). */
export async function refundedTotal(db: DB, orderId: number): Promise<number> {
  const row = await db.selectFrom('refunds').select((eb) => eb.fn.sum<number | string | null>('amount_paise').as('sum')).where('order_id', '=', orderId).where('status', '!=', 'failed').executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/** Sends the order's refunds that wait for their first call (just recorded by the caller, who holds their lease). */
export async function sendRefundsOf(deps: Deps, adapterOf: AdapterOf, orderId: number): Promise<RefundRow[]> {
  const rows = await deps.db.kysely.selectFrom('refunds').select('id').where('order_id', '=', orderId).where('status', '=', 'pending').where('attempts', '=', 0).orderBy('id').execute();
  const sent: RefundRow[] = [];
  for (const { id } of rows) {
    const row = await sendRefund(deps, adapterOf, id);
    if (row) sent.push(row);
  }
  return sent;
}

/**
 * The sweeper: refunds still pending whose next attempt is due are taken (a conditional update: one instance
 * at a time) and sent again with their key, or, when the provider already accepted them, asked about.
 * Answers how many it sent or asked about. Safe to run on every instance at once.
 */
export async function sweepRefunds(deps: Deps, adapterOf: AdapterOf, now = new Date()): Promise<number> {
  const db = deps.db.kysely;
  const due = await db.selectFrom('refunds').select('id').where('status', '=', 'pending').where('next_attempt_at', '<=', now.toISOString()).orderBy('next_attempt_at').limit(100).execute();
  let taken = 0;
  for (const { id } of due) {
    const claimed = await db
      .updateTable('refunds')
      .set({ next_attempt_at: later(now, REFUND_LEASE_MS), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    taken += 1;
    await sendRefund(deps, adapterOf, id, now);
  }
  return taken;
}

/**
 * One call to the provider for one pending refund (its caller holds the lease): create it (idempotent with its
 * key) or, once the provider has it, ask where it stands; the answer is recorded. Never throws: a failure is
 * recorded on the refund (pending and retried later, or failed when the provider refuses it for good) and logged.
 */
async function sendRefund(deps: Deps, adapterOf: AdapterOf, refundId: number, now = new Date()): Promise<RefundRow | undefined> {
  const db = deps.db.kysely;
  const row = await db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .selectAll('refunds')
    .select('orders.ordernumber')
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return row;
  const what = `refund ${row.id} of order ${row.ordernumber} (${formatRupees(toRupees(row.amount_paise))}, ${row.provider} ${row.payment_ref})`;
  try {
    const adapter = isProvider(row.provider) ? adapterOf(row.provider) : undefined;
    if (!adapter) throw new Error(`${row.provider} payments are not available in this shop`);
    const call =
      row.provider_refund_id && row.payment_id
        ? adapter.refundStatus(row.provider_refund_id, row.payment_id)
        : adapter.refund({ paymentRef: row.payment_ref, paymentId: row.payment_id, amountPaise: row.amount_paise, key: row.idempotency_key, orderId: row.order_id, ordernumber: row.ordernumber });
    const answer = await withDeadline(call, deadlineMs(deps), row.provider);
    await recordAnswer(db, row, answer);
    if (answer.status === 'failed') log.error({ refund_id: row.id, order_id: row.order_id }, `${what}: ${row.provider} says the refund ${answer.id} failed; refund it by hand`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A refusal (400: nothing to refund, more than was paid) will not change on a retry: a person must look.
    const refused = error instanceof ProviderError && error.status === 400;
    const attempts = row.attempts + 1;
    await db
      .updateTable('refunds')
      .set({
        attempts,
        last_error: message.slice(0, 500),
        status: refused ? 'failed' : 'pending',
        next_attempt_at: refused ? null : later(new Date(Math.max(now.getTime(), Date.now())), backoffMs(attempts)),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    log.error({ refund_id: row.id, order_id: row.order_id }, refused ? `${what} was refused: ${message}; refund it by hand` : `${what} not sent yet (${message}); the sweeper tries again`);
  }
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
}

/** The provider's answer about a refund, recorded without ever moving a settled refund back to pending. */
async function recordAnswer(db: DB, row: RefundRow, answer: ProviderRefund) {
  const at = new Date().toISOString();
  await db
    .updateTable('refunds')
    .set({
      provider_refund_id: answer.id,
      payment_id: answer.paymentId,
      status: answer.status,
      attempts: row.attempts + 1,
      last_error: null,
      next_attempt_at: answer.status === 'pending' ? later(new Date(), POLL_MS) : null,
      processed_at: answer.status === 'processed' ? at : null,
      updated_at: at,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A provider's webhook about a refund: the refund it names (by its id, else by the key or order in our notes)
 * takes the provider's status. A processed or failed refund never goes back to pending.
 */
export async function applyRefundNews(deps: Deps, provider: ProviderName, news: ProviderRefundNews): Promise<string> {
  const db = deps.db.kysely;
  const base = db.selectFrom('refunds').selectAll().where('provider', '=', provider);
  const row =
    (news.id ? await base.where('provider_refund_id', '=', news.id).executeTakeFirst() : undefined) ??
    (news.key ? await base.where('idempotency_key', '=', news.key).executeTakeFirst() : undefined) ??
    (news.orderId ? await base.where('order_id', '=', news.orderId).where('provider_refund_id', 'is', null).orderBy('id', 'desc').executeTakeFirst() : undefined);
  if (!row) return 'unknown_refund';
  if (news.amountPaise !== null && news.amountPaise !== row.amount_paise) {
    log.error({ refund_id: row.id, order_id: row.order_id }, `${provider} refund ${news.id} is for ${news.amountPaise} paise, refund ${row.id} for ${row.amount_paise}: not applied`);
    return 'refund_amount_mismatch';
  }
  if (news.status === 'pending' || row.status === news.status || (row.status === 'processed' && news.status === 'failed')) {
    if (!row.provider_refund_id && news.id) await db.updateTable('refunds').set({ provider_refund_id: news.id, updated_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    return `refund_${row.status}`;
  }
  const at = new Date().toISOString();
  await db
    .updateTable('refunds')
    .set({ status: news.status, provider_refund_id: row.provider_refund_id ?? (news.id || null), processed_at: news.status === 'processed' ? at : null, next_attempt_at: null, updated_at: at })
    .where('id', '=', row.id)
    .execute();
  if (news.status === 'failed') log.error({ refund_id: row.id, order_id: row.order_id }, `${provider} says refund ${news.id} (refund ${row.id} of order ${row.order_id}) failed; refund it by hand`);
  return `refund_${news.status}`;
}

/** The longest one send may take: the SDK's own timeout bounds each call; this bounds the few calls together. */
const deadlineMs = (deps: Deps) => Math.min(4 * deps.config.paymentTimeoutMs, REFUND_LEASE_MS - 15_000);

function withDeadline<T>(work: Promise<T>, ms: number, provider: ProviderName | string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${provider} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
