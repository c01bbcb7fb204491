/** Each website's synonym groups: read, replaced through the API, and cached as an expansion map for search. */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { synonymKey } from '../../contract/search';
import type { Db } from '../db';
import { seenPageGeneration } from '../db/page-generation';
import type { Database } from '../db/schema';
import { recordAudit } from './audit';

/** Search's view of the groups: a term's key (synonymKey) to every term of its group, each as its words. */
export interface SynonymMap {
  groups: Map<string, string[][]>;
  /** The most words any term has, so phrase lookups know how far to look. */
  maxWords: number;
}

/** The words of a term as full-text search takes them (nukta kept: the index holds the text as written). */
const termWords = (term: string) =>
  term
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => word.slice(0, 40));

export function buildSynonymMap(groups: readonly (readonly string[])[]): SynonymMap {
  const map = new Map<string, string[][]>();
  let maxWords = 1;
  for (const group of groups) {
    const alternatives = group.map(termWords).filter((words) => words.length > 0);
    for (const term of group) {
      const key = synonymKey(term);
      if (!key || map.has(key)) continue;
      map.set(key, alternatives);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
  }
  return { groups: map, maxWords };
}

/** The table's rows for a website's groups, terms trimmed and in NFC, in the order given. */
export const synonymRows = (websiteId: number, groups: readonly (readonly string[])[]) =>
  groups.flatMap((group, group_no) => group.map((term, position) => ({ website_id: websiteId, group_no, position, term: term.trim().normalize('NFC') })));

/** A website's groups, in their order. */
export const readSynonyms = (db: Db, websiteId: number): Promise<string[][]> => groupsIn(db.kysely, websiteId);

/** A website's groups, in their order, read in this transaction (or outside one). */
async function groupsIn(db: Kysely<Database>, websiteId: number): Promise<string[][]> {
  const rows = await db.selectFrom('search_synonyms').select(['group_no', 'term']).where('website_id', '=', websiteId).orderBy('group_no').orderBy('position').execute();
  const groups: string[][] = [];
  let last: number | undefined;
  for (const row of rows) {
    if (row.group_no !== last) groups.push([]);
    groups[groups.length - 1]!.push(row.term);
    last = row.group_no;
  }
  return groups;
}

/**
 * Replaces a website's groups (already validated by the contract) in one transaction, under the lock the back
 * office's group edits take (services/bos-catalogue/synonyms.ts); this instance's cache forgets them.
 */
export async function replaceSynonyms(db: Db, websiteId: number, groups: string[][], userId: number): Promise<string[][]> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockSynonyms(trx, websiteId);
    const before = await groupsIn(trx, websiteId);
    await trx.deleteFrom('search_synonyms').where('website_id', '=', websiteId).execute();
    const rows = synonymRows(websiteId, groups);
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('search_synonyms').values(rows.slice(i, i + 200)).execute();
    const after = await groupsIn(trx, websiteId);
    // The whole list is the subject (the website's): one audit row, with the groups before and after.
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(trx, { websiteId, userId, action: 'synonyms.replaced', subject: { kind: 'synonyms', id: websiteId }, orderId: null, before: { groups: before }, after: { groups: after } });
    }
  });
  forgetSynonyms(db, websiteId);
  return readSynonyms(db, websiteId);
}

/**
 * Holds a website's synonyms until the transaction ends, so that checking a group against the others and writing it
 * are one step: a transaction-level advisory lock on PostgreSQL; SQLite runs write transactions one at a time.
 */
export async function lockSynonyms(trx: Kysely<Database>, websiteId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(hashtext('search_synonyms'), ${websiteId})`.execute(trx);
}

/** This instance's copy of a website's groups is dropped: the next search reads them again (other instances within TTL_MS, or at once on a page). */
export function forgetSynonyms(db: Db, websiteId: number): void {
  caches.get(db)?.delete(websiteId);
}

/**
 * Other instances see an edit within this time (each holds its own copy), and at once on a page: a copy read before
 * the newest page generation this process has seen is read again (db/page-generation.ts).
 */
const TTL_MS = 60_000;
/** Websites whose maps one instance keeps at most. */
const MAX_WEBSITES = 200;
const caches = new WeakMap<Db, Map<number, { at: number; generation: number; map: Promise<SynonymMap> }>>();

/** The website's expansion map, from a per-instance cache bounded in websites and age. */
export function synonymMap(db: Db, websiteId: number): Promise<SynonymMap> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const generation = seenPageGeneration(db.kysely);
  const hit = cache.get(websiteId);
  if (hit && now - hit.at < TTL_MS && hit.generation >= generation) return hit.map;
  cache.delete(websiteId);
  while (cache.size >= MAX_WEBSITES) cache.delete(cache.keys().next().value!);
  const map = readSynonyms(db, websiteId).then(buildSynonymMap);
  map.catch(() => cache.delete(websiteId));
  cache.set(websiteId, { at: now, generation, map });
  return map;
}
