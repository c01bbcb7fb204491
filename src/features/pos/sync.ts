import type { Send } from '../../lib/api/client';
import type { openCatalogue } from './catalogue-cache';
import { $online, setWaiting, watchNavigator } from './connection-store';
import type { openOutbox } from './offline-queue';

/**
 * What keeps the till's device in step with the shop while the screen is open (docs/pos-client.md#offline):
 * waiting sales sent at once, on a timer and the moment the browser is back online (then without waiting out the
 * outbox's pause); the catalogue refreshed at start, when back online and, while online, every few minutes.
 * Sales go first: they are small and they are money; the catalogue can be a few hundred KB.
 */
export const SYNC = {
  /** A timer's flush: respects the outbox's pause after a failure, so offline it costs nothing. */
  flushEveryMs: 30_000,
  /** Prices and stock change during the day; a delta every five minutes is a few packs. */
  refreshEveryMs: 5 * 60_000,
} as const;

interface SyncParts {
  /** `window` and `navigator` (tests pass stand-ins). */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  nav: { onLine: boolean };
  outbox: Pick<ReturnType<typeof openOutbox>, 'flush' | 'counts'>;
  catalogue: Pick<ReturnType<typeof openCatalogue>, 'refresh'>;
  send: Send;
  tillId: number;
}

/** Starts the sync; answers the function that stops it (the island's unmount). */
export function startSync({ target, nav, outbox, catalogue, send, tillId }: SyncParts): () => void {
  let stopped = false;
  // A failed refresh keeps the catalogue as it was, and trackedFetch has already marked the till offline; a
  // flush that fails (the device's storage) leaves every sale where it was, to be tried on the next turn.
  const refresh = () => catalogue.refresh(send, tillId).catch(() => undefined);
  const flush = (force: boolean) => outbox.flush({ force }).catch(() => undefined);
  const catchUp = async () => {
    await flush(true);
    if (!stopped) await refresh();
  };

  const stopWatching = watchNavigator(target, nav);
  void outbox.counts().then((counts) => setWaiting(counts.waiting, counts.refused));
  void catchUp();

  const onOnline = () => void catchUp();
  target.addEventListener('online', onOnline);
  const flushing = setInterval(() => void flush(false), SYNC.flushEveryMs);
  const refreshing = setInterval(() => {
    if ($online.get()) void refresh();
  }, SYNC.refreshEveryMs);

  return () => {
    stopped = true;
    stopWatching();
    target.removeEventListener('online', onOnline);
    clearInterval(flushing);
    clearInterval(refreshing);
  };
}
