import { createRoute } from '@hono/zod-openapi';
import { CreateWebsiteBody, SwitchWebsiteBody, Website, WebsiteList } from '../../../contract';
import { ApiError } from '../../http/errors';
import { requireSuperadmin } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { toWebsite } from '../../map';
import { createWebsite, listWebsites, switchWebsite } from '../../services/websites';

/** Super administrators: list, switch and create websites (docs/product.md#roles). */
export const bosWebsiteRoutes = router();
for (const path of ['/bos/websites', '/bos/switch']) bosWebsiteRoutes.use(path, requireSuperadmin);
const guarded = errorResponses([401, 403]);

bosWebsiteRoutes.openapi(
  createRoute({ method: 'get', path: '/bos/websites', tags: ['bos'], summary: 'Every website, and which one this session shows', responses: { 200: jsonAnswer(WebsiteList, 'Websites'), ...guarded } }),
  async (c) => c.json({ websites: await listWebsites(c.var.deps.db.kysely, c.var.website.id) }, 200),
);

bosWebsiteRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/switch',
    tags: ['bos'],
    summary: "Makes this session show another website than its host's",
    request: jsonBody(SwitchWebsiteBody),
    responses: { 200: jsonAnswer(Website, 'The website now shown'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const website = await switchWebsite(c.var.deps.db.kysely, c.var.session!, c.req.valid('json').website_id);
    return c.json(toWebsite(website), 200);
  },
);

bosWebsiteRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/websites',
    tags: ['bos'],
    summary: 'Creates a website on a domain, with the default theme and navigation',
    request: jsonBody(CreateWebsiteBody),
    responses: { 201: jsonAnswer(Website, 'Created'), ...errorResponses([400, 401, 403]), ...errorResponses([409]) },
  }),
  async (c) => {
    const created = await createWebsite(c.var.deps.db.kysely, c.req.valid('json'));
    if (!created) throw new ApiError(409, 'That domain already belongs to a website');
    return c.json(toWebsite(created), 201);
  },
);
