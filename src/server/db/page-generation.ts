import type { Kysely } from 'kysely';

/**
 * The page generation: one number the database raises (by triggers) in the same transaction as any change a shared
 * page could show; the page cache serves a page only while the number it was rendered under is unchanged. Why a
 * number in the database and how the triggers work: docs/decisions/page-generation-number.md.
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
