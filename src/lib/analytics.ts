import posthog from 'posthog-js';

/** Where the browser sends analytics: our own origin, proxied to PostHog by src/pages/ingest/[...path].ts. */
const ANALYTICS_PATH = '/ingest';

/**
 * Starts PostHog as docs/product.md#overview asks: through the same-origin proxy, person profiles only for
 * identified users, no automatic pageview; a manual pageview on first load and after every client-side
 * navigation; the website registered as a group keyed by its id with its name as property.
 */
export function startAnalytics() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="analytics"]');
  const key = meta?.dataset.key;
  if (!meta || !key) return;
  posthog.init(key, {
    api_host: ANALYTICS_PATH,
    person_profiles: 'identified_only',
    capture_pageview: false,
    capture_pageleave: false,
  });
  const websiteId = meta.dataset.websiteId;
  if (websiteId) posthog.group('website', websiteId, { name: meta.dataset.websiteName });
  else console.info('[analytics] website data was not found');
  document.addEventListener('astro:page-load', () => posthog.capture('$pageview'));
}
