import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { IdParam, Message } from '../../contract';
import { MediaAltBody, MediaFile, MediaFileParam, MediaInUse, MediaItem, MediaList, MediaListQuery, MediaUploadBody } from '../../contract/page-builder';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { requireAnyPermission, requirePermission, staffOf } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { deleteMedia, listMedia, updateMediaAlt, uploadMedia } from '../services/media';
import { MEDIA_CONTENT_TYPE, mediaStoreFor } from '../services/media-storage';

/**
 * The page builder's media library (docs/page-builder.md#media-library): website_setting:view lists the images,
 * website_setting:edit uploads (multipart, anti-forgery token as for every change), changes alt text and deletes.
 * Catalogue staff (catalogue:manage) list and upload too, for products' images; alt text and deletion stay the
 * page builder's.
 * The files themselves are public: /media/{file} on the storefront answers them from the store.
 */
export const mediaRoutes = router();
const viewsOrEdits: MiddlewareHandler<AppEnv> = (c, next) =>
  (c.req.method === 'GET' || c.req.method === 'HEAD' ? requirePermission('website_setting:view') : requirePermission('website_setting:edit'))(c, next);
const listsOrUploads: MiddlewareHandler<AppEnv> = (c, next) =>
  (c.req.method === 'GET' || c.req.method === 'HEAD' ? requireAnyPermission('website_setting:view', 'catalogue:manage') : requireAnyPermission('website_setting:edit', 'catalogue:manage'))(c, next);
mediaRoutes.use('/media', listsOrUploads);
mediaRoutes.use('/media/:id{[0-9]+}', viewsOrEdits);
const storeOf = (c: { var: AppEnv['Variables'] }) => mediaStoreFor(c.var.deps.config.media);

mediaRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/media',
    tags: ['pages'],
    summary: "The website's images, newest first (those whose file name or alt text holds q), with where each is used",
    request: { query: MediaListQuery },
    responses: { 200: jsonAnswer(MediaList, 'The images'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listMedia(c.var.deps.db.kysely, storeOf(c), c.var.website.id, c.req.valid('query').q) }, 200);
  },
);

mediaRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/media',
    tags: ['pages'],
    summary: 'Uploads an image (JPEG, PNG or WebP by its bytes, at most 5 MB and 40 megapixels), resized to WebP widths',
    request: { body: { content: { 'multipart/form-data': { schema: MediaUploadBody } }, required: true } },
    responses: {
      201: jsonAnswer(MediaItem, 'Uploaded'),
      ...errorResponses([400, 401, 403]),
      413: { description: 'The file is over 5 MB (errors.file)', content: { 'application/json': { schema: Message } } },
      415: { description: 'Not a JPEG, PNG or WebP image (errors.file)', content: { 'application/json': { schema: Message } } },
    },
  }),
  async (c) => {
    const { alt } = c.req.valid('form');
    const form = await c.req.formData();
    const file = form.get('file');
    if (!(file instanceof File)) throw new ApiError(400, 'Choose an image to upload', { file: ['Choose an image to upload'] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const item = await uploadMedia(c.var.deps.db.kysely, storeOf(c), staffOf(c), { name: file.name, bytes }, alt);
    return c.json(item, 201);
  },
);

mediaRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/media/{id}',
    tags: ['pages'],
    summary: "Changes an image's alt text",
    request: { params: IdParam, ...jsonBody(MediaAltBody) },
    responses: { 200: jsonAnswer(MediaItem, 'Saved'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await updateMediaAlt(c.var.deps.db.kysely, storeOf(c), staffOf(c), c.req.valid('param').id, c.req.valid('json').alt), 200),
);

mediaRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/media/{id}',
    tags: ['pages'],
    summary: 'Deletes an image and its files, unless a page (its draft too) or a site setting uses it',
    request: { params: IdParam },
    responses: {
      200: jsonAnswer(Message, 'Deleted'),
      ...errorResponses([401, 403, 404]),
      409: { description: 'In use: where (page paths, settings such as Popup or Logo)', content: { 'application/json': { schema: MediaInUse } } },
    },
  }),
  async (c) => c.json(await deleteMedia(c.var.deps.db.kysely, storeOf(c), staffOf(c), c.req.valid('param').id), 200),
);

mediaRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/media/files/{file}',
    tags: ['pages'],
    summary: "A media library file (served by the storefront at /media/{file}); public and immutable",
    request: { params: MediaFileParam },
    responses: { 200: { description: 'The image', content: { 'image/webp': { schema: MediaFile } } }, ...errorResponses([400, 404]) },
  }),
  async (c) => {
    const bytes = await storeOf(c).get(c.req.valid('param').file);
    if (!bytes) throw new ApiError(404, 'No such file');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': MEDIA_CONTENT_TYPE,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  },
);
