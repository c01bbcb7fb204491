/**
 * UPI at the counter (docs/pos.md#upi): a sale's UPI payment is paid through a single-use dynamic QR code of the
 * payment provider (Razorpay's QR Codes API; its simulator in demo mode) for exactly its amount, and is paid when
 * the provider says so — its signed qr_code.credited webhook, or its answer when the till's polling asks it —
 * never on the cashier's word. Only a captured payment of exactly the payment's amount, in rupees, into the
 * payment's own QR code pays it; statuses only move forward (pending → paid or cancelled, the order
 * pending_payment → delivered or cancelled), each one conditional UPDATE under the order's lock.
 *
 * The provider is called outside any transaction (never while the till's or the order's row is locked), each
 * call bounded by the SDK's timeout (PAYMENT_TIMEOUT_MS). A QR made twice by two requests at once keeps the first
 * recorded and closes the other. Money that arrives and cannot pay its sale (a cancelled wait, an older code, a
 * second payment) is refunded through the provider at once, as the web shop does (orders/refunds.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { PosSale, PosSaleBody, PosUpiCancelBody } from '../../contract/pos';
import { logger } from '../../lib/log.mjs';
import { formatRupees, toRupees } from '../../lib/money';
import { toPaise } from '../../lib/to-paise';
import type { Database } from '../db/schema';
import type { Deps } from '../env';
import { ApiError } from '../http/errors';
import { PROVIDER, recordEvent } from '../orders/events';
import { lockedOrder, transition } from '../orders/lifecycle';
import { ProviderError, type Payments, type PaymentProvider, type QrCredit, type UpiQr, type UpiQrProvider } from '../orders/payments/providers';
import { sendRefundsOf } from '../orders/refunds';
import { recordAudit } from '../services/audit';
import { saleShown } from './sale-view';
import type { Cashier } from './tills';

const log = logger('payments');
type DB = Kysely<Database>;
type PaymentRow = Selectable<Database['pos_payments']>;

/** The provider of UPI at the counter: Razorpay's QR codes (Stripe has none for UPI). */
const UPI_PROVIDER = 'razorpay' as const;
/** A QR code closes unpaid after this (Razorpay wants at least 15 minutes ahead). */
const QR_LIFETIME_S = 20 * 60;
/** While a sale waits, the till's polling asks the provider at most this often (the webhook usually comes first). */
export const UPI_ASK_EVERY_MS = 5_000;

/** The provider's UPI QR codes, or undefined when it is off (production without Razorpay's keys). */
function upiOf(payments: Payments): (UpiQrProvider & { adapter: PaymentProvider }) | undefined {
  const adapter = payments.get(UPI_PROVIDER);
  return adapter?.upi ? { ...adapter.upi, adapter } : undefined;
}

/** A sale with a UPI payment needs the provider: refused (422, nothing recorded) when it is off. */
export function mustTakeUpi(payments: Payments, body: PosSaleBody): void {
  if (!body.payments.some((p) => p.mode === 'upi') || upiOf(payments)) return;
  throw new ApiError(422, 'UPI is not available: the shop has no payment provider for it (Razorpay). Take cash or card.', { payments: ['UPI is not available'] });
}

/** A provider that cannot be reached, or refuses, is a 502 the till may try again; the details go to the log. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error(error.message);
    throw new ApiError(502, 'The payment provider could not be reached: try again, or take the payment another way');
  }
}

const pendingUpi = (db: DB, orderId: number) => db.selectFrom('pos_payments').selectAll().where('order_id', '=', orderId).where('mode', '=', 'upi').where('state', '=', 'pending').orderBy('position').execute();

const qrColumns = (qr: UpiQr) => ({ provider: UPI_PROVIDER, provider_ref: qr.id, qr_image_url: qr.imageUrl, qr_intent: qr.intent, qr_close_by: qr.closeBy, qr_pay_page: qr.payPage, checked_at: new Date().toISOString() });

/**
 * A QR code for each of the sale's waiting UPI payments that has none yet (`renew`: or whose code has closed
 * unpaid). Answers false when the provider could not make one (the sale stands; the till asks again); throws
 * nothing for that unless `strict` (the till's own request: 502).
 */
export async function issueQrs(deps: Deps, payments: Payments, orderId: number, opts: { renew?: boolean; strict?: boolean } = {}): Promise<boolean> {
  const upi = upiOf(payments);
  const db = deps.db.kysely;
  const waiting = await pendingUpi(db, orderId);
  if (!waiting.length) return true;
  if (!upi) {
    if (opts.strict) throw new ApiError(422, 'UPI is not available: the shop has no payment provider for it');
    return false;
  }
  const order = await db.selectFrom('orders').select(['ordernumber']).where('id', '=', orderId).executeTakeFirstOrThrow();
  try {
    for (const payment of waiting) {
      if (payment.provider_ref) {
        if (!opts.renew) continue;
        // The code it has: paid meanwhile (applied now), still open (kept), or closed unpaid (replaced).
        const held = await upi.fetchQr(payment.provider_ref);
        for (const credit of held.credits) await applyQrCredit(deps, payments, credit);
        if (held.status === 'active' || held.credits.length) continue;
      }
      const qr = await upi.createQr({ amountPaise: payment.amount_paise, orderId, ordernumber: order.ordernumber, posPaymentId: payment.id, closeBy: Math.floor(Date.now() / 1000) + QR_LIFETIME_S });
      let update = db.updateTable('pos_payments').set(qrColumns(qr)).where('id', '=', payment.id).where('state', '=', 'pending');
      update = payment.provider_ref ? update.where('provider_ref', '=', payment.provider_ref) : update.where('provider_ref', 'is', null);
      const set = await update.executeTakeFirst();
      // Another request recorded its code first (or the wait ended meanwhile): this one is closed, never shown.
      if (Number(set.numUpdatedRows) !== 1) await upi.closeQr(qr.id).catch((error: unknown) => log.error({ err: error }, `could not close the spare UPI QR code ${qr.id}`));
    }
    return true;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.error({ order_id: orderId }, `no UPI QR code for sale ${order.ordernumber}: ${error.message}`);
    if (opts.strict) throw new ApiError(502, 'The payment provider could not be reached: try again, or take the payment another way');
    return false;
  }
}

/**
 * While a sale waits, the provider is asked about its QR codes (at most every UPI_ASK_EVERY_MS, one request at a
 * time: the check time is claimed with a conditional update) and a payment it holds is applied. A provider that
 * does not answer changes nothing: the sale is answered as it is.
 */
async function askProvider(deps: Deps, payments: Payments, orderId: number): Promise<void> {
  const upi = upiOf(payments);
  if (!upi) return;
  const db = deps.db.kysely;
  const now = Date.now();
  for (const payment of await pendingUpi(db, orderId)) {
    if (!payment.provider_ref) continue;
    if (payment.checked_at && now - Date.parse(payment.checked_at) < UPI_ASK_EVERY_MS) continue;
    let claim = db.updateTable('pos_payments').set({ checked_at: new Date(now).toISOString() }).where('id', '=', payment.id);
    claim = payment.checked_at ? claim.where('checked_at', '=', payment.checked_at) : claim.where('checked_at', 'is', null);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    try {
      const qr = await upi.fetchQr(payment.provider_ref);
      for (const credit of qr.credits) await applyQrCredit(deps, payments, credit);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.warn({ order_id: orderId }, `asking about UPI QR code ${payment.provider_ref}: ${error.message}`);
    }
  }
}

/**
 * The provider says money was paid into a QR code (its signed webhook, or its answer when asked). It pays the
 * POS payment whose code it is only when it was captured, in rupees, for exactly the payment's amount; once no
 * payment of the sale waits, the sale is delivered (a paid sale at the counter). The same payment again is
 * 'already'. Money that cannot pay (the wait was cancelled, the code was replaced, the payment was paid another
 * way) is refunded through the provider; another amount is never applied (a fixed-amount code cannot take one:
 * logged for a person to look at). Answers what it did, for the webhook's record.
 */
export async function applyQrCredit(deps: Deps, payments: Payments, credit: QrCredit): Promise<string> {
  const db = deps.db.kysely;
  if (!credit.captured) return 'pos_not_captured';
  const byRef = await db.selectFrom('pos_payments').select(['id', 'order_id']).where('provider_ref', '=', credit.qrId).executeTakeFirst();
  // An older code of a payment (replaced when it closed) is found by the notes the shop gave it.
  const found =
    byRef ??
    (credit.posPaymentId !== null && credit.orderId !== null
      ? await db.selectFrom('pos_payments').select(['id', 'order_id']).where('id', '=', credit.posPaymentId).where('order_id', '=', credit.orderId).where('mode', '=', 'upi').executeTakeFirst()
      : undefined);
  const paid = formatRupees(toRupees(credit.amountPaise));
  if (!found) {
    log.error({ provider: UPI_PROVIDER, ref: credit.qrId }, `${UPI_PROVIDER} QR code ${credit.qrId} took ${paid} (${credit.paymentId}) for no sale of this shop: refund it by hand`);
    return 'pos_unknown_qr';
  }
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, deps.db.dialect, found.order_id);
    const payment = await trx.selectFrom('pos_payments').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    if (!order) return 'pos_unknown_qr';
    if (payment.provider_payment_id === credit.paymentId) return 'pos_already';
    if (credit.currency.toUpperCase() !== 'INR' || credit.amountPaise !== payment.amount_paise) {
      log.error({ order_id: order.id, ref: credit.qrId }, `${UPI_PROVIDER} ${credit.paymentId} took ${paid} ${credit.currency} into QR code ${credit.qrId}, whose payment is ${formatRupees(toRupees(payment.amount_paise))}: not applied; look at it by hand`);
      return 'pos_amount_mismatch';
    }
    const refund = async (reason: string) => {
      await trx
        .insertInto('refunds')
        .values({
          order_id: order.id,
          provider: UPI_PROVIDER,
          payment_ref: credit.qrId,
          payment_id: credit.paymentId,
          amount_paise: credit.amountPaise,
          currency: 'INR',
          status: 'pending',
          provider_refund_id: null,
          idempotency_key: randomUUID(),
          last_error: null,
          next_attempt_at: new Date(Date.now() + 2 * 60_000).toISOString(),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          processed_at: null,
          reason,
          kind: 'whole',
        })
        .onConflict((oc) => oc.columns(['provider', 'payment_ref']).where('kind', '=', sql.lit('whole')).doNothing())
        .execute();
      log.warn({ order_id: order.id, ref: credit.qrId }, `${UPI_PROVIDER} ${credit.paymentId} (${paid}) cannot pay sale ${order.ordernumber}: ${reason}; refunded through the provider`);
      return 'pos_refunded';
    };
    if (payment.state === 'cancelled' || order.status === 'cancelled') return refund(`The UPI wait of sale ${order.ordernumber} was given up at the till`);
    if (payment.state === 'paid') return refund(`The UPI payment of sale ${order.ordernumber} was already paid`);
    if (payment.provider_ref !== credit.qrId) return refund(`QR code ${credit.qrId} was replaced by a newer one for sale ${order.ordernumber}`);
    const at = new Date();
    const moved = await trx
      .updateTable('pos_payments')
      .set({ state: 'paid', provider_payment_id: credit.paymentId, paid_at: at.toISOString() })
      .where('id', '=', payment.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'pos_already';
    const note = `UPI ${formatRupees(toRupees(payment.amount_paise))} paid (${UPI_PROVIDER} ${credit.paymentId}, QR code ${credit.qrId})`;
    const left = await trx.selectFrom('pos_payments').select('id').where('order_id', '=', order.id).where('state', '=', 'pending').execute();
    if (left.length || order.status !== 'pending_payment') {
      await recordEvent(trx, order.id, PROVIDER, { kind: 'note', note }, at);
      return 'pos_paid';
    }
    await deliver(trx, order.id, note, at);
    return 'pos_paid';
  });
  if (result === 'pos_refunded') await sendRefundsOf(deps, payments.get, found.order_id);
  return result;
}

/** A sale that waited for its payment, now paid: delivered (the goods left with the customer), one timeline row. */
async function deliver(trx: DB, orderId: number, note: string, at: Date, actor = PROVIDER) {
  // Not a move of the web order's life (NEXT_STATUSES): a sale at the counter is delivered once paid.
  const set = await trx.updateTable('orders').set({ status: 'delivered', status_at: at.toISOString(), updated_at: at.toISOString() }).where('id', '=', orderId).where('status', '=', 'pending_payment').executeTakeFirst();
  if (Number(set.numUpdatedRows) === 1) await recordEvent(trx, orderId, actor, { kind: 'status', from: 'pending_payment', to: 'delivered', note }, at);
}

/** GET /pos/sales/{id}: the sale, the provider asked first while it waits. */
export async function saleWithUpi(deps: Deps, payments: Payments, websiteId: number, orderId: number): Promise<PosSale> {
  const sale = await saleShown(deps.db.kysely, websiteId, orderId);
  if (sale.payment_state !== 'awaiting') return sale;
  await askProvider(deps, payments, orderId);
  return saleShown(deps.db.kysely, websiteId, orderId);
}

/** POST /pos/sales/{id}/upi: a QR code for each waiting UPI payment that has none or whose code closed unpaid. */
export async function renewQrs(deps: Deps, payments: Payments, websiteId: number, orderId: number): Promise<PosSale> {
  const sale = await saleShown(deps.db.kysely, websiteId, orderId);
  if (sale.payment_state !== 'awaiting') throw new ApiError(409, sale.payment_state === 'paid' ? 'This sale is paid: it needs no QR code' : 'This sale was cancelled');
  await issueQrs(deps, payments, orderId, { renew: true, strict: true });
  return saleShown(deps.db.kysely, websiteId, orderId);
}

/**
 * POST /pos/sales/{id}/upi/cancel: the till gives up waiting. Each waiting payment's QR code is closed at the
 * provider first (502, nothing changed, when it cannot be reached: a code left open could still be paid), and a
 * payment the provider took meanwhile is applied; if that paid the sale, 409 says so. Then, under the order's lock:
 * the waiting payments are cancelled and either the sale is cancelled (its goods back to stock through the
 * ledger; the cash or card taken with it is given back at the counter) or their amount is taken in cash.
 */
export async function cancelUpi(deps: Deps, payments: Payments, cashier: Cashier, orderId: number, body: PosUpiCancelBody): Promise<PosSale> {
  const db = deps.db.kysely;
  const sale = await saleShown(db, cashier.websiteId, orderId);
  if (sale.payment_state === 'paid') throw new ApiError(409, 'The provider says this sale is paid: nothing to cancel');
  if (sale.payment_state === 'cancelled') throw new ApiError(409, 'This sale was cancelled already');
  const waiting = await pendingUpi(db, orderId);
  const owed = waiting.reduce((s, p) => s + p.amount_paise, 0);
  const tendered = body.tendered === undefined ? owed : toPaise(body.tendered);
  if (body.then === 'cash' && tendered < owed) throw new ApiError(422, `The cash tendered is ${formatRupees(toRupees(owed - tendered))} short of the UPI amount ${formatRupees(toRupees(owed))}`, { tendered: ['Short of the UPI amount'] });
  const upi = upiOf(payments);
  for (const payment of waiting) {
    if (!payment.provider_ref || !upi) continue;
    const closed = await ask(() => upi.closeQr(payment.provider_ref!));
    for (const credit of closed.credits) await applyQrCredit(deps, payments, credit);
  }
  await db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, deps.db.dialect, orderId);
    const still = await trx.selectFrom('pos_payments').selectAll().where('order_id', '=', orderId).where('mode', '=', 'upi').where('state', '=', 'pending').orderBy('position').execute();
    if (!order || order.status !== 'pending_payment' || !still.length) throw new ApiError(409, 'The provider says this sale is paid: nothing to cancel');
    const at = new Date();
    const staff = { kind: 'staff' as const, id: cashier.userId };
    await trx.updateTable('pos_payments').set({ state: 'cancelled' }).where('id', 'in', still.map((p) => p.id)).where('state', '=', 'pending').execute();
    const amount = still.reduce((s, p) => s + p.amount_paise, 0);
    if (body.then === 'cancel') {
      if (!(await transition(trx, order, 'cancelled', { actor: staff, staff: true, note: 'The customer did not pay by UPI: sale cancelled at the till' }))) throw new ApiError(409, 'This sale can no longer be cancelled');
    } else {
      const last = await trx.selectFrom('pos_payments').select((eb) => eb.fn.max('position').as('p')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
      await trx
        .insertInto('pos_payments')
        .values({ order_id: orderId, till_id: order.till_id!, position: Number(last.p ?? 0) + 1, mode: 'cash', amount_paise: amount, tendered_paise: tendered, reference: 'In place of UPI', state: 'paid', created_at: at.toISOString() })
        .execute();
      const modes = await trx.selectFrom('pos_payments').select('mode').distinct().where('order_id', '=', orderId).where('state', '=', 'paid').execute();
      await trx.updateTable('orders').set({ payment_method: modes.length === 1 ? modes[0]!.mode : 'split' }).where('id', '=', orderId).execute();
      await deliver(trx, orderId, `UPI ${formatRupees(toRupees(amount))} not paid: taken in cash at the till`, at, staff);
    }
    await recordAudit(
      trx,
      {
        websiteId: cashier.websiteId,
        userId: cashier.userId,
        action: 'pos.upi_cancelled',
        subject: { kind: 'order', id: orderId },
        orderId,
        before: { status: order.status, upi_paise: amount },
        after: body.then === 'cancel' ? { status: 'cancelled' } : { status: 'delivered', cash_paise: amount, tendered_paise: tendered },
      },
      at,
    );
  });
  return saleShown(db, cashier.websiteId, orderId);
}

/**
 * A UPI payment of a sale that can give back `amountPaise` through the provider: paid, with the provider's
 * payment, and enough left after the refunds already made of it. Undefined when none can.
 */
export async function refundableUpi(trx: DB, orderId: number, amountPaise: number): Promise<PaymentRow | undefined> {
  const paid = await trx.selectFrom('pos_payments').selectAll().where('order_id', '=', orderId).where('mode', '=', 'upi').where('state', '=', 'paid').where('provider_payment_id', 'is not', null).orderBy('position').execute();
  for (const payment of paid) {
    const given = await trx
      .selectFrom('refunds')
      .select((eb) => eb.fn.sum<number | string | null>('amount_paise').as('sum'))
      .where('order_id', '=', orderId)
      .where('payment_id', '=', payment.provider_payment_id)
      .where('status', '!=', 'failed')
      .executeTakeFirst();
    if (payment.amount_paise - Number(given?.sum ?? 0) >= amountPaise) return payment;
  }
  return undefined;
}
