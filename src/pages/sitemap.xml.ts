import type { APIRoute } from 'astro';
import { crawlerFile } from '../lib/crawler-files';

/** This website's sitemap, or its index when the shop has more URLs than one file holds. */
export const GET: APIRoute = ({ request }) => crawlerFile(request, 'sitemap.xml');
