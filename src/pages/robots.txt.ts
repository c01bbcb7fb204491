import type { APIRoute } from 'astro';
import { crawlerFile } from '../lib/crawler-files';

/** This website's robots.txt, naming its own sitemap. */
export const GET: APIRoute = ({ request }) => crawlerFile(request, 'robots.txt');
