/**
 * The vocabulary typo correction compares against: the words of active products' names, brands and categories,
 * weighted by how often they occur, with a trigram index (SQLite FTS5 `trigram`, PostgreSQL `pg_trgm`).
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Words the table keeps at most (the most frequent). */
const MAX_WORDS = 50_000;
/** Candidates fetched by trigram for one term. */
const CANDIDATES = 40;

/** A text's words as the vocabulary holds them: lower case, letters (and their marks) only, 3 or more. */
export const vocabularyWords = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter((word) => word.length >= 3 && word.length <= 40 && /\p{L}/u.test(word));

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Rebuilds the vocabulary from the catalogue; the seed calls it, and so should a catalogue import (migration 0012 has a copy). */
export async function refreshSearchWords(db: Kysely<any>): Promise<number> {
  const k = db as Kysely<Database>;
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of new Set(vocabularyWords(text))) weights.set(word, (weights.get(word) ?? 0) + weight);
  };
  for (const { name } of await k.selectFrom('products').select('name').where('is_active', '=', 1).execute()) add(name, 1);
  for (const { name } of await k.selectFrom('brands').select('name').execute()) add(name, 5);
  for (const { name } of await k.selectFrom('categories').select('name').execute()) add(name, 5);
  const rows = [...weights].sort((a, b) => b[1] - a[1]).slice(0, MAX_WORDS).map(([word, weight]) => ({ word, weight }));
  await k.deleteFrom('search_words').execute();
  for (let i = 0; i < rows.length; i += 500) await k.insertInto('search_words').values(rows.slice(i, i + 500)).execute();
  if (!isPostgres(db)) {
    await sql`delete from search_words_trgm`.execute(db);
    await sql`insert into search_words_trgm(word) select word from search_words`.execute(db);
  }
  return rows.length;
}

export interface Candidate {
  word: string;
  weight: number;
}

/** The distinct three-character pieces of a word (by code point). */
export function trigrams(word: string): string[] {
  const chars = [...word];
  const found = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) found.add(chars.slice(i, i + 3).join(''));
  return [...found];
}

/** Vocabulary words that share trigrams with the term, the most alike first; none for terms under 3 letters. */
export async function similarWords(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', term: string): Promise<Candidate[]> {
  const pieces = trigrams(term);
  if (!pieces.length || !/^[\p{L}\p{M}]+$/u.test(term)) return [];
  if (dialect === 'postgres') {
    const { rows } = await sql<Candidate>`select word, weight from search_words where word % ${term} order by similarity(word, ${term}) desc, weight desc limit ${CANDIDATES}`.execute(db);
    return rows;
  }
  // Each piece is quoted; the term holds only letters and marks, so no quote can end a string early.
  const match = pieces.map((piece) => `"${piece}"`).join(' OR ');
  const { rows } = await sql<Candidate>`select w.word, w.weight from (select word, rank from search_words_trgm where search_words_trgm match ${match} order by rank limit ${CANDIDATES}) t join search_words w on w.word = t.word`.execute(db);
  return rows;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) between two words; past `max` it stops early and
 * answers `max + 1` (a row's smallest count never falls in later rows). Three rows of counts, not a whole table:
 * a typo is compared with every synonym term of the website, several hundred words, as the shopper types.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before = new Int32Array(t.length + 1);
  let previous = Int32Array.from({ length: t.length + 1 }, (_, j) => j);
  let row = new Int32Array(t.length + 1);
  for (let i = 1; i <= s.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= t.length; j++) {
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[t.length]!;
}

/**
 * How many edits a word of this length may be away from the word meant: one up to five letters, where two
 * edits already reach other words ("maggi" is two from "ragi", "sabun" two from "saunf"), two up to eight,
 * three beyond.
 */
const allowed = (length: number) => (length <= 5 ? 1 : length <= 8 ? 2 : 3);

/**
 * The word the shopper most likely meant: `null` when the term is known as it is (a vocabulary word, or the
 * start of one), else the candidate fewest edits away (within 1–3 by length), the more frequent on a tie.
 */
export function closestWord(term: string, candidates: Candidate[]): string | null {
  if (candidates.some((c) => c.word.startsWith(term))) return null;
  const length = [...term].length;
  let best: { word: string; distance: number; weight: number } | null = null;
  for (const { word, weight } of candidates) {
    const distance = editDistance(term, word, allowed(length));
    if (distance > allowed(length)) continue;
    if (!best || distance < best.distance || (distance === best.distance && weight > best.weight)) best = { word, distance, weight };
  }
  return best?.word ?? null;
}

/**
 * Adds the words of new product names to the vocabulary (weight 1 each, words already there left as they are), in
 * the caller's transaction: a product saved in the back office is found, typos and all, on the next request. Words
 * of names no longer used stay until the next full rebuild (refreshSearchWords: the seed, a catalogue import).
 */
export async function addSearchWords(db: Kysely<any>, names: string[]): Promise<void> {
  const k = db as Kysely<Database>;
  const words = [...new Set(names.flatMap(vocabularyWords))];
  if (!words.length) return;
  const known = new Set((await k.selectFrom('search_words').select('word').where('word', 'in', words).execute()).map((r) => r.word));
  const fresh = words.filter((word) => !known.has(word));
  if (!fresh.length) return;
  await k.insertInto('search_words').values(fresh.map((word) => ({ word, weight: 1 }))).execute();
  if (!isPostgres(db)) await sql`insert into search_words_trgm(word) values ${sql.join(fresh.map((word) => sql`(${word})`))}`.execute(db);
}
