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
 * The origin of the media library's bucket (MEDIA_PUBLIC_URL, server/config.ts) when it is plain http (a bucket on
 * the shop's own network, say): https addresses are allowed already. Anything but an http origin adds nothing.
 */
function mediaOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'http:' && host ? `http://${host}` : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every page. Scripts come only from this origin, and no page carries an inline
 * script: every script the build makes is a file under /_astro/ (astro.config.mjs), the island runtime Astro
 * would write inline included (src/lib/hydrate/integration.mjs), so an injected `<script>` never runs.
 * Analytics goes through the same-origin /ingest proxy, so it needs no host; error reporting adds its DSN's
 * host (and blob: workers, for session replay) only when it is configured. Styles may be inline: the theme
 * and each content page's CSS are inline stylesheets that differ per website and page, and the client router
 * swaps pages inside one document, so no per-response nonce or hash list can cover them. Images may come
 * from any https host: merchants point products, banners and logos at whatever CDN they use; the media library's
 * bucket (MEDIA_PUBLIC_URL) is one, or is added by its origin when it is plain http.
 */
export function pagePolicy(env: { PUBLIC_SENTRY_DSN?: string; MEDIA_PUBLIC_URL?: string }, extra: Partial<typeof PAYMENT_SOURCES> = {}): string {
  const reporting = dsnOrigin(env.PUBLIC_SENTRY_DSN);
  const media = mediaOrigin(env.MEDIA_PUBLIC_URL);
  const more = (sources: readonly string[] | undefined) => (sources?.length ? ` ${sources.join(' ')}` : '');
  return [
    "default-src 'self'",
    "script-src 'self'" + more(extra.script),
    ...(extra.frame ? [`frame-src${more(extra.frame)}`] : []),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${media ? ` ${media}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${reporting ? ` ${reporting}` : ''}${more(extra.connect)}`,
    ...(reporting ? ["worker-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * What the payment page (/checkout/{provider}/{id}) adds with real keys: the providers' own scripts, their
 * frames and the calls they make, as Razorpay's and Stripe's integration guides list them. No other page has them.
 */
export const PAYMENT_SOURCES = {
  script: ['https://checkout.razorpay.com', 'https://js.stripe.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://api.stripe.com'],
} as const;

/** The payment page, the only one that may load a provider's script (src/features/payment/provider-checkout.ts). */
export const isPaymentPage = (pathname: string) => /^\/checkout\/(razorpay|stripe)\/[^/]+\/?$/.test(pathname);
