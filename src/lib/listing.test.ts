import { describe, expect, it } from 'vitest';
import { listingHref, listingQuery, listingTitle, readListing } from './listing';
import { translator } from './i18n/translate';
import { safeReturnPath } from './redirect';

const params = (q: string) => new URLSearchParams(q);
const tree = [
  { id: 1, name: 'Staples', slug: 'staples', avatar: null, link: '/products?c=staples', children: [{ id: 2, name: 'Rice', slug: 'rice', avatar: null, link: '/products?c=rice', children: [] }] },
];
const brands = [{ id: 7, name: 'Kaveri Mills', slug: 'kaveri-mills' }];

describe('listing URL state', () => {
  it('reads comma-joined and repeated slugs, a known sort, trimmed text and a page', () => {
    expect(readListing(params('c=staples,rice&c=oil&b=kaveri-mills&s=price_asc&q=  basmati   rice &page=3'))).toEqual({
      categories: ['staples', 'rice', 'oil'], brands: ['kaveri-mills'], sort: 'price_asc', q: 'basmati rice', page: 3,
    });
  });
  it('normalises anything malformed instead of failing', () => {
    expect(readListing(params('c=abc,,<script>&b=%00&s=cheapest&page=-3&q=' + 'x'.repeat(500)))).toEqual({
      categories: ['abc'], brands: [], sort: null, q: 'x'.repeat(200), page: 1,
    });
    expect(readListing(params('page=abc')).page).toBe(1);
    expect(readListing(params('page=1.5')).page).toBe(1);
  });
  it('writes the canonical URL: comma-joined, empty parts and page 1 left out', () => {
    expect(listingHref({ categories: ['staples', 'rice'], brands: [], sort: null, q: '', page: 1 })).toBe('/products?c=staples,rice');
    expect(listingHref({ categories: [], brands: ['kaveri-mills'], sort: 'newest', q: 'dal & rice', page: 2 })).toBe('/products?b=kaveri-mills&s=newest&q=dal%20%26%20rice&page=2');
    expect(listingHref({ categories: [], brands: [], sort: null, q: '', page: 1 })).toBe('/products');
  });
  it('turns slugs into the API ids, dropping unknown ones', () => {
    expect(listingQuery(readListing(params('c=rice,nope&b=kaveri-mills,ghost&page=2')), tree, brands)).toEqual({ page: 2, perPage: 24, c: '2', b: '7' });
    expect(listingQuery(readListing(params('c=nope')), tree, brands)).toEqual({ page: 1, perPage: 24 });
  });
  it('carries the deliverable filter as deliverable=1 through the URL and into the API query, and only when on', () => {
    const on = readListing(params('b=kaveri-mills&deliverable=1&page=2'));
    expect(on).toEqual({ categories: [], brands: ['kaveri-mills'], sort: null, q: '', page: 2, deliverable: true });
    expect(listingHref(on)).toBe('/products?b=kaveri-mills&deliverable=1&page=2');
    expect(listingHref({ ...on, deliverable: false, page: 1 })).toBe('/products?b=kaveri-mills');
    expect(listingQuery(on, tree, brands)).toEqual({ page: 2, perPage: 24, b: '7', deliverable: '1' });
    for (const off of ['', 'deliverable=0', 'deliverable=yes', 'deliverable=']) {
      expect(readListing(params(off)), off).not.toHaveProperty('deliverable');
      expect(listingQuery(readListing(params(off)), tree, brands), off).not.toHaveProperty('deliverable');
    }
  });
});

describe('safeReturnPath', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnPath('/products?s=newest')).toBe('/products?s=newest');
    expect(safeReturnPath('/products/atta#image-2')).toBe('/products/atta#image-2');
  });
  it('refuses anything that could leave the site', () => {
    for (const bad of ['/.//evil.example', '/./\\evil.example', '/x/..//evil.example', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', ' //evil.example', '/%2F%2Fevil.example/..', '\t//evil', 'evil', '', null, 42]) {
      const result = safeReturnPath(bad, '/fallback');
      expect(new URL(result, 'http://shop.example').origin, String(bad)).toBe('http://shop.example');
    }
    expect(safeReturnPath('//evil.example', '/fallback')).toBe('/fallback');
    expect(safeReturnPath('/.//evil.example', '/fallback')).toBe('/fallback');
  });
});

describe('listingTitle', () => {
  it('says what the list shows: the search, else the chosen names, else every product', () => {
    const t = translator('en');
    expect(listingTitle('basmati', [{ name: 'Rice' }], [], t)).toBe('Results for “basmati”');
    expect(listingTitle('', [{ name: 'Rice' }, { name: 'Dals' }], [{ name: 'Kaveri Mills' }], t)).toBe('Rice, Dals, Kaveri Mills');
    expect(listingTitle('', [], [{ name: 'Kaveri Mills' }], t)).toBe('Kaveri Mills');
    expect(listingTitle('', [], [], t)).toBe('All products');
  });

  it('is worded in the page’s language', () => {
    const t = translator('hi');
    expect(listingTitle('chawal', [], [], t)).toBe('“chawal” के नतीजे');
    expect(listingTitle('', [], [], t)).toBe('सभी उत्पाद');
  });
});
