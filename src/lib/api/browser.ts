import { ORIGIN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../contract/constants';
import { createApiClient, type CheckAnswer, type Send } from './client';

interface BrowserParts {
  fetch: typeof fetch;
  /** The page's language (`<html lang>`: en-IN, hi-IN), which the API answers in. */
  lang?: string;
  /** The page's cookies, as document.cookie gives them. */
  cookies: () => string;
  origin: string;
}

const readCookie = (cookies: string, name: string) =>
  cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * Same-origin calls under /s/api with credentials, the page origin and the page's language; before a non-GET call with no
 * anti-forgery cookie it fetches one from /api/cookie, then echoes it in the header (docs/product.md#common-rules).
 */
export function browserSend({ fetch, cookies, origin, lang }: BrowserParts): Send {
  return async (path, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    headers.set(ORIGIN_HEADER, origin);
    if (lang) headers.set('accept-language', lang);
    if (method !== 'GET') {
      if (!readCookie(cookies(), XSRF_COOKIE)) await fetch('/s/api/cookie', { credentials: 'include', headers: { [ORIGIN_HEADER]: origin } });
      headers.set(XSRF_HEADER, decodeURIComponent(readCookie(cookies(), XSRF_COOKIE) ?? ''));
    }
    return fetch(`/s/api${path}`, { ...init, headers, credentials: 'include' });
  };
}

/**
 * The islands' check of an answer: a JSON object, typed by the contract. Parsing it with the contract's zod
 * schema here would ship zod and every schema (about 29 KB gzipped) to a page whose whole interactive budget is
 * 85 KB; the shape is held on the API's side instead: the server parses every answer it renders with the
 * contract, and the API tests parse each call's answer with it. What this catches is an answer that is no
 * answer of the API at all (a proxy's page, a bare string or list).
 */
export const isJsonObject: CheckAnswer = (name, body) =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? { ok: true, data: body }
    : { ok: false, issues: [`expected ${name} as a JSON object`] };

/** How islands send calls: this page's fetch, cookies and origin. */
export const pageSend = () => browserSend({ fetch: globalThis.fetch.bind(globalThis), cookies: () => document.cookie, origin: location.origin, lang: document.documentElement.lang });

/** The API client for islands. */
export const api = () => createApiClient(pageSend(), isJsonObject);
