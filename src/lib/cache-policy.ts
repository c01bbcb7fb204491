import { parseCookie } from 'cookie';
import { sessionCookieName, XSRF_COOKIE } from '../contract/constants';
import { FLASH_COOKIE } from './flash';

/**
 * Who may keep a page: the one place that decides every HTML answer's Cache-Control (lib/page-headers.ts applies
 * it). A page is shared only when its route says it is the same for every visitor without a session (catalogue
 * and content pages call `shareable` with their surrogate keys), the request carries none of the cookies a page
 * reads, and the answer is a plain 200 that sets no cookie. Everything else is private and never stored.
 */

/** A CDN may keep the page 60 s and serve it stale for 10 minutes more while it fetches a fresh one. */
export const SHARED = 'public, s-maxage=60, stale-while-revalidate=600';
/** Never stored, by a CDN or by the browser. */
export const PRIVATE = 'private, no-store';
/** The answer depends on the Cookie header: a cache must not give the anonymous copy to a request with a session. */
export const VARY = 'Cookie';

/** The cookies a page reads when it renders: the session (both names), its anti-forgery token, a one-time message. */
const VISITOR_COOKIES: readonly string[] = [sessionCookieName(false), sessionCookieName(true), XSRF_COOKIE, FLASH_COOKIE];

/** The surrogate keys of shared pages, one vocabulary for the pages that send them and for whoever purges. */
export const surrogateKey = {
  /** Every shared page of a website (after a theme, menu, settings or popup change). */
  website: (websiteId: number) => `website-${websiteId}`,
  /** The content page published at a URL of a website ('/' is home). */
  page: (websiteId: number, url: string) => (url === '/' ? `website-${websiteId}-home` : `website-${websiteId}-page-${url.replace(/^\/+/, '').replaceAll('/', '-')}`),
  /** Every /products listing of a website, whatever its filters, search or page. */
  listing: (websiteId: number) => `website-${websiteId}-listing`,
  /** A product's own page and every shared page that shows its card, on every website. */
  product: (productId: number) => `product-${productId}`,
};

/** Where a shareable page keeps its keys until the answer's headers are decided. */
export interface CacheLocals {
  surrogateKeys?: string[];
}

/** Called by a catalogue or content page: it is the same for every visitor without a session, under these keys. */
export function shareable(locals: CacheLocals, keys: string[]): void {
  locals.surrogateKeys = [...new Set(keys)];
}

/** True when a Cookie header carries any cookie a page reads. */
export function hasVisitorCookie(cookieHeader: string | null): boolean {
  const cookies = parseCookie(cookieHeader ?? '');
  return VISITOR_COOKIES.some((name) => cookies[name] !== undefined);
}

/** True when a Cookie header carries a one-time message (lib/flash.ts) for the page. */
export function hasFlashCookie(cookieHeader: string | null): boolean {
  return parseCookie(cookieHeader ?? '')[FLASH_COOKIE] !== undefined;
}

export interface PageAnswer {
  method: string;
  status: number;
  /** The request's Cookie header. */
  cookieHeader: string | null;
  /** Whether the answer sets or deletes any cookie (from the API or from Astro's cookies). */
  setsCookie: boolean;
  /** The keys the page gave `shareable`; undefined when it did not call it. */
  surrogateKeys: string[] | undefined;
}

/** The caching headers of a page's answer: shared with its keys, or private. */
export function pageCaching(answer: PageAnswer): { cacheControl: string; surrogateKeys: string[] } {
  const shared =
    answer.surrogateKeys !== undefined &&
    (answer.method === 'GET' || answer.method === 'HEAD') &&
    answer.status === 200 &&
    !answer.setsCookie &&
    !hasVisitorCookie(answer.cookieHeader);
  return shared ? { cacheControl: SHARED, surrogateKeys: answer.surrogateKeys! } : { cacheControl: PRIVATE, surrogateKeys: [] };
}

/** The products a content page's blocks show (product carousels and grids carry them as their response). */
export function blockProductIds(blocks: { response?: unknown }[]): number[] {
  return blocks.flatMap((block) =>
    Array.isArray(block.response) ? block.response.flatMap((item: { product_id?: unknown } | null) => (typeof item?.product_id === 'number' ? [item.product_id] : [])) : [],
  );
}
