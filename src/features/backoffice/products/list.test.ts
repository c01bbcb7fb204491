import { describe, expect, it } from 'vitest';
import { activeFilters, DEFAULT_QUERY, listCaption, nextQuery, productsHref, readProductsQuery, sameQuestion } from './list';

const read = (search: string) => readProductsQuery(new URLSearchParams(search));

describe('the products list in the address', () => {
  it('reads every filter, the page and the rows per page', () => {
    expect(read('q=atta&category=3&brand=12&status=hidden&low=1&page=2&perPage=50')).toEqual({ q: 'atta', category: '3', brand: '12', status: 'hidden', low: true, page: 2, perPage: 50 });
  });

  it('takes the default for anything the address holds that it cannot be', () => {
    expect(read('category=abc&brand=-1&status=deleted&low=yes&page=0&perPage=7')).toEqual(DEFAULT_QUERY);
    expect(read('page=1e3&category=0')).toEqual(DEFAULT_QUERY);
    expect(read(`q=${'a'.repeat(300)}`).q).toHaveLength(120);
  });

  it('writes a view back with the defaults left out, and reads it again the same', () => {
    expect(productsHref(DEFAULT_QUERY)).toBe('/bos/admin/products');
    const query = { q: 'toor dal', category: '3', brand: '', status: 'active' as const, low: true, page: 3, perPage: 100 };
    const href = productsHref(query);
    expect(href).toBe('/bos/admin/products?q=toor+dal&category=3&status=active&low=1&page=3&perPage=100');
    expect(read(href.split('?')[1]!)).toEqual(query);
  });

  it('starts a new search or filter at page 1, and keeps the filters when only the page changes', () => {
    const on3 = { ...DEFAULT_QUERY, category: '3', page: 3 };
    expect(nextQuery(on3, { q: 'rice ' })).toEqual({ ...on3, q: 'rice', page: 1 });
    expect(nextQuery(on3, { low: true })).toEqual({ ...on3, low: true, page: 1 });
    expect(nextQuery(on3, { perPage: 50 })).toEqual({ ...on3, perPage: 50, page: 1 });
    expect(nextQuery(on3, { page: 4 })).toEqual({ ...on3, page: 4 });
    // The same filter chosen again is no new filter: the page stays.
    expect(nextQuery(on3, { category: '3' })).toEqual(on3);
  });

  it('asks nothing new for a search that differs only in spaces', () => {
    expect(sameQuestion({ ...DEFAULT_QUERY, q: 'atta' }, nextQuery(DEFAULT_QUERY, { q: ' atta ' }))).toBe(true);
    expect(sameQuestion({ ...DEFAULT_QUERY, q: 'atta' }, { ...DEFAULT_QUERY, q: 'attas' })).toBe(false);
  });

  it('counts the filters set and says what the list shows', () => {
    expect(activeFilters(DEFAULT_QUERY)).toBe(0);
    expect(activeFilters({ ...DEFAULT_QUERY, q: 'atta', brand: '2', low: true })).toBe(2);
    expect(listCaption(1204, DEFAULT_QUERY)).toBe('1,204 products');
    expect(listCaption(1, { ...DEFAULT_QUERY, q: 'atta' })).toBe('1 product matches “atta”');
    expect(listCaption(3, { ...DEFAULT_QUERY, category: '3', status: 'hidden', low: true }, { category: 'Staples' })).toBe('3 products, in Staples, hidden, low on stock');
  });
});
