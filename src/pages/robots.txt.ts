import type { APIRoute } from 'astro';
import { crawlerFile } from '../server/for-pages';

/** This website's robots.txt, naming its own sitemap. */
export const GET: APIRoute = ({ request }) => crawlerFile(request, 'robots.txt');
