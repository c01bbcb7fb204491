import { describe, expect, it } from 'vitest';
import { blockProductIds, hasVisitorCookie, pageCaching, PRIVATE, SHARED, surrogateKey } from './cache-policy';

const anonymous = { method: 'GET', status: 200, cookieHeader: null, setsCookie: false, surrogateKeys: ['website-1', 'product-7'] };

describe('who may keep a page', () => {
  it('shares a page that declared its keys, for a GET or HEAD without the shop’s cookies, with its keys', () => {
    expect(pageCaching(anonymous)).toEqual({ cacheControl: SHARED, surrogateKeys: ['website-1', 'product-7'] });
    expect(pageCaching({ ...anonymous, method: 'HEAD' }).cacheControl).toBe(SHARED);
    expect(SHARED).toBe('public, s-maxage=60, stale-while-revalidate=600');
    // Cookies the shop does not read (analytics, a CDN's own) leave the page shared.
    expect(pageCaching({ ...anonymous, cookieHeader: 'ph_abc_posthog=%7B%7D; __cf_bm=xyz' }).cacheControl).toBe(SHARED);
  });

  it('keeps private a page that did not declare keys (account, checkout, cart, sign-in, 404 and 403 pages)', () => {
    expect(pageCaching({ ...anonymous, surrogateKeys: undefined })).toEqual({ cacheControl: PRIVATE, surrogateKeys: [] });
    expect(PRIVATE).toBe('private, no-store');
  });

  it('keeps private a request with a session, its token or a one-time message, whatever else it carries', () => {
    for (const cookieHeader of ['sid=abc', '__Host-sid=abc', 'XSRF-TOKEN=t', 'flash=%7B%7D', 'a=1; sid=abc', ' theme=x ;  XSRF-TOKEN=t']) {
      expect(pageCaching({ ...anonymous, cookieHeader }).cacheControl, cookieHeader).toBe(PRIVATE);
    }
  });

  it('keeps private an answer that sets a cookie, is not a 200, or answers another method', () => {
    expect(pageCaching({ ...anonymous, setsCookie: true }).cacheControl).toBe(PRIVATE);
    for (const status of [404, 403, 400, 500, 503, 303]) expect(pageCaching({ ...anonymous, status }).cacheControl, String(status)).toBe(PRIVATE);
    expect(pageCaching({ ...anonymous, method: 'POST' }).cacheControl).toBe(PRIVATE);
  });

  it('reads cookie names exactly', () => {
    expect(hasVisitorCookie('sidebar=1; mysid=2; flashy=3')).toBe(false);
    expect(hasVisitorCookie('')).toBe(false);
    expect(hasVisitorCookie('sidebar=1; sid=2')).toBe(true);
  });
});

describe('surrogate keys', () => {
  it('names a website, its home, its content pages, its listings and a product', () => {
    expect(surrogateKey.website(3)).toBe('website-3');
    expect(surrogateKey.page(3, '/')).toBe('website-3-home');
    expect(surrogateKey.page(3, '/festive-offers')).toBe('website-3-page-festive-offers');
    expect(surrogateKey.page(3, '/home')).not.toBe(surrogateKey.page(3, '/'));
    expect(surrogateKey.listing(3)).toBe('website-3-listing');
    expect(surrogateKey.product(42)).toBe('product-42');
  });

  it('finds the products a content page’s blocks show, and nothing in other blocks', () => {
    const blocks = [
      { response: [{ product_id: 4 }, { product_id: 9 }] },
      { response: [{ name: 'Dairy', slug: 'dairy' }] },
      { response: undefined },
      { response: { product_id: 5 } },
      { response: [null, { product_id: '6' }, { product_id: 11 }] },
    ];
    expect(blockProductIds(blocks)).toEqual([4, 9, 11]);
  });
});
