import { describe, expect, it } from 'vitest';
import { expandTerms, fts5Match, searchTerms, tsMatch } from './search';
import { buildSynonymMap } from './search-synonyms';

const synonyms = buildSynonymMap([
  ['sugar', 'chini', 'चीनी'],
  ['dal', 'daal', 'दाल'],
  ['masoor', 'red lentil', 'मसूर'],
  ['onion', 'pyaz', 'प्याज़'],
  ['tomato', 'tamatar'],
]);

describe('expandTerms: a term that is a synonym stands for its whole group', () => {
  it('expands English, Hinglish and Devanagari terms to the same group', () => {
    for (const q of ['sugar', 'chini', 'चीनी']) {
      const slots = expandTerms(searchTerms(q), synonyms);
      expect(slots, q).toHaveLength(1);
      expect(slots[0]![0], q).toEqual([q]);
      expect(slots[0]!.map((words) => words.join(' ')).sort(), q).toEqual(['chini', 'sugar', 'चीनी']);
    }
  });

  it('keeps the words as typed first and AND across terms', () => {
    expect(expandTerms(searchTerms('daal masoor'), synonyms)).toEqual([
      [['daal'], ['dal'], ['दाल']],
      [['masoor'], ['red', 'lentil'], ['मसूर']],
    ]);
  });

  it('matches a phrase of several words before its single words', () => {
    expect(expandTerms(searchTerms('red lentil'), synonyms)).toEqual([[['red', 'lentil'], ['masoor'], ['मसूर']]]);
  });

  it('finds a group by the nukta-less spelling and by a plural', () => {
    expect(expandTerms(searchTerms('प्याज'), synonyms)[0]).toContainEqual(['onion']);
    expect(expandTerms(searchTerms('tomatoes'), synonyms)[0]).toContainEqual(['tamatar']);
    expect(expandTerms(searchTerms('onions'), synonyms)[0]).toContainEqual(['pyaz']);
  });

  it('leaves other words alone, and everything alone without synonyms', () => {
    expect(expandTerms(['ghee', 'chini'])).toEqual([[['ghee']], [['chini']]]);
    expect(expandTerms(['ghee'], synonyms)).toEqual([[['ghee']]]);
  });
});

describe('the full-text queries of expanded terms', () => {
  const slots = expandTerms(searchTerms('red lentil dal'), synonyms);
  it('ORs within a slot and ANDs across slots: the words as typed as prefixes, the synonyms as whole words', () => {
    expect(fts5Match(slots)).toBe('(("red"* AND "lentil"*) OR ("masoor") OR ("मसूर")) AND (("dal"*) OR ("daal") OR ("दाल"))');
    expect(tsMatch(slots)).toBe('((red:* & lentil:*) | (masoor) | (मसूर)) & ((dal:*) | (daal) | (दाल))');
    expect(fts5Match(expandTerms(['basm', 'ri']))).toBe('(("basm"*)) AND (("ri"*))');
  });

  it('lets no quote, operator or bracket through as syntax', () => {
    const terms = searchTerms('chini" OR "* NEAR( masoor) | !ghee:*');
    expect(terms.every((t) => /^[\p{L}\p{M}\p{N}]+$/u.test(t))).toBe(true);
    expect(fts5Match(expandTerms(terms, synonyms)).match(/"/g)!.length % 2).toBe(0);
  });
});

describe('search terms', () => {
  it('keeps words of letters and digits only, lower case, at most 8', () => {
    expect(searchTerms("  Basmati   RICE; drop table--'")).toEqual(['basmati', 'rice', 'drop', 'table']);
    expect(searchTerms('"*)(OR<script>')).toEqual(['or', 'script']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('चावल rice')).toEqual(['चावल', 'rice']);
  });
});
