import type { APIRoute } from 'astro';
import { crawlerFile } from '../server/for-pages';

/** This website's sitemap, or its index when the shop has more URLs than one file holds. */
export const GET: APIRoute = ({ request }) => crawlerFile(request, 'sitemap.xml');
