import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Counts a hit against `key` in a fixed window kept in the database (so every instance shares it). Returns
 * null when allowed, or the seconds until the window ends when the limit is reached.
 */
export async function hitLimit(db: Kysely<Database>, key: string, limit: number, windowMs: number, now = new Date()): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
    const windowStart = row && now.getTime() - Date.parse(row.window_start) < windowMs ? row.window_start : null;
    if (windowStart && row!.hits >= limit) return Math.ceil((Date.parse(windowStart) + windowMs - now.getTime()) / 1000);
    if (!row) {
      await trx.insertInto('rate_limits').values({ key, window_start: now.toISOString(), hits: 1 }).onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) }))).execute();
    } else if (windowStart) {
      await trx.updateTable('rate_limits').set((eb) => ({ hits: eb('hits', '+', 1) })).where('key', '=', key).execute();
    } else {
      await trx.updateTable('rate_limits').set({ window_start: now.toISOString(), hits: 1 }).where('key', '=', key).execute();
    }
    return null;
  });
}
