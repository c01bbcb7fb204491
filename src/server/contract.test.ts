import { describe, expect, it } from 'vitest';
import { CALLS } from '../contract';
import { createApp } from './app';
import { readConfig } from './config';
import type { Deps } from './env';

/** The call table of docs/product.md#the-calls, as written there. */
const SPEC_CALLS = [
  'GET /api/init', 'GET /api/auth/logout', 'GET /api/check/pincode/{pincode}', 'GET /api/products', 'GET /api/products/{slug}',
  'POST /api/cart/add', 'POST /api/cart/remove', 'GET /api/cart', 'POST /api/apply/coupon', 'GET /api/remove/coupon',
  'POST /api/order/create', 'POST /api/order/cancel/{id}', 'POST /api/webui/create', 'POST /api/wishlist/update',
  'GET /api/wishlist', 'POST /api/wishlistCategory', 'GET /api/page/data{path}', 'GET /api/cookie',
];

describe('the contract', () => {
  it('has request and answer schemas for every call docs/product.md lists', () => {
    expect(Object.keys(CALLS)).toEqual(expect.arrayContaining(SPEC_CALLS));
  });

  it('names every call the API implements, with the same method and path', () => {
    const doc = createApp({ config: readConfig({}) } as Deps).getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    const implemented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path.replace('/s/api', '/api')}`),
    );
    expect(implemented.length).toBeGreaterThan(0);
    // docs/product.md writes the page call as /api/page/data{path}; the API answers it at /page/data and /page/data/{path}.
    const named = (call: string) => call.replace(/^GET \/api\/page\/data(\/\{path\})?$/, 'GET /api/page/data{path}');
    for (const call of implemented) expect(Object.keys(CALLS)).toContain(named(call));
  });
});
