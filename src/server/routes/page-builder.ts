import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { IdParam, Message, PageData, PageDocument } from '../../contract';
import {
  PageConflict, PageCreateBody, PageCssCheckBody, PageCssProblems, PageDetail, PageDraftBody, PageDraftSaved, PageList, PageListQuery, PagePreviewQuery, PagePublishBody, PageVersionList, PageVersionParams,
} from '../../contract/page-builder';
import { cssProblems } from '../../lib/page-css-problems';
import type { AppEnv } from '../env';
import { staffOf } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import {
  createPage, deletePage, discardDraft, unschedulePage, duplicatePage, listPages, pageDetail, pagePreview, pageVersions, publishDraft, restoreVersion, saveDraft, unpublishPage, versionDocument,
} from '../services/page-builder';

/**
 * The page builder's pages (docs/page-builder.md): drafts, publish (now or scheduled), unpublish, discard,
 * duplicate, delete, versions and restore, and the preview's data. website_setting:view reads; every change needs
 * website_setting:edit (both checked in routes/pages.ts for /pages and /pages/*). Nothing here is cached.
 */
export const pageBuilderRoutes = router();
const tags = ['pages'];
const detail = jsonAnswer(PageDetail, 'The page: its draft with its problems, and what is live');
const checkRefusal = {
  description: 'Refused: a field error, or (publish) every problem of the draft by path, as /pages/check answers',
  content: { 'application/json': { schema: z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional(), problems: z.array(z.string()).optional() }) } },
};
const conflict = { description: 'Someone saved the draft since the version sent: who, and when', content: { 'application/json': { schema: PageConflict } } };
const answerDetail = async <S extends 200 | 201 = 200>(c: Context<AppEnv>, id: number, status?: S) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await pageDetail(c.var.deps.db.kysely, c.var.website.id, id), (status ?? 200) as S);
};

pageBuilderRoutes.openapi(
  createRoute({ method: 'get', path: '/pages', tags, summary: "The website's pages (the home too), each with its state and who changed it last; q searches path and title", request: { query: PageListQuery }, responses: { 200: jsonAnswer(PageList, 'Pages'), ...errorResponses([400, 401, 403]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listPages(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query').q), 200);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages', tags, summary: 'A new page, as a draft (its path is not live until published)', request: jsonBody(PageCreateBody), responses: { 201: detail, 400: checkRefusal, ...errorResponses([401, 403]) } }),
  async (c) => answerDetail(c, await createPage(c.var.deps.db.kysely, staffOf(c), c.req.valid('json')), 201),
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/css-check', tags, summary: "What the shop will leave out of a page's CSS, line by line (a check: nothing is saved)", request: jsonBody(PageCssCheckBody), responses: { 200: jsonAnswer(PageCssProblems, 'What is left out'), ...errorResponses([400, 401, 403]) } }),
  (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ problems: cssProblems(c.req.valid('json').css) }, 200);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'get', path: '/pages/{id}', tags, summary: 'A page: its draft (with its problems by field path), what is live, its version and schedule', request: { params: IdParam }, responses: { 200: detail, ...errorResponses([400, 401, 403, 404]) } }),
  async (c) => answerDetail(c, c.req.valid('param').id),
);

pageBuilderRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/pages/{id}/draft',
    tags,
    summary: 'Saves the draft (problems and all) when `version` is the latest; 409 with who saved since otherwise',
    request: { params: IdParam, ...jsonBody(PageDraftBody) },
    responses: { 200: jsonAnswer(PageDraftSaved, 'Saved: the new version and the draft\'s problems'), 400: checkRefusal, 409: conflict, ...errorResponses([401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await saveDraft(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200);
  },
);

pageBuilderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pages/{id}/publish',
    tags,
    summary: 'Publishes the draft now, or at `at` (India time, or ISO 8601 with an offset); refuses a draft with problems',
    request: { params: IdParam, body: { content: { 'application/json': { schema: PagePublishBody } }, required: false } },
    responses: { 200: detail, 400: checkRefusal, 409: conflict, ...errorResponses([401, 403, 404]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    const body = (c.req.valid('json') as z.infer<typeof PagePublishBody> | undefined) ?? {};
    await publishDraft(c.var.deps.db.kysely, staffOf(c), id, body.at);
    return answerDetail(c, id);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/{id}/unpublish', tags, summary: 'Takes the page off the website (not the home); its draft stays', request: { params: IdParam }, responses: { 200: detail, ...errorResponses([401, 403, 404, 409]) } }),
  async (c) => {
    const id = c.req.valid('param').id;
    await unpublishPage(c.var.deps.db.kysely, staffOf(c), id);
    return answerDetail(c, id);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/{id}/unschedule', tags, summary: 'Ends a scheduled publish; the draft stays as it is', request: { params: IdParam }, responses: { 200: detail, ...errorResponses([401, 403, 404, 409]) } }),
  async (c) => {
    const id = c.req.valid('param').id;
    await unschedulePage(c.var.deps.db.kysely, staffOf(c), id);
    return answerDetail(c, id);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/{id}/discard', tags, summary: 'The draft back to what was last published', request: { params: IdParam }, responses: { 200: detail, ...errorResponses([401, 403, 404, 409]) } }),
  async (c) => {
    const id = c.req.valid('param').id;
    await discardDraft(c.var.deps.db.kysely, staffOf(c), id);
    return answerDetail(c, id);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/{id}/duplicate', tags, summary: "A new draft with this page's draft, at another path", request: { params: IdParam, ...jsonBody(PageCreateBody) }, responses: { 201: detail, 400: checkRefusal, ...errorResponses([401, 403, 404]) } }),
  async (c) => answerDetail(c, await duplicatePage(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'delete', path: '/pages/{id}', tags, summary: 'Deletes the page, its draft and its versions (not the home)', request: { params: IdParam }, responses: { 200: jsonAnswer(Message, 'Deleted'), ...errorResponses([401, 403, 404, 409]) } }),
  async (c) => {
    await deletePage(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id);
    return c.json({ message: 'The page is deleted' }, 200);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'get', path: '/pages/{id}/versions', tags, summary: 'Every published version kept, newest first, with who, when and what changed', request: { params: IdParam }, responses: { 200: jsonAnswer(PageVersionList, 'Versions'), ...errorResponses([400, 401, 403, 404]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await pageVersions(c.var.deps.db.kysely, c.var.website.id, c.req.valid('param').id), 200);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'get', path: '/pages/{id}/versions/{version}', tags, summary: 'The page document a version published', request: { params: PageVersionParams }, responses: { 200: jsonAnswer(PageDocument, 'The document'), ...errorResponses([400, 401, 403, 404]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const { id, version } = c.req.valid('param');
    return c.json(await versionDocument(c.var.deps.db.kysely, c.var.website.id, id, version), 200);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/{id}/versions/{version}/restore', tags, summary: 'Makes a kept version the draft (it does not publish it)', request: { params: PageVersionParams }, responses: { 200: detail, ...errorResponses([400, 401, 403, 404]) } }),
  async (c) => {
    const { id, version } = c.req.valid('param');
    await restoreVersion(c.var.deps.db.kysely, staffOf(c), id, version);
    return answerDetail(c, id);
  },
);

pageBuilderRoutes.openapi(
  createRoute({ method: 'get', path: '/pages/{id}/preview', tags, summary: 'The draft (or a kept version) as the live page call would answer it once published', request: { params: IdParam, query: PagePreviewQuery }, responses: { 200: jsonAnswer(PageData, 'The page'), ...errorResponses([400, 401, 403, 404]) } }),
  async (c) => {
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Robots-Tag', 'noindex');
    return c.json(await pagePreview(c.var.deps.db, c.var.website.id, c.req.valid('param').id, c.req.valid('query').version), 200);
  },
);
