import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { pageCaching, PRIVATE, VARY } from './cache-policy';
import { isPaymentPage, PAYMENT_SOURCES, pagePolicy } from './csp';
import { normalizePath } from './guards';

/** Decided once: the telemetry settings are build-time, like the code they switch on. */
const BUILD = { PUBLIC_SENTRY_DSN: import.meta.env.PUBLIC_SENTRY_DSN };
const PAGE_POLICY = pagePolicy(BUILD);
const PAYMENT_POLICY = pagePolicy(BUILD, PAYMENT_SOURCES);

/** Under /bos or /page-builder, as the route guards read a path: the staff's tools, never indexed (docs/back-office.md#shell). */
const isBackOffice = (path: string) => /^\/(bos|page-builder)(\/|$)/.test(normalizePath(path) ?? '');

/**
 * An HTML answer with the page's policy and its caching headers: shared by a CDN only when lib/cache-policy.ts
 * says so (a catalogue or content page for a visitor without a session), else private and never stored. An
 * answer that already chose its Cache-Control (the 503 page) keeps it. A redirect is private too. Other answers keep
 * the server's defaults (scripts/http-edges.mjs). Every page and redirect of the back office and the page builder says
 * X-Robots-Tag: noindex, its sign-in redirect and 403 page too.
 */
function withPageHeaders(response: Response, context: Pick<APIContext, 'request' | 'url' | 'cookies' | 'locals'>): Response {
  const html = response.headers.get('content-type')?.startsWith('text/html') ?? false;
  const redirect = response.status >= 300 && response.status < 400;
  if (!html && !redirect) return response;
  const apply = (headers: Headers) => {
    if (isBackOffice(context.url.pathname)) headers.set('X-Robots-Tag', 'noindex');
    // Where a page or form post sends the visitor depends on who they are (guards, flash messages).
    if (!html) {
      if (!headers.has('cache-control')) headers.set('Cache-Control', PRIVATE);
      return;
    }
    headers.set('Content-Security-Policy', isPaymentPage(context.url.pathname) ? PAYMENT_POLICY : PAGE_POLICY);
    headers.append('Vary', VARY);
    if (headers.has('cache-control')) return;
    const { cacheControl, surrogateKeys } = pageCaching({
      method: context.request.method,
      status: response.status,
      cookieHeader: context.request.headers.get('cookie'),
      setsCookie: headers.has('set-cookie') || !context.cookies.headers().next().done,
      surrogateKeys: context.locals.surrogateKeys,
    });
    headers.set('Cache-Control', cacheControl);
    if (surrogateKeys.length === 0) return;
    // Fastly and Varnish-style CDNs purge by Surrogate-Key (space-separated); Cloudflare and others by Cache-Tag.
    headers.set('Surrogate-Key', surrogateKeys.join(' '));
    headers.set('Cache-Tag', surrogateKeys.join(','));
  };
  try {
    // In place, so Astro's cookies stay attached to the answer it gave.
    apply(response.headers);
    return response;
  } catch {
    // A redirect made by Response.redirect is frozen: left as it is (RFC 9111 caches store no 302/303 without a
    // freshness of its own), so Astro's cookies stay attached to it.
    if (!html) return response;
    // A fetched or redirect Response's headers are frozen: answer a copy.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

/** Astro middleware: the page headers above on whatever the rest of the chain answers. */
export const pageHeaders = defineMiddleware(async (context, next) => withPageHeaders(await next(), context));
