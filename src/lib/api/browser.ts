import { ORIGIN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../contract/session';
import { createApiClient, type Send } from './client';

interface BrowserParts {
  fetch: typeof fetch;
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
 * Same-origin calls under /s/api with credentials and the page origin; before a non-GET call with no
 * anti-forgery cookie it fetches one from /api/cookie, then echoes it in the header (spec section 7).
 */
export function browserSend({ fetch, cookies, origin }: BrowserParts): Send {
  return async (path, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    headers.set(ORIGIN_HEADER, origin);
    if (method !== 'GET') {
      if (!readCookie(cookies(), XSRF_COOKIE)) await fetch('/s/api/cookie', { credentials: 'include', headers: { [ORIGIN_HEADER]: origin } });
      headers.set(XSRF_HEADER, decodeURIComponent(readCookie(cookies(), XSRF_COOKIE) ?? ''));
    }
    return fetch(`/s/api${path}`, { ...init, headers, credentials: 'include' });
  };
}

/** The API client for islands. */
export const api = () =>
  createApiClient(browserSend({ fetch: globalThis.fetch.bind(globalThis), cookies: () => document.cookie, origin: location.origin }));
