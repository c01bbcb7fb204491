import type { APIRoute } from 'astro';
import { forwardToApi } from '../../../lib/api/server';

/** The commerce API under /s/api: embedded in this process, or proxied to COMMERCE_API_URL. */
export const ALL: APIRoute = ({ request }) => forwardToApi(request);
