import { defineMiddleware, sequence } from 'astro:middleware';
import { serverApi } from './lib/api/server';
import { takeFlash } from './lib/flash';
import { guard } from './lib/guards';
import { pageHeaders } from './lib/page-headers';

/** Paths served without the shell: the API, built assets, the analytics proxy, the cart's form posts. */
const isBare = (path: string) =>
  path === '/s' || ['/s/', '/_astro/', '/_image', '/ingest/', '/cart/', '/wishlist/', '/webui/'].some((prefix) => path.startsWith(prefix));

/**
 * For every page: one init call (website by host, the visitor's session, cart and user) before rendering,
 * then the route guards (lib/guards.ts) on the server, before anything renders; any cookie the API set is
 * passed on to the browser. Init is critical data: without it there is no shell, so a failure answers a
 * plain 503 page rather than a broken one.
 */
const shell = defineMiddleware(async (context, next) => {
  if (isBare(context.url.pathname)) return next();
  const api = serverApi(context.request, context.clientAddress);
  context.locals.api = api;
  try {
    context.locals.init = await api.init();
  } catch (error) {
    console.error('[storefront] init failed:', error);
    return unavailable();
  }
  const verdict = guard(context.url.pathname, context.url.pathname + context.url.search, context.locals.init.user);
  if (verdict && 'badRequest' in verdict) return withCookies(await context.rewrite('/400'), api.setCookies);
  if (verdict && 'redirect' in verdict) return withCookies(new Response(null, { status: 303, headers: { location: verdict.redirect } }), api.setCookies);
  context.locals.flash = takeFlash(context.cookies);
  const response = verdict && 'forbidden' in verdict ? await context.rewrite('/403') : await next();
  return withCookies(response, api.setCookies);
});

/** Security and caching headers (lib/page-headers.ts) around everything the shell answers. */
export const onRequest = sequence(pageHeaders, shell);

function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

function unavailable(): Response {
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back soon</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>We'll be right back</h1><p>The shop is not answering just now. Please try again in a minute.</p><p><a href="">Try again</a></p></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '30' } });
}
