// `npm start` with WEB_CONCURRENCY above 1: the primary process of a node:cluster. It serves no request and
// loads none of the shop; it forks the workers (each runs scripts/serve.mjs, and they share the port), gives
// one worker at a time the turn to migrate and seed the database (src/server/cluster.ts is the worker's side),
// restarts a worker that dies (with a backoff, and gives up when workers cannot even start), and on SIGTERM or
// SIGINT drains them: each stops accepting, finishes its requests in flight, then exits.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** The messages of the preparation turn (the same strings as src/server/cluster.ts). */
const PREPARE_ASK = 'storefront:prepare?';
const PREPARE_TURN = 'storefront:prepare';
const PREPARE_DONE = 'storefront:prepared';

/** A worker given SIGTERM has this long to finish its requests (scripts/serve.mjs stops itself at 10 s). */
const DRAIN_MS = 12_000;
/** Restart delays double with each death in the last minute, from 100 ms up to 10 s. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 10_000;
const DEATH_WINDOW_MS = 60_000;
/** Workers that die before they listen, this many times in a row: the shop cannot start, so the primary stops. */
const MAX_FAILED_STARTS = 5;

/** WEB_CONCURRENCY: a whole number from 1 to 64; unset or empty, the number of cores. */
export function webConcurrency(env = process.env) {
  const text = env.WEB_CONCURRENCY?.trim();
  if (!text) return availableParallelism();
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${text}"`);
  return n;
}

/**
 * Forks `workers` workers and resolves once every one listens; rejects when they cannot start. The returned
 * promise `stopped` resolves with the exit code once a signal has drained them.
 */
export function startCluster({ workers, log = console.log, error = console.error }) {
  const env = { STOREFRONT_WORKER: '1' };
  const deaths = [];
  let failedStarts = 0;
  let stopping = false;
  let finish;
  const stopped = new Promise((resolve) => (finish = resolve));

  // The preparation turn: held by at most one worker; `ready` once one succeeded.
  let ready = false;
  let holder = null;
  const waiting = [];
  const giveTurn = (worker, turn) => worker.isConnected() && worker.send({ type: PREPARE_TURN, turn });
  const nextTurn = () => {
    while (!holder && waiting.length) {
      const worker = waiting.shift();
      if (!worker.isConnected()) continue;
      holder = worker;
      giveTurn(worker, 'mine');
    }
  };
  const onMessage = (worker, message) => {
    if (message?.type === PREPARE_ASK) {
      if (ready) giveTurn(worker, 'done');
      else {
        waiting.push(worker);
        nextTurn();
      }
    } else if (message?.type === PREPARE_DONE && holder === worker) {
      holder = null;
      if (message.ok) {
        ready = true;
        for (const other of waiting.splice(0)) giveTurn(other, 'done');
      }
      nextTurn();
    }
  };

  let starting;
  const started = new Promise((resolve, reject) => (starting = { resolve, reject }));
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork(env);
    worker.on('message', (message) => onMessage(worker, message));
    worker.once('listening', () => {
      worker.listened = true;
      failedStarts = 0;
      if (++listening === workers) starting.resolve();
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (holder === worker) {
      holder = null;
      nextTurn();
    }
    const at = waiting.indexOf(worker);
    if (at >= 0) waiting.splice(at, 1);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) finish(0);
      return;
    }
    if (!worker.listened && ++failedStarts >= MAX_FAILED_STARTS) {
      error(`[storefront] workers died ${failedStarts} times before listening: stopping`);
      stopping = true;
      starting.reject(new Error('the workers could not start'));
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) finish(1);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths[0] < now - DEATH_WINDOW_MS) deaths.shift();
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (deaths.length - 1));
    error(`[storefront] worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); a new one starts in ${delay} ms`);
    setTimeout(() => stopping || fork(), delay);
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`[storefront] ${signal}: the workers finish their requests in flight, then stop`);
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) return finish(0);
    // Each worker runs scripts/serve.mjs's own graceful stop (it stops accepting at once).
    for (const worker of alive) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      const left = Object.values(cluster.workers ?? {});
      for (const worker of left) worker?.process.kill('SIGKILL');
      if (left.length) error(`[storefront] ${left.length} worker(s) did not stop within ${DRAIN_MS} ms and were killed`);
      finish(left.length ? 1 : 0);
    }, DRAIN_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  stopped.then((code) => process.exit(code));

  // Every worker runs `npm start`'s script, which serves when it finds itself a worker.
  cluster.setupPrimary({ exec: join(import.meta.dirname, 'start.mjs') });
  for (let i = 0; i < workers; i++) fork();
  return { started, stopped };
}
