import type { APIRoute } from 'astro';
import { crawlerFile } from '../server/for-pages';

/** Browsers and crawlers ask for /favicon.ico on their own: sent on to this website's icon. */
export const GET: APIRoute = ({ request }) => crawlerFile(request, 'favicon.ico');
