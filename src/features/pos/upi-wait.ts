import { atom } from 'nanostores';
import type { PosPayment, PosSale, PosUpiQr } from '../../contract/pos';
import type { Send } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';

/**
 * The till's wait for a UPI payment (docs/pos-client.md#upi): the sale's QR code shown for its exact amount, the
 * shop polled until the provider says it was paid (never the cashier), a new code when one closed unpaid, and the
 * wait given up (the sale cancelled, or the UPI part taken in cash). Plain functions and one store; the screen
 * (UpiPayment.tsx) only draws `$upiWait` and calls the wait's actions.
 */

/** Where the wait stands, as the screen says it. */
export type UpiView =
  | { state: 'waiting'; sale: PosSale; amount_paise: number; qr: PosUpiQr | null; expired: boolean; problem: string | null }
  | { state: 'paid'; sale: PosSale; amount_paise: number }
  | { state: 'cash'; sale: PosSale; amount_paise: number }
  | { state: 'cancelled'; sale: PosSale; amount_paise: number };

const paise = (rupees: number) => Math.round(rupees * 100);
const upiPayments = (sale: PosSale) => sale.payments.filter((p) => p.mode === 'upi');

/** True when the sale has a UPI payment (paid, waiting or given up): the screen shows how it went. */
export const hasUpi = (sale: PosSale | null | undefined): sale is PosSale => !!sale && upiPayments(sale).length > 0;

/** True while a UPI payment of the sale waits for the provider. */
export const awaitingUpi = (sale: PosSale | null | undefined): sale is PosSale => !!sale && sale.payment_state === 'awaiting';

/** The sale's waiting UPI payments (a split may hold more than one; each has its own code). */
export const pendingUpi = (sale: PosSale): PosPayment[] => upiPayments(sale).filter((p) => p.state === 'pending');

/** The wait as the sale now stands; `now` decides whether the shown code has closed (its close_by passed). */
export function upiView(sale: PosSale, now: number, problem: string | null = null): UpiView {
  const upi = upiPayments(sale);
  if (sale.payment_state === 'cancelled') return { state: 'cancelled', sale, amount_paise: upi.reduce((s, p) => s + paise(p.amount), 0) };
  const waiting = pendingUpi(sale);
  if (!waiting.length) {
    const paid = upi.filter((p) => p.state === 'paid');
    return paid.length ? { state: 'paid', sale, amount_paise: paid.reduce((s, p) => s + paise(p.amount), 0) } : { state: 'cash', sale, amount_paise: upi.reduce((s, p) => s + paise(p.amount), 0) };
  }
  // One code at a time on the screen: the first payment still waiting (the next shows once it is paid).
  const shown = waiting[0]!;
  const expired = !!shown.qr?.close_by && Date.parse(shown.qr.close_by) <= now;
  return { state: 'waiting', sale, amount_paise: paise(shown.amount), qr: shown.qr, expired, problem };
}

/** How long to wait before the next poll: 2 s, and after failures 4, 8, 15 s at most. */
export function pollDelay(failures: number): number {
  return Math.min(15_000, 2_000 * 2 ** Math.max(0, Math.min(failures, 3)));
}

/** What the till's pages say when the shop or the provider did not answer. */
const unreachable = 'The shop could not be reached: still waiting. UPI needs the network.';

export const $upiWait = atom<UpiView | null>(null);

interface WaitParts {
  send: Send;
  sale: PosSale;
  /** Told of each new state of the sale (the receipt shows the sale as it now is). */
  onSale?: (sale: PosSale) => void;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => unknown;
  unschedule?: (handle: unknown) => void;
  /** Each call's limit. */
  timeoutMs?: number;
}

export interface UpiWait {
  /** Asks the shop now (the provider is asked through it). */
  poll(): Promise<void>;
  /** A new QR code when the shown one closed unpaid or none could be made. */
  renew(): Promise<void>;
  /** Gives up the wait: the sale cancelled, or the UPI part taken in cash (`tenderedPaise`, by default the amount). */
  cancel(then: 'cancel' | 'cash', tenderedPaise?: number): Promise<void>;
  stop(): void;
}

/**
 * Starts waiting for the sale's UPI payment: `$upiWait` shows it, polled every 2 s (slower after failures) until
 * it is no longer waiting; a sale without a QR code (the provider was down when it was recorded) asks for one at
 * once. `stop` ends the polling (a new sale, leaving the screen).
 */
export function startUpiWait(parts: WaitParts): UpiWait {
  const now = parts.now ?? Date.now;
  const schedule = parts.schedule ?? ((run, ms) => setTimeout(run, ms));
  const unschedule = parts.unschedule ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const timeoutMs = parts.timeoutMs ?? 15_000;
  let sale = parts.sale;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;
  let busy = false;

  const show = (next: PosSale, problem: string | null = null) => {
    if (stopped) return;
    const changed = next !== sale;
    sale = next;
    $upiWait.set(upiView(sale, now(), problem));
    if (changed) parts.onSale?.(sale);
  };
  const plan = () => {
    if (timer !== null) unschedule(timer);
    timer = null;
    if (!stopped && awaitingUpi(sale)) timer = schedule(() => void wait.poll(), pollDelay(failures));
  };
  const call = async (path: string, init: RequestInit = {}): Promise<PosSale> => {
    const response = await parts.send(path, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new RefusedError(response.status, errorMessage(body, `The shop answered ${response.status}`));
    return body as PosSale;
  };
  const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  const wait: UpiWait = {
    async poll() {
      if (stopped || busy) return;
      try {
        const next = await call(`/pos/sales/${sale.order_id}`);
        failures = 0;
        show(next);
      } catch (error) {
        failures += 1;
        show(sale, error instanceof RefusedError ? error.message : unreachable);
      }
      plan();
    },
    async renew() {
      if (stopped || busy) return;
      busy = true;
      try {
        show(await call(`/pos/sales/${sale.order_id}/upi`, post({})));
      } catch (error) {
        show(sale, error instanceof RefusedError ? error.message : unreachable);
      } finally {
        busy = false;
        plan();
      }
    },
    async cancel(then, tenderedPaise) {
      if (stopped || busy) return;
      busy = true;
      try {
        show(await call(`/pos/sales/${sale.order_id}/upi/cancel`, post({ then, ...(tenderedPaise === undefined ? {} : { tendered: tenderedPaise / 100 }) })));
      } catch (error) {
        // 409: the provider says it was paid meanwhile: the poll shows it.
        show(sale, error instanceof RefusedError ? error.message : `${unreachable} The wait was not cancelled.`);
        if (error instanceof RefusedError && error.status === 409) {
          busy = false;
          await wait.poll();
          return;
        }
      } finally {
        busy = false;
        plan();
      }
    },
    stop() {
      stopped = true;
      if (timer !== null) unschedule(timer);
      timer = null;
    },
  };

  $upiWait.set(upiView(sale, now()));
  const first = pendingUpi(sale)[0];
  if (awaitingUpi(sale) && first && !first.qr) void wait.renew();
  else plan();
  return wait;
}

/** The shop's refusal (a 4xx or 5xx answer), with its message for the cashier. */
class RefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
