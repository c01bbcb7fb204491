/**
 * What a search text asks of the listing: the full-text match with synonyms expanded, a correction of
 * misspelt words when the exact search finds little (its matches ranked after the exact ones), and a pack size.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { expandTerms, fts5Match, searchTerms, tsMatch, type Slot } from './search';
import { synonymMap, type SynonymMap } from './search-synonyms';
import { packKeys, parsePackSize } from './search-units';
import { closestWord, similarWords } from './search-words';

/** Fewer exact matches than this and misspelt words are corrected too. */
export const FEW_RESULTS = 3;

export interface SearchPlan {
  /** The FTS5 match (SQLite) and tsquery (PostgreSQL) text; null when the text held only a pack size. */
  fts: string | null;
  tsquery: string | null;
  /** Products that matched before correction: listed first. Empty when nothing was corrected. */
  exactIds: number[];
  /** Pack keys (search-units.ts) a product must have a pack of; null when no size was asked for. */
  packKeys: string[] | null;
  /** The corrected text, when the words as typed found nothing. */
  didYouMean: string | null;
}

/** The plan for a search text, or null when it holds nothing to search by. */
export async function planSearch(db: Db, websiteId: number | undefined, text: string | undefined): Promise<SearchPlan | null> {
  if (!text) return null;
  const { size, rest, said } = parsePackSize(text);
  const terms = searchTerms(rest);
  const keys = size ? packKeys(size) : null;
  if (!terms.length) return keys ? { fts: null, tsquery: null, exactIds: [], packKeys: keys, didYouMean: null } : null;
  const synonyms = websiteId === undefined ? undefined : await synonymMap(db, websiteId);
  const slots = expandTerms(terms, synonyms);
  const exactIds = await firstMatches(db, slots);
  const plan: SearchPlan = { fts: fts5Match(slots), tsquery: tsMatch(slots), exactIds: [], packKeys: keys, didYouMean: null };
  if (exactIds.length >= FEW_RESULTS) return plan;

  const corrected = await correct(db, terms, synonyms);
  if (!corrected) return plan;
  const fixed = expandTerms(corrected, synonyms);
  return {
    fts: `(${plan.fts}) OR (${fts5Match(fixed)})`,
    tsquery: `(${plan.tsquery}) | (${tsMatch(fixed)})`,
    exactIds,
    packKeys: keys,
    didYouMean: exactIds.length ? null : [...corrected, ...(said ? [said] : [])].join(' '),
  };
}

/**
 * Runs `work` with PostgreSQL's sequential scans priced out, so a full-text match starts from the GIN index. The
 * planner prices the tsquery test of a row far below its cost: for a word many products have (a synonym's OR
 * of terms) it would read the whole table, and for `limit 3` of a word none has (a typo) it reads it all too;
 * at 100,000 products that is about 100 times slower. SQLite's FTS5 table is always read by its index.
 */
export function onSearchIndex<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work(db);
  return db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return work({ ...db, kysely: trx });
  });
}

/** Up to FEW_RESULTS active products the slots match as typed. */
async function firstMatches(db: Db, slots: Slot[]): Promise<number[]> {
  const rows =
    db.dialect === 'sqlite'
      ? (await sql<{ id: number }>`select p.id from products p where p.is_active = 1 and p.id in (select rowid from products_fts where products_fts match ${fts5Match(slots)} limit 50) limit ${FEW_RESULTS}`.execute(db.kysely)).rows
      : await onSearchIndex(db, async (on) => (await sql<{ id: number }>`select id from products where is_active = 1 and search_vector @@ to_tsquery('english', ${tsMatch(slots)}) limit ${FEW_RESULTS}`.execute(on.kysely)).rows);
  return rows.map((r) => r.id);
}

/** The terms with misspelt ones replaced by the closest known word, or null when none was misspelt. */
async function correct(db: Db, terms: string[], synonyms: SynonymMap | undefined): Promise<string[] | null> {
  const synonymWords = synonyms ? [...synonyms.groups.keys()].filter((key) => !key.includes(' ')).map((word) => ({ word, weight: 1 })) : [];
  let changed = false;
  const fixed = await Promise.all(
    terms.map(async (term) => {
      if (synonyms?.groups.has(term) || [...term].length < 3) return term;
      const candidates = [...(await similarWords(db.kysely, db.dialect, term)), ...synonymWords];
      const word = closestWord(term, candidates);
      if (word && word !== term) changed = true;
      return word ?? term;
    }),
  );
  return changed ? fixed : null;
}
