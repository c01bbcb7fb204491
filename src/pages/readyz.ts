import type { APIRoute } from 'astro';
import { databaseAnswers } from '../server/boot';

const READY_TIMEOUT_MS = 1000;

/** With COMMERCE_API_URL: that backend answers at all (any HTTP status) within the timeout. */
const backendAnswers = (upstream: string) =>
  fetch(new URL('/s/api/openapi.json', upstream), { method: 'HEAD', signal: AbortSignal.timeout(READY_TIMEOUT_MS) }).then(() => true, () => false);

/**
 * /readyz for load balancers: 200 when the database answers `select 1` within a second, else 503, so traffic
 * goes elsewhere while it is away. Creates no session.
 */
export const GET: APIRoute = async () => {
  const upstream = process.env.COMMERCE_API_URL;
  const ready = upstream ? await backendAnswers(upstream) : await databaseAnswers(READY_TIMEOUT_MS);
  return new Response(ready ? 'ready\n' : 'database unavailable\n', {
    status: ready ? 200 : 503,
    headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' },
  });
};
