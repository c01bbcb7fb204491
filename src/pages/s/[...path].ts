import type { APIRoute } from 'astro';
import { forwardToApi } from '../../lib/api/server';

/**
 * Everything under the spec's base path /s: the embedded commerce API, or a proxy to COMMERCE_API_URL.
 * The caller's address comes from the socket (never from a header the caller could set), for rate limits.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  const headers = new Headers(request.headers);
  headers.set('x-client-ip', clientAddress);
  return forwardToApi(new Request(request, { headers }));
};
