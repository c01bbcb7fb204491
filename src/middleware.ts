import { defineMiddleware, sequence } from 'astro:middleware';
import { ApiCallError } from './lib/api/client';
import { pageGeneration, serverApi } from './lib/api/server';
import { hasVisitorCookie, SHARED } from './lib/cache-policy';
import { shopperAddress } from './lib/client-address';
import { chooseEncoding, pageKey, pageStore } from './lib/page-cache';
import { takeFlash } from './lib/flash';
import { isCrawlerFile } from './lib/crawler-files';
import { guard } from './lib/guards';
import { isMissingFile, missingFile } from './lib/missing-files';
import { pageHeaders } from './lib/page-headers';
import { pageRequestIds } from './lib/request-id';
import { isUnavailable, rememberShell, whileUnavailable } from './lib/unavailable';
import { forwardToApi } from './server/for-pages';

/** Paths served without the shell: the API, built assets, the analytics proxy, the cart's form posts, crawler files, media files. */
const isBare = (path: string) =>
  path === '/s' || path === '/healthz' || path === '/readyz' || isCrawlerFile(path) || ['/s/', '/_astro/', '/_image', '/ingest/', '/cart/', '/wishlist/', '/webui/', '/media/'].some((prefix) => path.startsWith(prefix));

/**
 * For every page: one init call (website by host, the visitor's session, cart and user) before rendering,
 * then the route guards (lib/guards.ts) on the server, before anything renders; any cookie the API set is
 * passed on to the browser. Init is critical data: while it fails, lib/unavailable.ts answers (a cached
 * content page, stale, or the themed 503 page) rather than a broken page.
 */
const shell = defineMiddleware(async (context, next) => {
  const path = context.url.pathname;
  // Only the catch-all page matched: a missing file (/_astro/nope.js), or a bare path no route has. A plain 404,
  // never the shop's page (which a bare path could not even render: it has no shell).
  if (isMissingFile(path, context.routePattern) || (isBare(path) && context.routePattern === '/[...slug]')) return missingFile();
  // The way to the API for every client this request makes (the form posts' and the 503 page's too).
  context.locals.forwardToApi = forwardToApi;
  if (isBare(path)) return next();
  const api = serverApi(context.request, forwardToApi, shopperAddress(context));
  context.locals.api = api;
  try {
    context.locals.init = await api.init();
  } catch (error) {
    return whileUnavailable(context, next, error);
  }
  rememberShell(context.url.host, context.locals.init);
  const verdict = guard(context.url.pathname, context.url.pathname + context.url.search, context.locals.init.user);
  if (verdict && 'badRequest' in verdict) return withCookies(await context.rewrite('/400'), api.setCookies);
  if (verdict && 'redirect' in verdict) return withCookies(new Response(null, { status: 303, headers: { location: verdict.redirect } }), api.setCookies);
  context.locals.flash = takeFlash(context.cookies);
  const response = verdict && 'forbidden' in verdict ? await context.rewrite('/403') : await next().catch((error) => {
    if (isUnavailable(error)) return whileUnavailable(context, next, error);
    // The API refused what the address carried (a search with a control character, docs/security.md): the
    // address is not valid, which the themed 400 page says, rather than an error page.
    if (error instanceof ApiCallError && error.status === 400) return context.rewrite('/400');
    throw error;
  });
  return withCookies(response, api.setCookies);
});

/** PAGE_CACHE_MB (default 32) of shared pages per process; 0 keeps none. */
const pageCacheMb = Math.max(0, Number(process.env.PAGE_CACHE_MB ?? 32) || 0);
const pages = pageStore({ maxBytes: pageCacheMb * 1024 * 1024, maxEntries: 2000, maxPageBytes: 1024 * 1024, ttlMs: 60_000 });

/**
 * Shared pages from memory (lib/page-cache.ts): a GET without the shop's cookies is answered with the page kept for
 * its address while the page generation is unchanged; otherwise the page is rendered and, if it came out shared
 * (Cache-Control SHARED, no cookie), kept. The generation is read before rendering, so a change committed during
 * a render leaves a page that is not served again. X-Page-Cache says which it was.
 */
const cachedPages = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  if (pageCacheMb === 0 || request.method !== 'GET' || isBare(url.pathname) || hasVisitorCookie(request.headers.get('cookie'))) return next();
  const trusted = process.env.TRUST_PROXY === 'true';
  const key = pageKey(url, trusted ? { host: request.headers.get('x-forwarded-host'), proto: request.headers.get('x-forwarded-proto') } : {});
  const generation = key ? await pageGeneration(request, forwardToApi) : null;
  if (!key || generation === null) return next();
  const kept = pages.get(key, generation);
  if (kept) {
    const headers = new Headers(kept.headers);
    headers.set('X-Page-Cache', 'hit');
    headers.append('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers.get('accept-encoding'));
    if (!encoding) return new Response(kept.body, { status: kept.status, headers });
    headers.set('Content-Encoding', encoding);
    return new Response(pages.encode(key, kept, encoding), { status: kept.status, headers });
  }
  const response = await next();
  if (response.status !== 200 || response.headers.get('cache-control') !== SHARED || response.headers.has('set-cookie') || response.headers.has('content-encoding')) {
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'x-page-cache');
  pages.set(key, { generation, status: response.status, headers, body });
  const answer = new Response(body, { status: response.status, headers });
  answer.headers.set('X-Page-Cache', 'miss');
  return answer;
});

/**
 * The request's id around everything (lib/request-id.ts), then shared pages from memory, then security and caching
 * headers (lib/page-headers.ts) around everything the shell answers.
 */
export const onRequest = sequence(pageRequestIds, cachedPages, pageHeaders, shell);

function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}
