import type { APIRoute } from 'astro';
import { apiReadiness } from '../server/for-pages';

const READY_TIMEOUT_MS = 1000;

/**
 * /readyz for load balancers: 200 `{"ready":true}` when the database answers within a second and holds a website;
 * else 503 with the reason (`database`, `no-website`, `not-started`; `backend` with COMMERCE_API_URL) and a sentence, so traffic goes elsewhere
 * and whoever reads it knows why. Creates no session.
 */
export const GET: APIRoute = async () => {
  const answer = await apiReadiness(READY_TIMEOUT_MS);
  return new Response(`${JSON.stringify(answer)}\n`, {
    status: answer.ready ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
