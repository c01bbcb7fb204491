import { defineMiddleware } from 'astro:middleware';
import { isPaymentPage, PAYMENT_SOURCES, pagePolicy } from './csp';

/** Decided once: the telemetry settings are build-time, like the code they switch on. */
const BUILD = { PUBLIC_SENTRY_DSN: import.meta.env.PUBLIC_SENTRY_DSN, ISLAND_SCRIPT_HASHES: import.meta.env.ISLAND_SCRIPT_HASHES };
const PAGE_POLICY = pagePolicy(BUILD);
const PAYMENT_POLICY = pagePolicy(BUILD, PAYMENT_SOURCES);

/**
 * An HTML answer with the page's policy, and kept out of every shared cache unless it says otherwise: every
 * page reads the visitor's session. Other answers keep the server's defaults (scripts/http-edges.mjs).
 */
export function withPageHeaders(response: Response, pathname = '/'): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const apply = (headers: Headers) => {
    headers.set('Content-Security-Policy', isPaymentPage(pathname) ? PAYMENT_POLICY : PAGE_POLICY);
    if (!headers.has('cache-control')) headers.set('Cache-Control', 'private, no-store');
  };
  try {
    // In place, so Astro's cookies stay attached to the answer it gave.
    apply(response.headers);
    return response;
  } catch {
    // A fetched or redirect Response's headers are frozen: answer a copy.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

/** Astro middleware: the page headers above on whatever the rest of the chain answers. */
export const pageHeaders = defineMiddleware(async (context, next) => withPageHeaders(await next(), context.url.pathname));
