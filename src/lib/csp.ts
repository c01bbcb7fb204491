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
