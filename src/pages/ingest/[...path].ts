import type { APIRoute } from 'astro';
import { forward } from '../../lib/proxy';

/**
 * The same-origin analytics path: forwards to PostHog (POSTHOG_HOST) so ad blockers and third-party cookie
 * rules do not drop events. Answers 404 when analytics is not configured.
 */
export const ALL: APIRoute = ({ request, params }) => {
  if (!import.meta.env.PUBLIC_POSTHOG_KEY) return new Response(null, { status: 404 });
  const host = process.env.POSTHOG_HOST || 'https://eu.i.posthog.com';
  return forward(request, new URL(`/${params.path ?? ''}${new URL(request.url).search}`, host), {
    timeoutMs: 5000,
    dropHeaders: ['cookie'],
    onFailure: () => new Response(null, { status: 502 }),
  });
};
