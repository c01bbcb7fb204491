import { IDEMPOTENCY_HEADER } from '../../contract/order-constants';
import type { PosSaleBody } from '../../contract/pos';
import type { Send } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { committed, openDatabase, result } from './idb';

/**
 * The till's outbox (docs/pos-client.md#outbox): every sale is written here first, with its own idempotency key,
 * and sent from here, so a sale made while the network is down is kept on the device and sent when it returns.
 * Sales go in the order they were made, one at a time, each call with a time limit; one lost to the network
 * (or to the server's trouble) is kept and tried again after a growing pause, with the same key, which the server
 * answers with the same sale however often it arrives. A sale leaves the outbox only when the server has answered
 * for it: taken (2xx), or refused for good (a 4xx that no retry can change), and those are set aside for the
 * cashier to see and dismiss, never dropped unseen.
 */

export const OUTBOX = {
  /** Sales kept on the device, waiting and refused together: about a busy day's counter offline. */
  maxKept: 500,
  /** One call's limit: a sale is small, but a till's network can be a phone's hotspot. */
  timeoutMs: 15_000,
  /** The pause after the first failure, doubled after each one after it, up to `maxRetryMs`. */
  firstRetryMs: 2_000,
  maxRetryMs: 5 * 60_000,
} as const;

interface QueuedSale {
  /** The outbox's order: the sale's place in the queue. */
  seq?: number;
  /** The Idempotency-Key the sale is sent with, every time. */
  key: string;
  body: PosSaleBody;
  queued_at: number;
  attempts: number;
  /** When it may be tried again (milliseconds, the outbox's clock). */
  next_try_at: number;
  state: 'waiting' | 'refused';
  /** What the server said when it refused it. */
  refusal: { status: number; message: string } | null;
}

export interface OutboxCounts {
  waiting: number;
  refused: number;
}

/** Why a flush stopped before the last waiting sale; null when every waiting sale was answered. */
type Stopped = null | 'backoff' | 'network' | 'server' | 'signed-out';

interface FlushResult {
  /** Sales the server took, with its answer (the sale it recorded). */
  sent: Array<{ key: string; answer: unknown }>;
  /** Sales the server refused for good, now set aside. */
  refused: QueuedSale[];
  stopped: Stopped;
}

/** A new offline sale refused because the outbox is full: said so the cashier knows what to do. */
export class OutboxFullError extends Error {
  constructor() {
    super(`${OUTBOX.maxKept} sales are waiting to be sent: connect the till to the network before selling more.`);
    this.name = 'OutboxFullError';
  }
}

/** The pause before try `attempts + 1`: 2 s, 4 s, 8 s … never more than 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(OUTBOX.maxRetryMs, OUTBOX.firstRetryMs * 2 ** Math.min(attempts - 1, 20));

/**
 * 4xx statuses that say "not now" rather than "never": a timeout, too early, too many calls. The sales call's 409
 * is a closed till, which no retry opens again, so it sets the sale aside like any other refusal.
 */
const LATER = new Set([408, 425, 429]);

const STORE = 'sales';

interface OutboxOptions {
  /** Sends one API call (path after /s/api): the screen's browser client, through `trackedFetch`. */
  send: Send;
  /** The IndexedDB database's name (tests use one each). */
  name?: string;
  now?: () => number;
  timeoutMs?: number;
  /** Called with the counts after every change, for the header's badge (`setWaiting`). */
  onChange?: (counts: OutboxCounts) => void;
}

export function openOutbox({ send, name = 'storefront-pos-outbox', now = Date.now, timeoutMs = OUTBOX.timeoutMs, onChange }: OutboxOptions) {
  const opening = openDatabase(name, 1, (db) => {
    const store = db.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    store.createIndex('key', 'key', { unique: true });
    store.createIndex('state', 'state');
  });

  async function counts(): Promise<OutboxCounts> {
    const db = await opening;
    const index = db.transaction(STORE).objectStore(STORE).index('state');
    const [waiting, refused] = await Promise.all([result(index.count('waiting')), result(index.count('refused'))]);
    return { waiting, refused };
  }

  async function changed() {
    if (onChange) onChange(await counts());
  }

  /** Sales in one state, in the order they were made. */
  async function inState(state: QueuedSale['state']): Promise<QueuedSale[]> {
    const db = await opening;
    return result(db.transaction(STORE).objectStore(STORE).index('state').getAll(state) as IDBRequest<QueuedSale[]>);
  }

  /** Replaces a kept sale (after a failed try, or to set it aside). */
  async function put(sale: QueuedSale) {
    const db = await opening;
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(sale);
    await committed(tx);
  }

  async function remove(seq: number) {
    const db = await opening;
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(seq);
    await committed(tx);
  }

  /** Sends one sale; answers what became of it. */
  async function sendOne(sale: QueuedSale): Promise<{ outcome: 'sent'; answer: unknown } | { outcome: 'refused'; status: number; message: string } | { outcome: Stopped }> {
    let response: Response;
    let body: unknown;
    try {
      response = await send('/pos/sales', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: sale.key },
        body: JSON.stringify(sale.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.json().catch(() => null);
    } catch {
      return { outcome: 'network' };
    }
    const { status } = response;
    if (status >= 200 && status < 300) return { outcome: 'sent', answer: body };
    if (status === 401 || status === 403) return { outcome: 'signed-out' };
    if (status >= 400 && status < 500 && !LATER.has(status)) return { outcome: 'refused', status, message: errorMessage(body) };
    return { outcome: 'server' };
  }

  async function run(force: boolean): Promise<FlushResult> {
    const outcome: FlushResult = { sent: [], refused: [], stopped: null };
    const db = await opening;
    // Bounded: each turn answers one sale for good or stops; the outbox never holds more than maxKept.
    for (let turn = 0; turn < OUTBOX.maxKept; turn += 1) {
      const next = await result(db.transaction(STORE).objectStore(STORE).index('state').get('waiting') as IDBRequest<QueuedSale | undefined>);
      if (!next) break;
      if (!force && next.next_try_at > now()) {
        outcome.stopped = 'backoff';
        break;
      }
      const answered = await sendOne(next);
      if (answered.outcome === 'sent') {
        await remove(next.seq!);
        outcome.sent.push({ key: next.key, answer: answered.answer });
      } else if (answered.outcome === 'refused') {
        const aside: QueuedSale = { ...next, state: 'refused', refusal: { status: answered.status, message: answered.message } };
        await put(aside);
        outcome.refused.push(aside);
      } else {
        if (answered.outcome !== 'signed-out') {
          const attempts = next.attempts + 1;
          await put({ ...next, attempts, next_try_at: now() + backoffMs(attempts) });
        }
        outcome.stopped = answered.outcome;
        break;
      }
      await changed();
    }
    await changed();
    return outcome;
  }

  let running: Promise<FlushResult> | null = null;

  return {
    /**
     * Keeps a sale for sending, with a fresh idempotency key; resolves once it is on the device. Rejects with
     * OutboxFullError when `maxKept` sales are already kept.
     */
    async enqueue(body: PosSaleBody): Promise<QueuedSale> {
      const db = await opening;
      const at = now();
      const sale: QueuedSale = { key: crypto.randomUUID(), body, queued_at: at, attempts: 0, next_try_at: at, state: 'waiting', refusal: null };
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const done = committed(tx);
      done.catch(() => undefined); // awaited below; a failed count must not also leave it unhandled
      const kept = await result(store.count());
      if (kept < OUTBOX.maxKept) sale.seq = await result(store.add(sale) as IDBRequest<number>);
      await done;
      if (sale.seq === undefined) throw new OutboxFullError();
      await changed();
      return sale;
    },

    /** Sales waiting to be sent, oldest first. */
    waiting: () => inState('waiting'),

    /** Sales the server refused, for the cashier to see (with the server's reason). */
    refused: () => inState('refused'),

    /** Drops a refused sale once the cashier has seen it (a waiting sale is never dropped this way). */
    async dismiss(key: string) {
      const refused = (await inState('refused')).find((sale) => sale.key === key);
      if (refused?.seq !== undefined) await remove(refused.seq);
      await changed();
    },

    /**
     * Sends the waiting sales, oldest first, one at a time. `force` ignores the pause after a failure: for when
     * the network has just come back or the cashier has signed in again. Only one flush runs at a time; a call
     * meanwhile shares it.
     */
    flush({ force = false }: { force?: boolean } = {}): Promise<FlushResult> {
      running ??= run(force).finally(() => (running = null));
      return running;
    },

    counts,
  };
}
