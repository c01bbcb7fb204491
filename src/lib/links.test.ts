import { describe, expect, it } from 'vitest';
import { categoryHref, searchHref } from './links';

describe('search and category links', () => {
  it('trims the search text and goes to /products?q=', () => {
    expect(searchHref('  basmati rice ')).toBe('/products?q=basmati%20rice');
    expect(searchHref('   ')).toBe('/products');
  });
  it('links categories by slug, comma-separated for the filter dialog', () => {
    expect(categoryHref('staples')).toBe('/products?c=staples');
    expect(categoryHref(['dairy-bakery', 'beverages'])).toBe('/products?c=dairy-bakery,beverages');
    expect(categoryHref([])).toBe('/products');
  });
});
