import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural, by Intl.PluralRules for en-IN', () => {
    expect(plural(1, 'item', 'items')).toBe('1 item');
    expect(plural(0, 'item', 'items')).toBe('0 items');
    expect(plural(2, 'item', 'items')).toBe('2 items');
    expect(plural(21, 'order', 'orders')).toBe('21 orders');
    expect(plural(-1, 'day', 'days')).toBe('-1 day');
  });

  it('writes the count with Indian digit grouping', () => {
    expect(plural(123_456, 'product', 'products')).toBe('1,23,456 products');
  });

  it('gives the word alone for sentences that place the number themselves', () => {
    expect(pluralWord(1, 'try', 'tries')).toBe('try');
    expect(pluralWord(3, 'try', 'tries')).toBe('tries');
    expect(pluralWord(0, 'order', 'orders')).toBe('orders');
  });
});
