import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $catalogueSearch } from './order-for-customer';
import { client, seed } from './order-for-customer-kit';
import { searchProducts, searchUrl, typeSearch } from './order-for-customer-search';

describe('ordering for a customer: what the page shows', () => {
  it('keeps the search in the page’s address', () => {
    expect(searchUrl('/x/order', '  toor dal ', 2)).toBe('/x/order?q=toor+dal&page=2');
    expect(searchUrl('/x/order', '', 1)).toBe('/x/order');
  });
});

describe('ordering for a customer: the catalogue search', () => {
  beforeEach(() => {
    seed();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('searches once typing pauses, for the last text typed', async () => {
    const { api, calls } = client({ products: async () => ({ data: [{ product_id: 1 }], meta: { total: 1 } }) });
    typeSearch(api, 'to');
    typeSearch(api, 'toor');
    expect($catalogueSearch.get().q).toBe('toor');
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toEqual([{ name: 'products', args: [{ q: 'toor', page: 1, perPage: 8 }] }]);
    expect($catalogueSearch.get()).toMatchObject({ busy: false, total: 1, results: [{ product_id: 1 }] });
  });

  it('drops an answer that arrives after a newer search’s', async () => {
    const answers: ((v: unknown) => void)[] = [];
    const { api } = client({ products: () => new Promise((r) => answers.push(r)) });
    const older = searchProducts(api, 'atta');
    const newer = searchProducts(api, 'dal');
    answers[1]!({ data: [{ product_id: 2 }], meta: { total: 1 } });
    answers[0]!({ data: [{ product_id: 1 }], meta: { total: 1 } });
    await Promise.all([older, newer]);
    expect($catalogueSearch.get()).toMatchObject({ q: 'dal', results: [{ product_id: 2 }] });
  });
});
