import { createRoute } from '@hono/zod-openapi';
import { SynonymGroups } from '../../contract';
import { requirePermission } from '../http/guards';
import { errorResponses, jsonBody, router } from '../http/router';
import { readSynonyms, replaceSynonyms } from '../services/search-synonyms';

/** The website's search synonyms (docs/search.md), for the same people who build its pages (website_setting:view). */
export const synonymRoutes = router();
synonymRoutes.use('/search/synonyms', requirePermission('website_setting:view'));
const groupsAnswer = { description: "The website's synonym groups", content: { 'application/json': { schema: SynonymGroups } } };

synonymRoutes.openapi(
  createRoute({ method: 'get', path: '/search/synonyms', tags: ['search'], summary: "The website's synonym groups", responses: { 200: groupsAnswer, ...errorResponses([401, 403]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ groups: await readSynonyms(c.var.deps.db, c.var.website.id) }, 200);
  },
);

synonymRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/search/synonyms',
    tags: ['search'],
    summary: "Replaces the website's synonym groups (at most 500 groups of 2 to 20 terms, each at most 40 characters)",
    request: jsonBody(SynonymGroups),
    responses: { 200: groupsAnswer, ...errorResponses([400, 401, 403]) },
  }),
  async (c) => c.json({ groups: await replaceSynonyms(c.var.deps.db, c.var.website.id, c.req.valid('json').groups, c.var.user!.id) }, 200),
);
