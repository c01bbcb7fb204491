import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** A word longer than this is kept (and matched) by its first 40 characters, as search does. */
const MAX_WORD_LENGTH = 40;
/** Words of one name kept at most. */
const MAX_WORDS = 32;
const BATCH = 500;

/**
 * The words of a name as suggestions match them: folded (foldText), split on anything that is not a letter, a
 * mark (Devanagari vowel signs) or a digit, each word once. The same splitting as search's terms (searchTerms).
 */
export function nameWords(name: string): string[] {
  const words = foldText(name)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * Text as words are compared: NFKC, lower case, Devanagari nukta dropped and chandrabindu read as anusvara
 * (प्याज़ = प्याज, मूँग = मूंग), as synonyms compare terms.
 */
export const foldText = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\u093c/g, '').replace(/\u0901/g, '\u0902');

/**
 * The first text after every text that starts with `prefix`, in code point order (the order of SQLite's BINARY
 * and PostgreSQL's "C" collation): `word >= prefix and word < prefixEnd(prefix)` is a prefix match on an index.
 */
export function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return prefix + '\u{10ffff}';
  const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
  return points.join('') + String.fromCodePoint(next);
}

/**
 * Rewrites product_words (migration 0013) for these products, or for every product when `ids` is omitted: one
 * row per word of the product's name, with its popularity, so suggestions read the most popular products whose
 * name has a word starting with the typed text from one index. Whatever writes product names or popularity
 * calls it (the seed; migration 0013 filled it for products that existed before, with its own copy).
 */
export async function refreshProductWords(db: Kysely<Database>, ids?: number[]): Promise<void> {
  if (ids) {
    for (let i = 0; i < ids.length; i += BATCH) await rewrite(db, ids.slice(i, i + BATCH));
    return;
  }
  await db.deleteFrom('product_words').execute();
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('products').select(['id', 'name', 'name_hi', 'popularity']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!rows.length) return;
    await insertWords(db, rows);
    after = rows[rows.length - 1]!.id;
  }
}

async function rewrite(db: Kysely<Database>, ids: number[]) {
  await db.deleteFrom('product_words').where('product_id', 'in', ids).execute();
  await insertWords(db, await db.selectFrom('products').select(['id', 'name', 'name_hi', 'popularity']).where('id', 'in', ids).execute());
}

/** A product's words: its English name's and its Hindi name's (migration 0036), each once. */
async function insertWords(db: Kysely<Database>, products: { id: number; name: string; name_hi: string | null; popularity: number }[]) {
  const rows = products.flatMap((p) =>
    [...new Set([...nameWords(p.name), ...(p.name_hi ? nameWords(p.name_hi) : [])])].map((word) => ({ word, popularity: p.popularity, product_id: p.id })),
  );
  for (let i = 0; i < rows.length; i += BATCH) await db.insertInto('product_words').values(rows.slice(i, i + BATCH)).execute();
}
