import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { ApiCallError } from './lib/api/client';
import { pageGeneration, serverApi } from './lib/api/server';
import { asksDeliverable } from './lib/listing';
import { hasFlashCookie, hasVisitorCookie, PRIVATE, SHARED } from './lib/cache-policy';
import { shopperAddress } from './lib/client-address';
import { chooseEncoding, encodeFast, encodeOnce, pageKey, pageStore, partsStore, utf8, type CachedPage, type KeptSplit } from './lib/page-cache';
import { readParts, splitPage } from './lib/personal-page';
import { takeFlash } from './lib/flash';
import { isCrawlerFile } from './lib/crawler-files';
import { guard } from './lib/guards';
import { isMissingFile, missingFile } from './lib/missing-files';
import { pageHeaders } from './lib/page-headers';
import { pageRequestIds } from './lib/request-id';
import { isUnavailable, rememberShell, whileUnavailable } from './lib/unavailable';
import { forwardToApi } from './server/for-pages';
import { language } from './lib/i18n/middleware';
import { localizePath } from './lib/i18n/locales';

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
  // The page cache may have read init already (a shopper's request for a kept page, below): read once.
  const api = (context.locals.api ??= serverApi(context.request, forwardToApi, shopperAddress(context), context.locals.locale));
  try {
    context.locals.init ??= await api.init();
  } catch (error) {
    return whileUnavailable(context, next, error);
  }
  rememberShell(context.url.host, context.locals.init);
  // The page as the shopper asked for it (/hi/… in Hindi): where sign-in sends them back to.
  const verdict = guard(context.url.pathname, context.locals.localize(context.url.pathname + context.url.search), context.locals.init.user);
  // The error pages in the page's language: a rewrite passes through the middleware again, the language's too.
  if (verdict && 'badRequest' in verdict) return withCookies(await context.rewrite(context.locals.localize('/400')), api.setCookies);
  if (verdict && 'redirect' in verdict) return withCookies(new Response(null, { status: 303, headers: { location: context.locals.localize(verdict.redirect) } }), api.setCookies);
  context.locals.flash = takeFlash(context.cookies);
  const response = verdict && 'forbidden' in verdict ? await context.rewrite(context.locals.localize('/403')) : await next().catch((error) => {
    if (isUnavailable(error)) return whileUnavailable(context, next, error);
    // The API refused what the address carried (a search with a control character, docs/security.md): the
    // address is not valid, which the themed 400 page says, rather than an error page.
    if (error instanceof ApiCallError && error.status === 400) return context.rewrite(context.locals.localize('/400'));
    throw error;
  });
  return withCookies(response, api.setCookies);
});

/** PAGE_CACHE_MB (default 32) of shared pages per process; 0 keeps none. */
const pageCacheMb = Math.max(0, Number(process.env.PAGE_CACHE_MB ?? 32) || 0);
const pages = pageStore({ maxBytes: pageCacheMb * 1024 * 1024, maxEntries: 2000, maxPageBytes: 1024 * 1024, ttlMs: 60_000 });
/** Shoppers' personal parts: a quarter of PAGE_CACHE_MB, 30 s at most (lib/page-cache.ts: partsStore). */
const personalParts = partsStore({ maxBytes: (pageCacheMb * 1024 * 1024) / 4, maxEntries: 4000, ttlMs: 30_000 });

/**
 * Shared pages from memory (lib/page-cache.ts): a GET without the shop's cookies is answered with the page kept for
 * its address while the page generation is unchanged; otherwise the page is rendered and, if it came out shared
 * (Cache-Control SHARED, no cookie), kept, split at its personal parts (lib/personal-page.ts). A GET with a session
 * gets the same kept page with its personal parts drawn for the shopper (`personalPage`). The generation is read
 * before rendering, so a change committed during a render leaves a page that is not served again. X-Page-Cache
 * says which it was: hit, miss, or personal.
 */
const cachedPages = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  if (pageCacheMb === 0 || request.method !== 'GET' || isBare(url.pathname)) return next();
  const cookies = request.headers.get('cookie');
  const session = hasVisitorCookie(cookies);
  // A one-time message is for this page view alone: such a page is drawn whole. A route that is never shared
  // (checkout, the account, the back office) asks for no personal state.
  if (session && (hasFlashCookie(cookies) || !SHARED_ROUTES.has(context.routePattern))) return next();
  const trusted = process.env.TRUST_PROXY === 'true';
  const key = pageKey(url, context.locals.locale, trusted ? { host: request.headers.get('x-forwarded-host'), proto: request.headers.get('x-forwarded-proto') } : {});
  const state = key ? await pageGeneration(request, forwardToApi, { session }) : null;
  if (!key || !state) return next();
  const { generation, personal } = state;
  if (session) {
    // A shopper's pincode shows in personal parts (the delivery promises, the pincode's button and form, the
    // "Deliverable to" filter); only a listing of what is delivered to it (?deliverable=1) is not the kept page: drawn whole.
    const ownListing = personal?.pincode != null && context.routePattern === '/products' && asksDeliverable(url.searchParams);
    if (!personal || ownListing) return next();
    const original = context.request;
    // The kept page is of the website the host names; a super administrator may have switched to another.
    const theirs = (page: CachedPage | undefined): page is CachedPage => page?.split !== undefined && page.websiteId === personal.website;
    let kept = pages.get(key, generation);
    // Not kept yet (a change raised the generation, or no visitor came since): the page is drawn for a visitor
    // once, kept, and this shopper's parts set into it; a page that turns out not to be shared is drawn for them whole.
    if (!kept?.split) {
      // One render a page at a time: the shoppers who ask meanwhile wait for it rather than render it too.
      const pending = visitorRenders.get(`${key}\n${generation}`);
      if (pending) {
        kept = await pending;
        if (!theirs(kept)) return next();
      } else {
        const headers = new Headers(original.headers);
        headers.delete('cookie');
        const rendering = next(new Request(original.url, { headers })).then(async (response) => (await keepShared(context, key, generation, response)).kept);
        visitorRenders.set(`${key}\n${generation}`, rendering);
        try {
          kept = await rendering;
        } finally {
          visitorRenders.delete(`${key}\n${generation}`);
        }
        delete (context.locals as Partial<App.Locals>).init;
        delete (context.locals as Partial<App.Locals>).api;
        if (!theirs(kept)) return next(original);
      }
    }
    if (!theirs(kept)) return next();
    return personalPage(context, next, original, kept, `${key}\n${generation}\n${personal.version}`, state.setCookies);
  }
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
  return (await keepShared(context, key, generation, await next())).answer;
});

/** Pages being rendered for a visitor on behalf of a shopper with a session, by address and generation (one each). */
const visitorRenders = new Map<string, Promise<CachedPage | undefined>>();

/** The routes whose pages may be shared (they call `shareable`): home, the listing, a product, a content page. */
const SHARED_ROUTES = new Set(['/', '/products', '/products/[slug]', '/[...slug]']);

/**
 * Keeps a page rendered for a visitor if it came out shared (Cache-Control SHARED, a 200 that sets no cookie),
 * split at its personal parts; answers it (X-Page-Cache: miss) and what was kept, or the response itself when not.
 */
async function keepShared(context: APIContext, key: string, generation: number, response: Response): Promise<{ answer: Response; kept?: CachedPage }> {
  if (response.status !== 200 || response.headers.get('cache-control') !== SHARED || response.headers.has('set-cookie') || response.headers.has('content-encoding')) {
    return { answer: response };
  }
  const html = await response.text();
  const split = splitPage(html, context.locals.personalParts ?? []);
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'x-page-cache');
  if (!split) return { answer: new Response(html, { status: response.status, headers }) };
  const pieces: KeptSplit = { segments: split.segments.map(utf8), holes: split.holes.map(({ part, html: visitor }) => ({ part, visitor: utf8(visitor) })) };
  const body = new Uint8Array(Buffer.concat(joined(pieces)));
  const kept = { generation, status: response.status, headers, body, split: pieces, websiteId: context.locals.init?.web.id };
  pages.set(key, kept);
  const answer = new Response(body, { status: response.status, headers });
  answer.headers.set('X-Page-Cache', 'miss');
  return { answer, kept: { ...kept, at: Date.now() } };
}

/**
 * A kept page for a shopper with a session (docs/scaling-and-caching.md#personal-parts): the parts of the page that
 * differ for this shopper, kept from their last page view while their personal state and the page generation are
 * unchanged (`partsKey`), else drawn in one small render (pages/personal-parts.astro; init read once, the shell
 * reuses it), set into the kept page and answered private, compressed fast. When init fails the page is drawn whole
 * (the shell then answers as it does while the API is away). X-Page-Cache: personal; Server-Timing: how long the
 * parts took (0 when kept).
 */
async function personalPage(context: APIContext, next: MiddlewareNext, shopper: Request, kept: CachedPage, partsKey: string, setCookies: string[]): Promise<Response> {
  const started = performance.now();
  const split = kept.split!;
  let parts = personalParts.get(partsKey);
  const cookies = [...setCookies];
  if (!parts) {
    const api = (context.locals.api = serverApi(shopper, forwardToApi, shopperAddress(context), context.locals.locale));
    try {
      context.locals.init = await api.init();
    } catch {
      return next();
    }
    context.locals.personalRender = { parts: split.holes.map((hole) => hole.part), pagePath: localizePath(context.url.pathname + context.url.search, context.locals.locale) };
    const drawn = await next('/personal-parts');
    if (drawn.status !== 200) return drawn;
    parts = new Map([...readParts(await drawn.text())].map(([index, html]) => [index, utf8(html)]));
    cookies.push(...drawn.headers.getSetCookie());
    personalParts.set(partsKey, parts);
  }
  const text = Buffer.concat(joined(split, parts));
  const headers = new Headers(kept.headers);
  headers.set('Cache-Control', PRIVATE);
  headers.delete('Surrogate-Key');
  headers.delete('Cache-Tag');
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  headers.set('X-Page-Cache', 'personal');
  headers.append('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(context.request.headers.get('accept-encoding'));
  if (encoding) headers.set('Content-Encoding', encoding);
  const body = encoding ? encodeFast(text, encoding) : text;
  headers.set('Server-Timing', `parts;dur=${(performance.now() - started).toFixed(1)}`);
  return new Response(new Uint8Array(body), { status: kept.status, headers });
}

/** A split page's pieces in order, each part as `drawn` has it, else as a visitor sees it. */
function joined(split: KeptSplit, drawn = new Map<number, Uint8Array>()): Uint8Array[] {
  const pieces = [split.segments[0]!];
  split.holes.forEach((hole, index) => pieces.push(drawn.get(index) ?? hole.visitor, split.segments[index + 1]!));
  return pieces;
}

/**
 * A page drawn for this request alone goes out compressed in one call from its finished text (lib/page-cache.ts:
 * encodeOnce), rather than through the `compression` stream of scripts/serve.mjs, which cut it into chunks and
 * compressed them on the thread pool with a stream's bookkeeping for each. Kept and personal pages come encoded
 * already and are left as they are; so are small pages, HEAD, `no-transform`, and the dev server's pages.
 */
const compressedPages = defineMiddleware(async (context, next) => {
  const response = await next();
  if (import.meta.env.DEV || context.request.method === 'HEAD' || !response.body || response.headers.has('content-encoding')) return response;
  if (!response.headers.get('content-type')?.startsWith('text/html') || /no-transform/i.test(response.headers.get('cache-control') ?? '')) return response;
  const encoding = chooseEncoding(context.request.headers.get('accept-encoding'));
  if (!encoding) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (body.byteLength < 1024) return new Response(body, { status: response.status, statusText: response.statusText, headers });
  const encoded = encodeOnce(body, encoding);
  headers.set('Content-Encoding', encoding);
  // Its length known: sent in one piece, not chunked.
  headers.set('Content-Length', String(encoded.byteLength));
  headers.append('Vary', 'Accept-Encoding');
  return new Response(encoded, { status: response.status, statusText: response.statusText, headers });
});

/**
 * The request's id around everything (lib/request-id.ts), the compression of pages drawn for one request, then
 * shared pages from memory, then security and caching headers (lib/page-headers.ts) around everything the shell
 * answers.
 */
export const onRequest = sequence(pageRequestIds, compressedPages, language, cachedPages, pageHeaders, shell);

function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}
