import type { APIRoute } from 'astro';

/**
 * The same-origin analytics path: forwards to PostHog (POSTHOG_HOST) so ad blockers and third-party cookie
 * rules do not drop events. Answers 404 when analytics is not configured.
 */
export const ALL: APIRoute = async ({ request, params }) => {
  if (!import.meta.env.PUBLIC_POSTHOG_KEY) return new Response(null, { status: 404 });
  const host = process.env.POSTHOG_HOST || 'https://eu.i.posthog.com';
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  headers.delete('host');
  try {
    const answer = await fetch(new URL(`/${params.path ?? ''}${url.search}`, host), {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer(),
      signal: AbortSignal.timeout(5000),
    });
    const answerHeaders = new Headers(answer.headers);
    answerHeaders.delete('content-encoding');
    answerHeaders.delete('content-length');
    return new Response(answer.body, { status: answer.status, headers: answerHeaders });
  } catch {
    return new Response(null, { status: 502 });
  }
};
