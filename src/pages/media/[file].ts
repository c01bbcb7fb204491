import type { APIRoute } from 'astro';
import { mediaFile } from '../../server/for-pages';

/** /media/<key>-<width>.webp: a media library image (docs/page-builder.md#media-library), public and immutable. */
export const GET: APIRoute = ({ request, params }) => mediaFile(request, params.file ?? '');
