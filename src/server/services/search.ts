/** Turns a shopper's search text into full-text queries; nothing they type can reach SQL as syntax. */

import { synonymKey } from '../../contract/search';

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** Lower-case words of letters, their marks (Devanagari vowel signs) and digits, at most 8, each at most 40 characters. */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => word.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** One query term after synonym expansion: its alternatives (any may match), each a list of words (all must). */
export type Slot = string[][];

/**
 * The terms as slots: a term (or a phrase of up to `maxWords` terms, longest first) that is a synonym
 * stands for every term of its group; any other term stands for itself.
 */
export function expandTerms(terms: string[], synonyms?: { groups: Map<string, string[][]>; maxWords: number }): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < terms.length; ) {
    let taken = 1;
    let slot: Slot = [[terms[i]!]];
    for (let n = Math.min(synonyms?.maxWords ?? 0, terms.length - i); n >= 1; n--) {
      const phrase = terms.slice(i, i + n);
      const group = synonyms!.groups.get(synonymKey(phrase.join(' '))) ?? (n === 1 ? singular(phrase[0]!, synonyms!.groups) : undefined);
      if (group) {
        slot = unique([phrase, ...group]);
        taken = n;
        break;
      }
    }
    slots.push(slot);
    i += taken;
  }
  return slots;
}

/** "tomatoes" finds the group of "tomato" when only the singular is listed. */
const singular = (term: string, groups: Map<string, string[][]>) =>
  term.endsWith('es') && groups.get(synonymKey(term.slice(0, -2))) ? groups.get(synonymKey(term.slice(0, -2))) : term.endsWith('s') ? groups.get(synonymKey(term.slice(0, -1))) : undefined;

const unique = (slot: Slot): Slot => [...new Map(slot.map((words) => [words.join(' '), words])).values()];

/*
 * In both queries the words as typed (a slot's first alternative) match as prefixes ("basm" finds basmati) and
 * the synonyms the slot adds as whole words (stemmed: "lentil" finds lentils): "दाल" finds dal but not
 * dalchini, and PostgreSQL prices a whole word on its GIN index far lower than a prefix, so it uses the index.
 */

/** SQLite FTS5 for slots: OR within a slot, AND across slots; every word quoted. */
export const fts5Match = (slots: Slot[]) =>
  slots.map((slot) => `(${slot.map((words, i) => `(${words.map((w) => (i === 0 ? `"${w}"*` : `"${w}"`)).join(' AND ')})`).join(' OR ')})`).join(' AND ');

/** PostgreSQL tsquery for slots: | within a slot, & across slots. */
export const tsMatch = (slots: Slot[]) =>
  slots.map((slot) => `(${slot.map((words, i) => `(${words.map((w) => (i === 0 ? `${w}:*` : w)).join(' & ')})`).join(' | ')})`).join(' & ');
