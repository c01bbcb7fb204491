import type { Kysely } from 'kysely';

/**
 * The page generation: one number the database raises in the same transaction as any change a shared page could
 * show (a product, a pack's price or whether it is in stock, a category, a menu, a page, a website's settings). The
 * in-memory page cache (lib/page-cache.ts) keeps a rendered page with the generation read before rendering it and
 * serves it only while the number is unchanged, so once a change is committed no instance serves the old page:
 * exact on any number of processes and machines, by any writer (the API, a script, an import straight into the
 * tables), with no message to lose. Why a number in the database rather than Redis pub/sub or LISTEN/NOTIFY: a
 * message arrives after the commit, so a page read in between would be served old, and a subscriber that
 * reconnects has missed what was said meanwhile; the number is read with one primary-key lookup per cached answer.
 *
 * Triggers raise it. An update that changes nothing (the listing's figures recomputed to the same values after an
 * order) raises nothing, and a pack's stock raises it only when the pack goes out of or back into stock (what a
 * card shows), so orders do not empty the cache. On PostgreSQL the raise is a deferred constraint trigger, taken
 * once per transaction at commit: the generation's row is the last lock a transaction takes, so two orders selling
 * the last packs cannot deadlock on it.
 *
 * Migrations 0015 and 0016 create the triggers on every page table (src/server/db/migrations/). A migration that
 * adds a page table, or a column to one (SQLite's triggers list the columns), creates that table's triggers again
 * with its own copy of their SQL.
 */

/** The newest generation this process has read, per database. */
const seen = new WeakMap<Kysely<any>, number>();

/**
 * The current generation (0 before any change). The page cache reads it before each shared page it answers, and
 * every read is remembered: see seenPageGeneration.
 */
export async function readPageGeneration(db: Kysely<any>): Promise<number> {
  const row = await db.selectFrom('page_generation').select('generation').where('id', '=', 1).executeTakeFirst();
  const generation = Number(row?.generation ?? 0);
  if (generation > (seen.get(db) ?? 0)) seen.set(db, generation);
  return generation;
}

/**
 * The newest generation this process has read for that database (0 before the first read). A per-process copy of
 * page data (a website's record, its search synonyms) notes this number before it reads the rows and is not used
 * once a newer one has been read: the page cache reads the generation before rendering, so a page rendered again
 * after a change is drawn from the tables, never from a copy older than the change. Between page reads the copies
 * keep their own time limits.
 */
export function seenPageGeneration(db: Kysely<any>): number {
  return seen.get(db) ?? 0;
}
