import type { APIRoute } from 'astro';
import { readiness, type Readiness } from '../server/boot';

const READY_TIMEOUT_MS = 1000;

/** With COMMERCE_API_URL: that backend answers at all (any HTTP status) within the timeout. */
const backendAnswers = (upstream: string): Promise<Readiness> =>
  fetch(new URL('/s/api/openapi.json', upstream), { method: 'HEAD', signal: AbortSignal.timeout(READY_TIMEOUT_MS) }).then(
    () => ({ ready: true }),
    () => ({ ready: false, reason: 'backend', message: `The commerce API at ${new URL(upstream).host} does not answer` }),
  );

/**
 * /readyz for load balancers: 200 `{"ready":true}` when the database answers within a second and holds a website;
 * else 503 with the reason (`database`, `no-website`, `not-started`; `backend` with COMMERCE_API_URL) and a sentence, so traffic goes elsewhere
 * and whoever reads it knows why. Creates no session.
 */
export const GET: APIRoute = async () => {
  const upstream = process.env.COMMERCE_API_URL;
  const answer = upstream ? await backendAnswers(upstream) : await readiness(READY_TIMEOUT_MS);
  return new Response(`${JSON.stringify(answer)}\n`, {
    status: answer.ready ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
