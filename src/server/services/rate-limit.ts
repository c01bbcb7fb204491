import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { logger } from '../../lib/log.mjs';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { RedisLink } from '../redis';

/**
 * Counts hits against a key in fixed windows, shared by every process and machine of the shop. One of two
 * stores, chosen once from the settings (createRateLimiter): the database (the default), or Redis when
 * REDIS_URL is set. Callers do not know which.
 */
export interface RateLimiter {
  /** Counts a hit: null when allowed, or the whole seconds (at least 1) until the window ends when the limit is reached. */
  hit(key: string, limit: number, windowMs: number, now?: Date): Promise<number | null>;
}

/** The store the settings ask for: Redis when REDIS_URL is set (with the database for hits Redis does not answer), else the database. */
export function createRateLimiter(config: Pick<ServerConfig, 'redisKeyPrefix'>, db: Kysely<Database>, redis: RedisLink | null): RateLimiter {
  const database = databaseLimiter(db);
  return redis ? redisLimiter(redis, database, { prefix: `${config.redisKeyPrefix}rl:` }) : database;
}

export const databaseLimiter = (db: Kysely<Database>): RateLimiter => ({ hit: (key, limit, windowMs, now) => hitLimit(db, key, limit, windowMs, now) });

/**
 * Counts a hit against `key` in a fixed window kept in the database (so every instance shares it). Returns
 * null when allowed, or the seconds until the window ends when the limit is reached.
 *
 * One atomic statement counts and reads (insert, or bump the row and restart an expired window), so parallel
 * hits on PostgreSQL under READ COMMITTED cannot all read the same count; SQLite runs it the same way.
 */
export async function hitLimit(db: Kysely<Database>, key: string, limit: number, windowMs: number, now = new Date()): Promise<number | null> {
  const start = now.toISOString();
  const expiredBefore = new Date(now.getTime() - windowMs).toISOString();
  const counted = await db
    .insertInto('rate_limits')
    .values({ key, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limits.window_start', '<=', expiredBefore);
        return {
          hits: eb.case().when(expired).then(1).else(eb('rate_limits.hits', '+', 1)).end(),
          window_start: eb.case().when(expired).then(start).else(eb.ref('rate_limits.window_start')).end(),
        };
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (counted.hits <= limit) return null;
  return Math.max(1, Math.ceil((Date.parse(counted.window_start) + windowMs - now.getTime()) / 1000));
}

/**
 * One hit, atomically (Redis runs a script whole): INCR the key, give a new key its window (PEXPIRE), and
 * answer the count with the milliseconds the window has left (PTTL). A key found without an expiry (set by
 * hand, say) gets the window too, so no counter can block for ever.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { hits, left }
`;
const HIT_SCRIPT_SHA1 = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/** A minute between log lines about Redis being away, however many hits fall back meanwhile. */
const LOG_EVERY_MS = 60_000;

/**
 * Counters in Redis, under `prefix` + key. When Redis does not answer within its timeout (or is known to be
 * away), that hit is counted by `fallback` (the database) instead: one-time codes cost money per SMS and are
 * an abuse target, so they are neither let through unlimited nor refused to everyone while Redis is away.
 * Said on the log at most once a minute. (Counts in the two stores are not added up: during an outage the
 * database's window limits on its own, and Redis's counts resume when it answers.)
 */
export function redisLimiter(
  redis: RedisLink,
  fallback: RateLimiter,
  { prefix, log = (line: string) => logger('storefront').warn(line) }: { prefix: string; log?: (line: string) => void },
): RateLimiter {
  let loggedAt = -Infinity;
  return {
    async hit(key, limit, windowMs, now) {
      let answer: unknown;
      try {
        answer = await redis.run(async (client) => {
          const options = { keys: [`${prefix}${key}`], arguments: [String(Math.ceil(windowMs))] };
          // EVALSHA sends only the script's digest; the first call (and the first after a Redis restart) sends it whole.
          try {
            return await client.evalSha(HIT_SCRIPT_SHA1, options);
          } catch (error) {
            if (!String((error as Error)?.message).startsWith('NOSCRIPT')) throw error;
            return await client.eval(HIT_SCRIPT, options);
          }
        });
      } catch (error) {
        if (Date.now() - loggedAt >= LOG_EVERY_MS) {
          loggedAt = Date.now();
          log(`Redis did not count a rate-limit hit (${(error as Error)?.message ?? error}): counting in the database until it answers`);
        }
        return fallback.hit(key, limit, windowMs, now);
      }
      const [hits, left] = (answer as [number, number]).map(Number) as [number, number];
      if (hits <= limit) return null;
      return Math.max(1, Math.ceil(left / 1000));
    },
  };
}
