import type { APIRoute } from 'astro';
import { crawlerFile } from '../server/for-pages';
import { missingFile } from '../lib/missing-files';

/** File n of the sitemap index (the API says 404 past the last one). */
export const GET: APIRoute = ({ request, params }) => (/^[1-9][0-9]{0,5}$/.test(params.n ?? '') ? crawlerFile(request, `sitemap/${params.n}`) : missingFile());
