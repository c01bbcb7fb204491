/**
 * Suggestions as the shopper types (GET /api/search/suggest, docs/search.md): the most popular active products, and the
 * categories and brands, whose names have a word starting with each typed word; each name in parts with the
 * matched starts marked. Products come from product_words (migration 0013): one range of its index per typed
 * prefix, read with the popularity it holds, so the cost follows the few rows asked for, not the catalogue.
 * The website's synonyms apply as in search (services/search-synonyms.ts, from its bounded per-instance cache):
 * a typed word or phrase of a group ("chini") also matches the group's other terms ("sugar", "चीनी"), as whole
 * words: only what the shopper typed is a prefix ("toor" adds "tur", which must not suggest turmeric).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Suggestion, Suggestions } from '../../contract';
import { SUGGEST_LIMITS } from '../../contract/suggest-limits';
import type { Locale } from '../../lib/i18n/locales';
import type { Db } from '../db';
import { localized } from '../map';
import { foldText, nameWords, prefixEnd } from '../db/product-words';
import { expandTerms } from './search';
import { highlight, nameMatches, typedWords, type TypedWord } from './search-suggest-match';
import { correctTerms } from './search-plan';
import { synonymMap, type SynonymMap } from './search-synonyms';

/** Products read from the index before the exact test and the active check keep the first eight. */
const CANDIDATES = 40;
/**
 * Index rows read for them: a product has a row per matching word, so a few more rows than products. Without
 * DISTINCT the database keeps only the top rows while it reads the range (a top-N sort); with it, it sorted every
 * match of a one-letter prefix (26,000 rows at 100,000 products: 9 ms instead of 1.5 on SQLite).
 */
const CANDIDATE_ROWS = CANDIDATES * 3;

/**
 * Suggestions for what the shopper has typed, with the website's synonyms when given; empty lists for empty text.
 * When no product matches the words as typed, misspelt words are corrected as search corrects them
 * (search-plan.ts: correctTerms), and what the corrected words match is suggested ("panner" suggests paneer).
 */
export async function suggest(db: Db, q: string, websiteId?: number, locale?: Locale): Promise<Suggestions> {
  const answer: Suggestions = { q: q.trim(), products: [], categories: [], brands: [] };
  const words = typedWords(q);
  if (!words.length) return answer;
  const synonyms = websiteId === undefined ? undefined : await synonymMap(db, websiteId);
  let typed = readings(words, synonyms);
  const [asTyped, categories, brands] = await Promise.all([
    productSuggestions(db, typed, locale),
    db.kysely.selectFrom('categories').select(['name', 'name_hi', 'slug']).orderBy('position').orderBy('id').execute(),
    db.kysely.selectFrom('brands').select(['name', 'name_hi', 'slug']).orderBy('name').execute(),
  ]);
  let products = asTyped;
  if (!products.length) {
    const correction = await correctTerms(db, words, synonyms);
    const corrected = correction && readings(correction.terms.map(foldText), synonyms);
    const found = corrected ? await productSuggestions(db, corrected, locale) : [];
    // A correction is suggested only when it finds products, as search offers one.
    if (found.length) [typed, products] = [corrected!, found];
  }
  answer.products = products;
  answer.categories = matching(categories, typed, SUGGEST_LIMITS.categories, locale);
  answer.brands = matching(brands, typed, SUGGEST_LIMITS.brands, locale);
  return answer;
}

/**
 * Each typed word (or phrase of a synonym group) with its readings: itself, and the group's other terms, their
 * words folded as names' words are.
 */
function readings(words: string[], synonyms: SynonymMap | undefined): TypedWord[] {
  if (!synonyms) return words.map((word) => [[word]]);
  const slots = expandTerms(words, synonyms);
  return slots.map((slot) => [...new Map(slot.map((reading) => reading.map(foldText)).map((reading) => [reading.join(' '), reading])).values()]);
}

/**
 * A row whose English or Hindi name matches, as suggested in `locale`: the name in that language (Hindi where
 * given), its matched starts marked (none when only the other language's name matched), or undefined.
 */
function suggestion(row: { name: string; name_hi: string | null; slug: string }, typed: TypedWord[], locale: Locale | undefined): Suggestion | undefined {
  const matches = nameMatches(nameWords(row.name), typed) || (!!row.name_hi && nameMatches(nameWords(row.name_hi), typed));
  if (!matches) return undefined;
  const name = localized(locale, row.name, row.name_hi);
  return { name, slug: row.slug, parts: highlight(name, typed) };
}

/** The rows whose names match, in their order, at most `limit`, with their parts. */
function matching(rows: { name: string; name_hi: string | null; slug: string }[], typed: TypedWord[], limit: number, locale: Locale | undefined): Suggestion[] {
  const found: Suggestion[] = [];
  for (const row of rows) {
    if (found.length >= limit) break;
    const one = suggestion(row, typed, locale);
    if (one) found.push(one);
  }
  return found;
}

/** The first word of a typed word's reading, and whether it is a prefix (the reading as typed) or a whole word. */
interface First {
  word: string;
  typed: boolean;
}

/** A word of product_words starts with one of these typed prefixes or is one of these whole words: one index range each. */
const matchesAny = (column: RawBuilder<unknown>, firsts: First[]) =>
  sql.join(
    firsts.map(({ word, typed }) => (typed ? sql`(${column} >= ${word} and ${column} < ${prefixEnd(word)})` : sql`${column} = ${word}`)),
    sql` or `,
  );

/**
 * The most popular active products whose names match. The index gives candidates by the first word of each
 * reading (the typed word with the longest prefix drives the range; the others are each an indexed test on the
 * product's words); the names then decide exactly.
 */
async function productSuggestions(db: Db, typed: TypedWord[], locale: Locale | undefined): Promise<Suggestion[]> {
  const firsts = typed.map((readings) => [...new Map(readings.map((reading, i): First => ({ word: reading[0]!, typed: i === 0 })).map((f) => [`${f.typed} ${f.word}`, f])).values()]);
  const prefixLength = (words: First[]) => Math.min(...words.map((f) => (f.typed ? f.word.length : Infinity)));
  const drive = firsts.reduce((best, words) => (prefixLength(words) > prefixLength(best) ? words : best));
  const others = firsts.filter((words) => words !== drive);
  const word = sql.ref('w.word');
  const also = others.map((words) => sql` and exists (select 1 from product_words o where o.product_id = w.product_id and (${matchesAny(sql.ref('o.word'), words)}))`);
  const { rows } = await sql<{ product_id: number }>`
    select w.product_id from product_words w
    where (${matchesAny(word, drive)})${also.length ? sql.join(also, sql``) : sql``}
    order by w.popularity desc, w.product_id desc
    limit ${CANDIDATE_ROWS}`.execute(db.kysely);
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => Number(r.product_id)))].slice(0, CANDIDATES);
  const products = await db.kysely.selectFrom('products').select(['id', 'name', 'name_hi', 'slug']).where('id', 'in', ids).where('is_active', '=', 1).execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const found: Suggestion[] = [];
  for (const id of ids) {
    const product = byId.get(id);
    const one = product && suggestion(product, typed, locale);
    if (!one) continue;
    found.push(one);
    if (found.length >= SUGGEST_LIMITS.products) break;
  }
  return found;
}
