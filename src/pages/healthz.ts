import type { APIRoute } from 'astro';

/** /healthz for load balancers: the process is alive and serving. Touches no database and no session. */
export const GET: APIRoute = () => new Response('ok\n', { status: 200, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });
