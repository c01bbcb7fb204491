import { defineMiddleware, sequence } from 'astro:middleware';
import { serverApi } from './lib/api/server';
import { takeFlash } from './lib/flash';
import { isCrawlerFile } from './lib/crawler-files';
import { guard } from './lib/guards';
import { isMissingFile, missingFile } from './lib/missing-files';
import { pageHeaders } from './lib/page-headers';
import { isUnavailable, rememberShell, whileUnavailable } from './lib/unavailable';

/** Paths served without the shell: the API, built assets, the analytics proxy, the cart's form posts, crawler files. */
const isBare = (path: string) =>
  path === '/s' || path === '/healthz' || path === '/readyz' || isCrawlerFile(path) || ['/s/', '/_astro/', '/_image', '/ingest/', '/cart/', '/wishlist/', '/webui/'].some((prefix) => path.startsWith(prefix));

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
  if (isBare(path)) return next();
  const api = serverApi(context.request, context.clientAddress);
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
    throw error;
  });
  return withCookies(response, api.setCookies);
});

/** Security and caching headers (lib/page-headers.ts) around everything the shell answers. */
export const onRequest = sequence(pageHeaders, shell);

function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}
