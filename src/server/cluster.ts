import { DatabaseUnavailableError } from './db/unavailable';

/**
 * The worker's side of `npm start`'s preparation turn (the primary's side is scripts/cluster.mjs). With
 * WEB_CONCURRENCY above 1 the primary forks workers with STOREFRONT_WORKER=1; before a worker migrates the
 * schema and seeds the demo it asks the primary, which lets one worker at a time do it and tells every other
 * one, once it succeeded, that the database is ready. Migrations and the seed thus run once, never in two
 * processes at the same time, also when the database was away at start or a worker died half-way.
 */
const PREPARE_ASK = 'storefront:prepare?';
const PREPARE_TURN = 'storefront:prepare';
const PREPARE_DONE = 'storefront:prepared';

/** 'mine': this worker migrates and seeds now; 'done': another one already did. */
export type PreparationTurn = 'mine' | 'done';

/** True in a worker of the shop's cluster (a process the primary forked and can talk to). */
export const inClusterWorker = (): boolean => process.env.STOREFRONT_WORKER === '1' && typeof process.send === 'function';

/** A worker waits this long for another worker's preparation before its request answers 503 (retried later). */
const TURN_WAIT_MS = 30_000;

/** Asks the primary whose turn it is to prepare the database. */
export function preparationTurn(waitMs = TURN_WAIT_MS): Promise<PreparationTurn> {
  return new Promise((resolve, reject) => {
    const listen = (message: unknown) => {
      const m = message as { type?: unknown; turn?: unknown } | null;
      if (m?.type !== PREPARE_TURN || (m.turn !== 'mine' && m.turn !== 'done')) return;
      done();
      resolve(m.turn);
    };
    const timer = setTimeout(() => {
      done();
      reject(new DatabaseUnavailableError(new Error('another worker is still preparing the database')));
    }, waitMs);
    const done = () => {
      clearTimeout(timer);
      process.off('message', listen);
    };
    process.on('message', listen);
    process.send!({ type: PREPARE_ASK });
  });
}

/** Tells the primary that this worker's turn ended: the database is ready (ok) or the next worker may try. */
export function preparationEnded(ok: boolean): void {
  process.send?.({ type: PREPARE_DONE, ok });
}
