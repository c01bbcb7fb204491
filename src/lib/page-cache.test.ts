import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, pageKey, pageStore } from './page-cache';

const page = (generation: number, text: string) => ({ generation, status: 200, headers: [['content-type', 'text/html']] as [string, string][], body: new TextEncoder().encode(text) });
const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the page store', () => {
  it('serves a page only at the generation it was rendered at, and forgets it after', () => {
    const store = pageStore({ maxBytes: 1e6, maxEntries: 10, maxPageBytes: 1e5, ttlMs: 60_000 });
    store.set('/products', page(7, 'old price'));
    expect(textOf(store.get('/products', 7)!.body)).toBe('old price');
    expect(store.get('/products', 8)).toBeUndefined();
    // Forgotten, not kept for a generation that might come back.
    expect(store.get('/products', 7)).toBeUndefined();
    expect(store.stats().entries).toBe(0);
  });

  it('serves a page no longer than its time to live', () => {
    let now = 1_000;
    const store = pageStore({ maxBytes: 1e6, maxEntries: 10, maxPageBytes: 1e5, ttlMs: 60_000, now: () => now });
    store.set('/', page(1, 'home'));
    now += 59_999;
    expect(store.get('/', 1)).toBeDefined();
    now += 1;
    expect(store.get('/', 1)).toBeUndefined();
  });

  it('keeps at most its entries and bytes, letting the least recently used go first', () => {
    const store = pageStore({ maxBytes: 1e6, maxEntries: 3, maxPageBytes: 1e5, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c']) store.set(key, page(1, key));
    store.get('a', 1); // a is used again: b is now the oldest
    store.set('d', page(1, 'd'));
    expect(store.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => textOf(store.get(key, 1)!.body))).toEqual(['a', 'c', 'd']);

    const small = pageStore({ maxBytes: 3 * (1000 + 512), maxEntries: 100, maxPageBytes: 1e5, ttlMs: 60_000 });
    for (let i = 0; i < 10; i++) small.set(`p${i}`, page(1, 'x'.repeat(1000)));
    expect(small.stats().entries).toBe(3);
    expect(small.stats().bytes).toBeLessThanOrEqual(3 * 1512);
  });

  it('does not keep a page over its size limit, nor anything when it has no bytes', () => {
    expect(pageStore({ maxBytes: 1e6, maxEntries: 10, maxPageBytes: 10, ttlMs: 60_000 }).set('/', page(1, 'eleven char'))).toBe(false);
    expect(pageStore({ maxBytes: 0, maxEntries: 10, maxPageBytes: 1e5, ttlMs: 60_000 }).set('/', page(1, 'a'))).toBe(false);
  });

  it('compresses a page once per encoding, counting the bytes', () => {
    const store = pageStore({ maxBytes: 1e6, maxEntries: 10, maxPageBytes: 1e5, ttlMs: 60_000 });
    store.set('/', page(1, 'ऑफ़र '.repeat(200)));
    const kept = store.get('/', 1)!;
    const before = store.stats().bytes;
    const gzip = store.encode('/', kept, 'gzip');
    expect(store.encode('/', kept, 'gzip')).toBe(gzip);
    expect(textOf(gunzipSync(gzip))).toBe('ऑफ़र '.repeat(200));
    expect(textOf(brotliDecompressSync(store.encode('/', kept, 'br')))).toBe('ऑफ़र '.repeat(200));
    expect(store.stats().bytes).toBeGreaterThan(before);
  });
});

describe('the encoding answered', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    // A coding refused by name stays refused when '*' takes the rest (RFC 9110, 12.5.3).
    ['gzip;q=0, *', 'br'],
    ['gzip;q=0, br;q=0, *;q=1', undefined],
    [null, undefined],
  ])('for Accept-Encoding %s is %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('the key of a page', () => {
  it('is the whole address, host and query included, or none when too long', () => {
    expect(pageKey(new URL('http://shop2.localhost:4321/products?c=dal&page=2'), 'en')).toBe('http://shop2.localhost:4321/products?c=dal&page=2');
    // The Hindi page is rendered by the same route at the unprefixed address: its key is the address it was asked at.
    expect(pageKey(new URL('http://shop2.localhost:4321/products?c=dal'), 'hi')).toBe('http://shop2.localhost:4321/hi/products?c=dal');
    expect(pageKey(new URL('http://localhost/'), 'hi')).toBe('http://localhost/hi');
    expect(pageKey(new URL('http://localhost/products'), 'en', { host: 'shop.example.in, proxy.internal', proto: 'https' })).toBe('https://shop.example.in/products');
    expect(pageKey(new URL(`http://localhost/products?q=${'a'.repeat(1100)}`), 'en')).toBeUndefined();
  });
});
