import { describe, expect, it } from 'vitest';
import { dataLang } from './data-lang';

describe('the language of data on a page', () => {
  it('is English for Latin-only text on a page not in English, else the page’s own', () => {
    expect(dataLang('All Products', 'hi')).toBe('en');
    expect(dataLang('बासमती चावल', 'hi')).toBeUndefined();
    expect(dataLang('Tata नमक', 'hi')).toBeUndefined();
    expect(dataLang('560038', 'hi')).toBeUndefined();
    expect(dataLang('All Products', 'en')).toBeUndefined();
    expect(dataLang(null, 'hi')).toBeUndefined();
  });
});
