/** How a typed text matches a name, word by word from the start of a word, and which parts of the name it matched. */
import type { SuggestPart } from '../../contract';
import { foldText, nameWords } from '../db/product-words';

/**
 * One typed word as suggestions read it: its readings, each a list of words that must all be in the name. The first
 * reading is the word (or phrase) as typed: its words match as prefixes ("basm" starts basmati). The others are the
 * terms of its synonym group: whole words, as search takes them ("tur" for toor is not the start of turmeric).
 */
export type TypedWord = string[][];

/** A name's word matches a word of a reading: from its start for the typed reading (the first), whole for the others. */
const wordMatches = (word: string, term: string, typed: boolean) => (typed ? word.startsWith(term) : word === term);

/** Typed words kept at most: each more is one more test per candidate. */
const MAX_TYPED_WORDS = 5;

/** The typed text's words (folded like names' words), each once, at most five: none for empty or spaces. */
export const typedWords = (q: string): string[] => nameWords(q).slice(0, MAX_TYPED_WORDS);

/** True when every typed word has a reading whose every word matches one of the name's words. */
export function nameMatches(words: string[], typed: TypedWord[]): boolean {
  return typed.every((readings) => readings.some((reading, i) => reading.every((term) => words.some((word) => wordMatches(word, term, i === 0)))));
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The name in parts, each word's matched start marked: the longest word of any reading that matches it (a typed
 * prefix that starts it, a synonym that is it). Adjacent parts of the same kind are joined; the parts' texts
 * joined give the name back.
 */
export function highlight(name: string, typed: TypedWord[]): SuggestPart[] {
  const terms = typed.flatMap((readings) => readings.flatMap((reading, i) => reading.map((term) => ({ term, typed: i === 0 })))).sort((a, b) => b.term.length - a.term.length);
  const parts: SuggestPart[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  let at = 0;
  for (const found of name.matchAll(WORD)) {
    const word = found[0];
    push(name.slice(at, found.index), false);
    const folded = foldText(word);
    const match = terms.find((t) => wordMatches(folded, t.term, t.typed));
    const marked = match ? markedLength(word, match.term.length) : 0;
    push(word.slice(0, marked), true);
    push(word.slice(marked), false);
    at = found.index + word.length;
  }
  push(name.slice(at), false);
  return parts;
}

/** How many UTF-16 units of `word` fold to at least `length` characters (whole code points). */
function markedLength(word: string, length: number): number {
  let units = 0;
  for (const point of word) {
    units += point.length;
    if (foldText(word.slice(0, units)).length >= length) return units;
  }
  return word.length;
}
