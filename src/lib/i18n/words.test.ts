import { describe, expect, it } from 'vitest';
import { catalogue } from './messages/en/catalogue';
import { islandWords } from './island-words';
import { english, speak } from './words';

describe("an island's words", () => {
  it('are undefined on English pages, so English props carry none', () => {
    expect(islandWords('en', catalogue)).toBeUndefined();
  });

  it("hold exactly the domain's keys in the page's language, with its plural rules", () => {
    const words = islandWords('hi', catalogue)!;
    expect(words.lang).toBe('hi-IN');
    expect(Object.keys(words.text).sort()).toEqual(Object.keys(catalogue).sort());
    const say = speak(words);
    expect(say('catalogue.off', { discount: 5 })).toBe('5% छूट');
    expect(say('catalogue.products', { count: 125000 })).toBe('1,25,000 उत्पाद');
  });

  it('speak English from the bundled module when no words were passed', () => {
    const say = speak(english(catalogue));
    expect(say('catalogue.products', { count: 1 })).toBe('1 product');
    expect(say('catalogue.products', { count: 0 })).toBe('0 products');
    expect(say('catalogue.removeFilter', { name: 'Dal' })).toBe('Remove filter Dal');
  });
});
