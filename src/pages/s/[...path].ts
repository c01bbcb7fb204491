import type { APIRoute } from 'astro';
import { forwardToApi } from '../../server/for-pages';
import { shopperAddress } from '../../lib/client-address';

/**
 * Everything under the API's base path /s: the embedded commerce API, or a proxy to COMMERCE_API_URL.
 * The caller's address comes from the socket, or from the trusted proxy's X-Forwarded-For (lib/client-address.ts),
 * never from a header the caller could set, for rate limits.
 */
export const ALL: APIRoute = (context) => {
  const { request } = context;
  const headers = new Headers(request.headers);
  headers.set('x-client-ip', shopperAddress(context) ?? 'unknown');
  return forwardToApi(new Request(request, { headers }));
};
