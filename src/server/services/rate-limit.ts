import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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
