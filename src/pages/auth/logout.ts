import type { APIRoute } from 'astro';
import { ApiCallError } from '../../lib/api/client';
import { logger } from '../../lib/log.mjs';

/**
 * /auth/logout: ends the session on the server (GET /s/api/auth/logout clears its cookies; the middleware
 * passes them on), then home. The API refuses a logout another site started (its link or prefetch, told by the
 * Sec-Fetch-Site the page request carried): the shopper then stays signed in.
 */
export const GET: APIRoute = async ({ locals }) => {
  // Home in the language of the page the shopper left from (/hi/auth/logout → /hi).
  await locals.api.logout().catch((error) => {
    if (!(error instanceof ApiCallError && error.status === 403)) logger('logout').error({ err: error }, `logout failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  return new Response(null, { status: 303, headers: { location: locals.localize('/') } });
};
