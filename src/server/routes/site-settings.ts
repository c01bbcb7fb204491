import { createRoute } from '@hono/zod-openapi';
import { SiteDraftBody, SiteSettings, SiteVersionBody, SiteVersionList, SiteVersionParams } from '../../contract/site-settings';
import { PageDraftSaved } from '../../contract/page-builder';
import { requirePermission, staffOf } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { discardSiteDraft, publishSiteSettings, restoreSiteVersion, saveSiteDraft, siteSettings, siteVersions } from '../services/site-settings';

/**
 * The page builder's website settings (docs/page-builder.md#the-website): website_setting:view reads them,
 * website_setting:edit saves, publishes, discards and restores. Signed out 401, anyone else 403.
 */
export const siteSettingsRoutes = router();
const reads = requirePermission('website_setting:view');
const edits = requirePermission('website_setting:edit');
siteSettingsRoutes.use('/site-settings', reads);
siteSettingsRoutes.use('/site-settings/*', async (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? reads(c, next) : edits(c, next)));
const settingsAnswer = jsonAnswer(SiteSettings, "The draft, what is live, the draft's version and its problems");

siteSettingsRoutes.openapi(
  createRoute({ method: 'get', path: '/site-settings', tags: ['pages'], summary: "The website's settings: the draft, what is live and the draft's problems", responses: { 200: settingsAnswer, ...errorResponses([401, 403]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await siteSettings(c.var.deps.db, c.var.website.id), 200);
  },
);

siteSettingsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/site-settings/draft',
    tags: ['pages'],
    summary: "Saves the website settings' draft (409 when someone saved since `version`); a draft with problems is kept, its problems answered",
    request: jsonBody(SiteDraftBody),
    responses: { 200: jsonAnswer(PageDraftSaved, 'Saved'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await saveSiteDraft(c.var.deps.db, staffOf(c), c.req.valid('json')), 200),
);

siteSettingsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/site-settings/publish',
    tags: ['pages'],
    summary: 'Publishes the draft: shoppers see it at once (refused, 400, while it has problems)',
    request: jsonBody(SiteVersionBody),
    responses: { 200: settingsAnswer, ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await publishSiteSettings(c.var.deps.db, staffOf(c), c.req.valid('json').version), 200),
);

siteSettingsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/site-settings/discard',
    tags: ['pages'],
    summary: 'Discards the draft: it becomes what is live again',
    request: jsonBody(SiteVersionBody),
    responses: { 200: settingsAnswer, ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await discardSiteDraft(c.var.deps.db, staffOf(c), c.req.valid('json').version), 200),
);

siteSettingsRoutes.openapi(
  createRoute({ method: 'get', path: '/site-settings/versions', tags: ['pages'], summary: "Every published version of the website's settings, newest first", responses: { 200: jsonAnswer(SiteVersionList, 'Versions'), ...errorResponses([401, 403]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await siteVersions(c.var.deps.db, c.var.website.id), 200);
  },
);

siteSettingsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/site-settings/versions/{version}/restore',
    tags: ['pages'],
    summary: 'Makes a published version the draft (publish makes it live)',
    request: { params: SiteVersionParams },
    responses: { 200: settingsAnswer, ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await restoreSiteVersion(c.var.deps.db, staffOf(c), c.req.valid('param').version), 200),
);
