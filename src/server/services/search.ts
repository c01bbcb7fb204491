/** Turns a shopper's search text into full-text queries; nothing they type can reach SQL as syntax. */

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** Lower-case words of letters, their marks (Devanagari vowel signs) and digits, at most 8, each at most 40 characters. */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** SQLite FTS5: every word must match, each as a prefix ("basm" finds basmati). */
export const fts5Query = (terms: string[]) => terms.map((term) => `"${term}"*`).join(' ');

/** PostgreSQL tsquery: every word must match, each as a prefix. */
export const tsQuery = (terms: string[]) => terms.map((term) => `${term}:*`).join(' & ');
