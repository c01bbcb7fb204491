import { atom, computed } from 'nanostores';
import { connectionAfter, isUnreachable, startConnection } from './connection';

/**
 * The till's connection as the header shows it: online or offline, and the sales waiting (docs/pos-client.md).
 * Fed by the browser's online and offline events (`watchNavigator`), by every call made through
 * `trackedFetch`, and by the outbox's counts (`setWaiting`).
 */
// Node has a `navigator` without `onLine` (server rendering, tests): only an explicit false is offline.
export const $connection = atom(startConnection(typeof navigator === 'undefined' || navigator.onLine !== false));

export const $online = computed($connection, (state) => state.online);

/** Records whether a real call reached the server. */
export const reportCall = (reached: boolean) => $connection.set(connectionAfter($connection.get(), { type: 'call', reached }));

/** Records the outbox's counts (offline-queue.ts calls it after every change). */
export const setWaiting = (waiting: number, refused: number) =>
  $connection.set(connectionAfter($connection.get(), { type: 'queue', waiting, refused }));

type OnlineTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Follows the browser's online and offline events on `target` (window); answers the function that stops. */
export function watchNavigator(target: OnlineTarget, nav: { onLine: boolean }): () => void {
  const update = () => $connection.set(connectionAfter($connection.get(), { type: 'navigator', online: nav.onLine }));
  update();
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
  };
}

/** `fetch` that reports each call's reach: a rejection or a gateway's answer is offline, any other answer online. */
export function trackedFetch(fetcher: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      const response = await fetcher(input, init);
      reportCall(!isUnreachable(response));
      return response;
    } catch (error) {
      reportCall(false);
      throw error;
    }
  };
}
