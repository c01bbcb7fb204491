/**
 * What a search text asks of the listing: the full-text match with synonyms expanded, a correction of
 * misspelt words when the exact search finds little (offered only when it finds products; its matches ranked
 * after the exact ones, those named with the corrected word first), and a pack size.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { foldText, prefixEnd } from '../db/product-words';
import { expandTerms, fts5Match, searchTerms, tsMatch, type Slot } from './search';
import { synonymMap, type SynonymMap } from './search-synonyms';
import { packKeys, parsePackSize } from './search-units';
import { closestWord, similarWords, type Candidate } from './search-words';

/** Fewer exact matches than this and misspelt words are corrected too. */
const FEW_RESULTS = 3;

/** A word the search corrected a typed word to, and the one-word terms of its synonym group. */
export interface CorrectedWord {
  word: string;
  synonyms: string[];
}

export interface SearchPlan {
  /** The FTS5 match (SQLite) and tsquery (PostgreSQL) text; null when the text held only a pack size. */
  fts: string | null;
  tsquery: string | null;
  /** Products that matched before correction: listed first. Empty when nothing was corrected. */
  exactIds: number[];
  /** The words typos were corrected to: products whose names hold them all come next. Empty when none was. */
  corrected: CorrectedWord[];
  /** Pack keys (search-units.ts) a product must have a pack of; null when no size was asked for. */
  packKeys: string[] | null;
  /** The corrected text, when the words as typed found nothing and the corrected words find something. */
  didYouMean: string | null;
}

/** The plan for a search text, or null when it holds nothing to search by. */
export async function planSearch(db: Db, websiteId: number | undefined, text: string | undefined): Promise<SearchPlan | null> {
  if (!text) return null;
  const { size, rest, said } = parsePackSize(text);
  const terms = searchTerms(rest);
  const keys = size ? packKeys(size) : null;
  if (!terms.length) return keys ? { fts: null, tsquery: null, exactIds: [], corrected: [], packKeys: keys, didYouMean: null } : null;
  const synonyms = websiteId === undefined ? undefined : await synonymMap(db, websiteId);
  const slots = expandTerms(terms, synonyms);
  const exactIds = await firstMatches(db, slots);
  const plan: SearchPlan = { fts: fts5Match(slots), tsquery: tsMatch(slots), exactIds: [], corrected: [], packKeys: keys, didYouMean: null };
  if (exactIds.length >= FEW_RESULTS) return plan;

  const correction = await correctTerms(db, terms, synonyms);
  if (!correction) return plan;
  const fixed = expandTerms(correction.terms, synonyms);
  // A correction is offered, and searched, only when it finds products of its own.
  if (!(await firstMatches(db, fixed)).length) return plan;
  return {
    fts: `(${plan.fts}) OR (${fts5Match(fixed)})`,
    tsquery: `(${plan.tsquery}) | (${tsMatch(fixed)})`,
    exactIds,
    corrected: correction.changed.map((word) => ({ word, synonyms: oneWordSynonyms(word, synonyms) })),
    packKeys: keys,
    didYouMean: exactIds.length ? null : [...correction.terms, ...(said ? [said] : [])].join(' '),
  };
}

/** The other one-word terms of a word's synonym group, folded as names' words are (product_words). */
const oneWordSynonyms = (word: string, synonyms: SynonymMap | undefined) =>
  [...new Set((synonyms?.groups.get(word) ?? []).filter((words) => words.length === 1).map((words) => foldText(words[0]!)))].filter((w) => w !== foldText(word));

/**
 * The listing's order key for a corrected search: 0 for a product whose name holds every corrected word (as the
 * start of one of its words, or a one-word synonym of it as a whole word), 1 for one that matched the corrected
 * words only by its brand or category ("Milk, Curd & Paneer" for buttermilk). Each word's products are one range
 * of product_words' index, read once per query (not once per matched product).
 */
export function namedFirst(corrected: CorrectedWord[]): RawBuilder<number> | null {
  if (!corrected.length) return null;
  const holds = corrected.map(({ word, synonyms }) => {
    const start = foldText(word);
    const ranges = [sql`(word >= ${start} and word < ${prefixEnd(start)})`, ...(synonyms.length ? [sql`word in (${sql.join(synonyms)})`] : [])];
    return sql`p.id in (select product_id from product_words where ${sql.join(ranges, sql` or `)})`;
  });
  return sql<number>`case when ${sql.join(holds, sql` and `)} then 0 else 1 end`;
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

/**
 * Up to FEW_RESULTS active products the slots match. On PostgreSQL the match is a materialized CTE, planned for
 * all its rows and so read from the GIN index: left to plan `limit 3` itself, the planner walked an index on
 * is_active and tested every product's tsquery when nothing matched (370 ms at 100,000 products for "saunf").
 */
async function firstMatches(db: Db, slots: Slot[]): Promise<number[]> {
  const rows =
    db.dialect === 'sqlite'
      ? (await sql<{ id: number }>`select p.id from products p where p.is_active = 1 and p.id in (select rowid from products_fts where products_fts match ${fts5Match(slots)} limit 50) limit ${FEW_RESULTS}`.execute(db.kysely)).rows
      : await onSearchIndex(db, async (on) =>
          (await sql<{ id: number }>`with m as materialized (select id, is_active from products where search_vector @@ to_tsquery('english', ${tsMatch(slots)})) select id from m where is_active = 1 limit ${FEW_RESULTS}`.execute(on.kysely)).rows);
  return rows.map((r) => r.id);
}

/**
 * The terms with misspelt ones replaced by the closest known word (search-words.ts: closestWord), and the words
 * it changed; null when none was misspelt. Search and suggestions both correct with it.
 */
export async function correctTerms(db: Db, terms: string[], synonyms: SynonymMap | undefined): Promise<{ terms: string[]; changed: string[] } | null> {
  const synonymWords = synonyms ? oneWordTerms(synonyms) : [];
  const fixed = await Promise.all(
    terms.map(async (term) => {
      if (synonyms?.groups.has(term) || [...term].length < 3) return term;
      const candidates = [...(await similarWords(db.kysely, db.dialect, term)), ...synonymWords];
      return closestWord(term, candidates) ?? term;
    }),
  );
  const changed = fixed.filter((word, i) => word !== terms[i]);
  return changed.length ? { terms: fixed, changed } : null;
}

const oneWordTermsOf = new WeakMap<SynonymMap, Candidate[]>();
/** The one-word terms of a website's synonym groups as candidates, worked out once per cached map. */
function oneWordTerms(synonyms: SynonymMap): Candidate[] {
  let words = oneWordTermsOf.get(synonyms);
  if (!words) oneWordTermsOf.set(synonyms, (words = [...synonyms.groups.keys()].filter((key) => !key.includes(' ')).map((word) => ({ word, weight: 1 }))));
  return words;
}
