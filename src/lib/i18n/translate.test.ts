import { describe, expect, it } from 'vitest';
import { en } from './messages/en';
import { LOCALES } from './locales';
import { CATALOGUES, placeholders, translator } from './translate';

describe('the message catalogues', () => {
  it('hold the same keys in every language, and each message the same placeholders as its English', () => {
    const keys = Object.keys(en).sort();
    for (const locale of LOCALES) {
      const catalogue = CATALOGUES[locale];
      expect(Object.keys(catalogue).sort(), locale).toEqual(keys);
      for (const key of keys) {
        const message = catalogue[key as keyof typeof en];
        expect(placeholders(message), `${locale} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
        expect(typeof message === 'string' ? message : message.other, `${locale} ${key}`).not.toBe('');
      }
    }
  });
});

describe('a translator', () => {
  it('fills placeholders, writes numbers with Indian grouping, and picks plural forms by the language', () => {
    const english = translator('en');
    const hindi = translator('hi');
    expect(english('catalogue.off', { discount: 12 })).toBe('12% off');
    expect(hindi('catalogue.off', { discount: 12 })).toBe('12% छूट');
    expect(english('catalogue.products', { count: 1 })).toBe('1 product');
    expect(english('catalogue.products', { count: 125000 })).toBe('1,25,000 products');
    expect(hindi('catalogue.products', { count: 2 })).toBe('2 उत्पाद');
    expect(english('shell.rights', { year: '2026', shop: 'Annapurna Fresh' })).toBe('© 2026 Annapurna Fresh. All Rights Reserved');
  });
});
