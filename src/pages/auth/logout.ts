import type { APIRoute } from 'astro';

/**
 * /auth/logout: ends the session on the server (GET /s/api/auth/logout clears its cookies; the middleware
 * passes them on), then home.
 */
export const GET: APIRoute = async ({ locals, request }) => {
  // Another site's link (or its prefetch) must not sign the shopper out.
  if (request.headers.get('sec-fetch-site') === 'cross-site') return new Response(null, { status: 303, headers: { location: '/' } });
  await locals.api.logout().catch((error) => console.error('[logout]', error));
  return new Response(null, { status: 303, headers: { location: '/' } });
};
