import type { RedisClientType } from 'redis';

/** How long one Redis call (connecting included) may take before the caller stops waiting for it. */
const REDIS_TIMEOUT_MS = 1000;
/** After the client gives up reconnecting, a new connection is tried at most this often (on demand). */
const RETRY_AFTER_MS = 10_000;
/** Quick reconnect tries after a connection fails or drops, before the client gives up until RETRY_AFTER_MS. */
const RECONNECT_TRIES = 3;
/** Calls that may wait in the client's queue (unsent, or sent and unanswered); more are refused at once. */
const QUEUE_BOUND = 1000;
/** After this many calls in a row got no answer in time, the connection is dropped (and retried after RETRY_AFTER_MS). */
const DROP_AFTER_UNANSWERED = 3;

type RedisClient = RedisClientType;

/** Thrown when Redis did not answer in time, or is known to be away. */
class RedisUnavailable extends Error {}

/**
 * The process's one connection to Redis (REDIS_URL), made on first use. Each call waits at most `timeoutMs`
 * (connecting included). A connection that fails or drops is retried a few times at once, then at most every
 * 10 s, on demand; one that stops answering (three calls in a row unanswered: a frozen server, a handshake
 * that never ends) is dropped and likewise retried. Meanwhile calls fail at once, so callers fall back without
 * waiting. The client's 'error' events are taken in (kept as `lastError`), never left to crash the process.
 */
export interface RedisLink {
  /** Runs `work` on the connected client; rejects with RedisUnavailable when it does not finish within the timeout. */
  run<T>(work: (client: RedisClient) => Promise<T>): Promise<T>;
  /** The last error the client reported (connection refused, reset…), for a log line. */
  readonly lastError: string | undefined;
  /** Closes the connection (pending calls may finish within the timeout); later calls are refused. */
  close(): Promise<void>;
}

export function openRedisLink(url: string, { timeoutMs = REDIS_TIMEOUT_MS }: { timeoutMs?: number } = {}): RedisLink {
  let client: RedisClient | undefined;
  let startedAt = -Infinity;
  let closed = false;
  let lastError: string | undefined;
  let unanswered = 0;

  /** Drops the connection; a new one is made on demand once RETRY_AFTER_MS has passed. */
  function drop() {
    const open = client;
    client = undefined;
    startedAt = Date.now();
    if (open?.isOpen) open.destroy();
  }

  let creating: Promise<RedisClient> | undefined;

  async function connected(): Promise<RedisClient> {
    if (closed) throw new RedisUnavailable('the Redis connection is closed');
    // The client gave up reconnecting: drop it, and make a new one when RETRY_AFTER_MS has passed.
    if (client && !client.isOpen) client = undefined;
    if (client) return client;
    if (creating) return creating;
    if (Date.now() - startedAt < RETRY_AFTER_MS) throw new RedisUnavailable(`Redis is away (${lastError ?? 'no answer'})`);
    startedAt = Date.now();
    creating = createOne().finally(() => (creating = undefined));
    return creating;
  }

  async function createOne(): Promise<RedisClient> {
    const { createClient } = await import('redis');
    if (closed) throw new RedisUnavailable('the Redis connection is closed');
    const fresh: RedisClient = createClient({
      url,
      socket: {
        connectTimeout: timeoutMs,
        reconnectStrategy: (retries: number, cause: Error) =>
          retries < RECONNECT_TRIES ? 100 * 2 ** retries : new RedisUnavailable(`gave up reconnecting: ${cause.message}`),
      },
      // Calls waiting for the connection leave the queue at the deadline, and the queue is bounded.
      commandOptions: { timeout: timeoutMs },
      commandsQueueMaxLength: QUEUE_BOUND,
      maintNotifications: 'disabled',
    });
    fresh.on('error', (error: unknown) => {
      lastError = error instanceof Error ? error.message || error.constructor.name : String(error);
    });
    fresh.on('ready', () => (lastError = undefined));
    client = fresh;
    // connect() opens the client at once; calls made meanwhile wait in its queue (up to the deadline). When
    // the tries run out it rejects and closes the client, which the next call notices (isOpen is false).
    fresh.connect().catch(() => {});
    return fresh;
  }

  return {
    get lastError() {
      return lastError;
    },
    async run(work) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new RedisUnavailable(`Redis did not answer within ${timeoutMs} ms${lastError ? ` (${lastError})` : ''}`));
          unanswered += 1;
          if (unanswered >= DROP_AFTER_UNANSWERED && client) drop();
        }, timeoutMs);
      });
      // node-redis times a call out only while it waits to be sent; this deadline covers the answer too.
      const call = connected().then(work);
      call.catch(() => {});
      try {
        const answer = await Promise.race([call, late]);
        unanswered = 0;
        return answer;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      const open = client;
      client = undefined;
      if (!open?.isOpen) return;
      if (!open.isReady) {
        // Still connecting or reconnecting: stop that, and refuse what waits in the queue.
        open.destroy();
        return;
      }
      // Connected: let calls in flight finish, within the timeout; past it the socket no longer holds the process.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([open.close().catch(() => {}), late]);
      clearTimeout(timer);
      open.unref();
    },
  };
}
