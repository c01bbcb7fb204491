// `npm start`: the primary process of a node:cluster. It serves no request and loads none of the shop. It owns
// the port: it accepts each connection (paused, reading nothing) and hands it to the next worker in turn over
// the IPC channel (each worker runs scripts/serve.mjs). It gives one worker at a time the turn to migrate and
// seed the database (src/server/cluster.ts is the worker's side), restarts a worker that dies (with a backoff,
// and gives up when workers cannot even start), and on SIGTERM or SIGINT stops in order: it takes the
// connections the kernel has queued, closes the port, hands over the last ones, then tells each worker to finish
// its requests and stop. A worker never closes a connection the kernel had accepted unanswered.
import cluster from 'node:cluster';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { logger } from '../src/lib/log.mjs';

/** The messages of the preparation turn (the same strings as src/server/cluster.ts). */
const PREPARE_ASK = 'storefront:prepare?';
const PREPARE_TURN = 'storefront:prepare';
const PREPARE_DONE = 'storefront:prepared';
/** The messages of serving (the same strings as scripts/serve.mjs): a worker takes connections; here is one; stop. */
const SERVING = 'storefront:serving';
const CONNECTION = 'storefront:connection';
const STOP = 'storefront:stop';

/** A worker told to stop has this long to finish its requests (scripts/serve.mjs stops itself at 10 s). */
const DRAIN_MS = 12_000;
/** Restart delays double with each death in the last minute, from 100 ms up to 10 s. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 10_000;
const DEATH_WINDOW_MS = 60_000;
/** Workers that die before they serve, this many times in a row: the shop cannot start, so the primary stops. */
const MAX_FAILED_STARTS = 5;
/** On stop, the port closes after the first turn of the event loop that accepted nothing, or after this long. */
const QUIET_TURN_MAX_MS = 1000;

/** WEB_CONCURRENCY: a whole number from 1 to 64; unset or empty, the number of cores. */
export function webConcurrency(env = process.env) {
  const text = env.WEB_CONCURRENCY?.trim();
  if (!text) return availableParallelism();
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${text}"`);
  return n;
}

/**
 * Listens on host:port, forks `workers` workers and resolves `started` once every one serves; rejects when the
 * port cannot be taken or the workers cannot start. `stopped` resolves with the exit code once a signal has
 * drained them.
 */
export function startCluster({ workers, port, host, log = (line) => logger('storefront').info(line), error = (line) => logger('storefront').error(line) }) {
  const env = workerEnv();
  const deaths = [];
  let failedStarts = 0;
  let stopping = false;
  let finish;
  const stopped = new Promise((resolve) => (finish = resolve));
  stopped.then((code) => process.exit(code));

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

  // Connections: handed to serving workers in turn; queued while none serves (at start, or all restarting).
  const serving = [];
  const queued = [];
  let next = 0;
  let accepted = 0;
  const handOff = (socket) => {
    if (socket.destroyed) return;
    const live = serving.filter((worker) => worker.isConnected());
    if (!live.length) return void queued.push(socket);
    const worker = live[next++ % live.length];
    // keepOpen false: once sent, this process's copy is closed; the worker owns the connection.
    worker.send({ type: CONNECTION }, socket, { keepOpen: false }, (failed) => failed && socket.destroy());
  };
  const listener = net.createServer({ pauseOnConnect: true }, (socket) => {
    accepted++;
    // A client that gives up while its connection waits here must not end the primary.
    socket.on('error', () => {});
    handOff(socket);
  });

  let starting;
  const started = new Promise((resolve, reject) => (starting = { resolve, reject }));
  started.catch(() => {});
  let serve = 0;

  const onMessage = (worker, message) => {
    if (message?.type === SERVING) {
      worker.serving = true;
      failedStarts = 0;
      serving.push(worker);
      for (const socket of queued.splice(0)) handOff(socket);
      if (++serve === workers) starting.resolve();
    } else if (message?.type === PREPARE_ASK) {
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

  const fork = () => {
    const worker = cluster.fork(env);
    worker.on('message', (message) => onMessage(worker, message));
    return worker;
  };

  const giveUp = (why) => {
    error(`${why}: stopping`);
    stopping = true;
    starting.reject(new Error(why));
    listener.close();
    for (const socket of queued.splice(0)) socket.destroy();
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
    if (Object.keys(cluster.workers ?? {}).length === 0) finish(1);
  };

  cluster.on('exit', (worker, code, signal) => {
    const at = serving.indexOf(worker);
    if (at >= 0) serving.splice(at, 1);
    if (holder === worker) {
      holder = null;
      nextTurn();
    }
    const inLine = waiting.indexOf(worker);
    if (inLine >= 0) waiting.splice(inLine, 1);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) finish(failedStarts >= MAX_FAILED_STARTS ? 1 : 0);
      return;
    }
    if (!worker.serving && ++failedStarts >= MAX_FAILED_STARTS) return giveUp(`workers died ${failedStarts} times before serving`);
    const now = Date.now();
    deaths.push(now);
    while (deaths[0] < now - DEATH_WINDOW_MS) deaths.shift();
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (deaths.length - 1));
    error(`worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); a new one starts in ${delay} ms`);
    setTimeout(() => stopping || fork(), delay);
  });

  /**
   * Closes the port once a turn of the event loop has accepted nothing: the connections the kernel had queued
   * (its handshake done, not yet accepted here) are taken and handed over first, as closing a listening socket
   * resets those. This process does nothing else, so a turn takes microseconds.
   */
  const closeWhenQuiet = (done) => {
    const until = Date.now() + QUIET_TURN_MAX_MS;
    let seen = accepted;
    const look = () => {
      if (accepted !== seen && Date.now() < until) {
        seen = accepted;
        return void setImmediate(look);
      }
      listener.close();
      done();
    };
    // Twice: a callback of setImmediate runs after the next poll for I/O, where pending connections are accepted.
    setImmediate(() => setImmediate(look));
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: closing the port, then the workers finish their requests in flight and stop`);
    closeWhenQuiet(() => {
      const alive = Object.values(cluster.workers ?? {}).filter(Boolean);
      // Connections still waiting for a worker are handed over, or closed when none serves (the shop never started).
      if (!serving.some((worker) => worker.isConnected())) for (const socket of queued.splice(0)) socket.destroy();
      for (const socket of queued.splice(0)) handOff(socket);
      if (alive.length === 0) return finish(0);
      // After every connection handed to it (the channel keeps the order), each worker hears it is to stop; one
      // still starting has no connection and is ended.
      for (const worker of alive) {
        if (worker.serving && worker.isConnected()) worker.send({ type: STOP });
        else worker.process.kill('SIGKILL');
      }
      setTimeout(() => {
        const left = Object.values(cluster.workers ?? {});
        for (const worker of left) worker?.process.kill('SIGKILL');
        if (left.length) error(`${left.length} worker(s) did not stop within ${DRAIN_MS} ms and were killed`);
        finish(left.length ? 1 : 0);
      }, DRAIN_MS).unref();
    });
  };

  // Every worker runs `npm start`'s script, which serves when it finds itself a worker.
  cluster.setupPrimary({ exec: join(import.meta.dirname, 'start.mjs'), execArgv: workerFlags() });
  listener.once('error', (failure) => giveUp(`cannot listen on ${host}:${port} (${failure.code ?? failure.message})`));
  listener.listen(port, host, () => {
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    for (let i = 0; i < workers; i++) fork();
  });
  return { started, stopped };
}

/**
 * A worker's Node flags: the primary's, and V8's young generation capped at 8 MB a semi-space unless
 * NODE_OPTIONS or the flags already say. On a machine with much memory V8 lets the young generation grow to 64 MB a
 * semi-space, which a worker under load then holds: resident memory rose to 500-600 MB, and stayed, with no more
 * requests served than at 8 MB (docs/benchmarks.md#memory).
 */
export function workerFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const set = [...execArgv, nodeOptions].some((flag) => flag.includes('--max-semi-space-size'));
  return set ? [...execArgv] : [...execArgv, '--max-semi-space-size=8'];
}

/**
 * What a worker's environment adds to the primary's: that it is a worker, and glibc's malloc held to 2 arenas
 * unless MALLOC_ARENA_MAX says. Compression runs on libuv's threads, and each thread got an arena of its own that
 * kept the memory it had once used: 15-20 MB of a worker's resident memory under a signed-in soak
 * (docs/benchmarks.md#memory), at the same requests a second.
 */
export function workerEnv(env = process.env) {
  return { STOREFRONT_WORKER: '1', ...(env.MALLOC_ARENA_MAX === undefined && { MALLOC_ARENA_MAX: '2' }) };
}
