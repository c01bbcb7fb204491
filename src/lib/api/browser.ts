import { ORIGIN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../contract/session';
import { createApiClient } from './client';

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * The API client for islands: same-origin calls under /s/api with credentials and the page origin; before a
 * non-GET call with no anti-forgery cookie it fetches one from /api/cookie (spec section 7).
 */
export const api = createApiClient(async (path, init) => {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  headers.set(ORIGIN_HEADER, location.origin);
  if (method !== 'GET') {
    if (!readCookie(XSRF_COOKIE)) await fetch('/s/api/cookie', { credentials: 'include' });
    headers.set(XSRF_HEADER, decodeURIComponent(readCookie(XSRF_COOKIE) ?? ''));
  }
  return fetch(`/s/api${path}`, { ...init, headers, credentials: 'include' });
});
