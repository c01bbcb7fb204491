import type { APIRoute } from 'astro';
import { forwardToApi } from '../../lib/api/server';

/** Everything under the spec's base path /s: the embedded commerce API, or a proxy to COMMERCE_API_URL. */
export const ALL: APIRoute = ({ request }) => forwardToApi(request);
