import { defineMiddleware } from 'astro:middleware';

/** The origin of an error-reporting DSN (`https://key@o1.ingest.sentry.io/2` → `https://o1.ingest.sentry.io`). */
function dsnOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null;
  try {
    const { protocol, host } = new URL(dsn);
    return protocol === 'https:' || protocol === 'http:' ? `${protocol}//${host}` : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every page. Scripts come only from this origin: the build emits no inline
 * script (astro.config.mjs keeps every script a file under /_astro/), so an injected `<script>` never runs.
 * Analytics goes through the same-origin /ingest proxy, so it needs no host; error reporting adds its DSN's
 * host (and blob: workers, for session replay) only when it is configured. Styles may be inline: the theme
 * and each content page's CSS are inline stylesheets that differ per website and page, and the client router
 * swaps pages inside one document, so no per-response nonce or hash list can cover them. Images may come
 * from any https host: merchants point products, banners and logos at whatever CDN they use.
 */
export function pagePolicy(env: { PUBLIC_SENTRY_DSN?: string }): string {
  const reporting = dsnOrigin(env.PUBLIC_SENTRY_DSN);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${reporting ? ` ${reporting}` : ''}`,
    ...(reporting ? ["worker-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Decided once: the telemetry settings are build-time, like the code they switch on. */
const PAGE_POLICY = pagePolicy({ PUBLIC_SENTRY_DSN: import.meta.env.PUBLIC_SENTRY_DSN });

/**
 * An HTML answer with the page's policy, and kept out of every shared cache unless it says otherwise: every
 * page reads the visitor's session. Other answers keep the server's defaults (scripts/http-edges.mjs).
 */
export function withPageHeaders(response: Response): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const apply = (headers: Headers) => {
    headers.set('Content-Security-Policy', PAGE_POLICY);
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
export const pageHeaders = defineMiddleware(async (_context, next) => withPageHeaders(await next()));
