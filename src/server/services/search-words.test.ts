import { describe, expect, it } from 'vitest';
import { closestWord, editDistance, trigrams, vocabularyWords } from './search-words';

describe('the vocabulary typos are corrected to', () => {
  it('keeps lower-case words of three or more letters, Devanagari with its vowel signs', () => {
    expect(vocabularyWords('Rasoi Ratna Cow Ghee 1 kg')).toEqual(['rasoi', 'ratna', 'cow', 'ghee']);
    expect(vocabularyWords('हल्दी पाउडर')).toEqual(['हल्दी', 'पाउडर']);
    expect(trigrams('ghee')).toEqual(['ghe', 'hee']);
    expect(trigrams('ab')).toEqual([]);
  });

  it('counts edits, a swap of neighbours as one', () => {
    expect(editDistance('gheee', 'ghee')).toBe(1);
    expect(editDistance('panner', 'paneer')).toBe(1);
    expect(editDistance('tumeric', 'turmeric')).toBe(1);
    expect(editDistance('basmatti', 'basmati')).toBe(1);
    expect(editDistance('turmerik', 'turmeric')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });

  it('stops past a bound, answering one more than it', () => {
    expect(editDistance('panner', 'paneer', 2)).toBe(1);
    expect(editDistance('maggi', 'ragi', 1)).toBe(2);
    expect(editDistance('zzqqxx', 'ghee', 2)).toBe(3);
    expect(editDistance('abcdef', 'badcfe', 3)).toBe(3);
    expect(editDistance('abcdef', 'badcfe', 2)).toBe(3);
  });
});

describe('closestWord', () => {
  const words = (...list: [string, number][]) => list.map(([word, weight]) => ({ word, weight }));

  it('picks the candidate fewest edits away, the more frequent on a tie', () => {
    expect(closestWord('gheee', words(['green', 50], ['ghee', 3], ['cheese', 9]))).toBe('ghee');
    expect(closestWord('rics', words(['rice', 2], ['rich', 40]))).toBe('rich');
  });

  it('corrects nothing when the term is a word, or the start of one, as it is', () => {
    expect(closestWord('bas', words(['basmati', 5], ['bay', 9]))).toBeNull();
    expect(closestWord('ghee', words(['ghee', 1], ['gheer', 9]))).toBeNull();
  });

  it('allows more edits to longer words only, and answers null past them', () => {
    expect(closestWord('dql', words(['dal', 1]))).toBe('dal');
    expect(closestWord('dxx', words(['dal', 1]))).toBeNull();
    expect(closestWord('zzqqxx', words(['ghee', 1], ['rice', 1]))).toBeNull();
    expect(closestWord('trumerik', words(['turmeric', 1]))).toBe('turmeric');
  });

  it('allows a word of five letters or fewer one edit only: "maggi" is not "ragi", "sabun" is not "saunf"', () => {
    expect(closestWord('maggi', words(['ragi', 40]))).toBeNull();
    expect(closestWord('sabun', words(['saunf', 1]))).toBeNull();
    expect(closestWord('gheee', words(['ghee', 1]))).toBe('ghee');
    expect(closestWord('masor', words(['masoor', 1]))).toBe('masoor');
    expect(closestWord('panner', words(['paneer', 1]))).toBe('paneer');
    expect(closestWord('basmtai', words(['basmati', 1]))).toBe('basmati');
  });
});
