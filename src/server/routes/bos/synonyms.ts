import { createRoute } from '@hono/zod-openapi';
import { Message } from '../../../contract';
import { BosSynonymBody, BosSynonymGroup, BosSynonymList, CatalogueListQuery, SynonymGroupParam } from '../../../contract/bos-catalogue';
import { requireCatalogueStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { addSynonymGroup, listSynonyms, removeSynonymGroup, updateSynonymGroup } from '../../services/bos-catalogue/synonyms';

/** The website's search synonyms, a group at a time (docs/back-office-catalogue.md#search-synonyms), for catalogue:manage. */
export const bosSynonymRoutes = router();
for (const path of ['/bos/synonyms', '/bos/synonyms/*']) bosSynonymRoutes.use(path, requireCatalogueStaff);

bosSynonymRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/synonyms',
    tags: ['bos'],
    summary: "A page of the website's synonym groups, those with a term holding q when given",
    request: { query: CatalogueListQuery },
    responses: { 200: jsonAnswer(BosSynonymList, 'Groups'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listSynonyms(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

bosSynonymRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/synonyms',
    tags: ['bos'],
    summary: 'Adds a group (2 to 20 terms, none in another group; at most 500 groups)',
    request: jsonBody(BosSynonymBody),
    responses: { 200: jsonAnswer(BosSynonymGroup, 'The group'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await addSynonymGroup(c.var.deps.db, staffOf(c), c.req.valid('json').terms), 200),
);

bosSynonymRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/synonyms/{no}',
    tags: ['bos'],
    summary: "Replaces a group's terms",
    request: { params: SynonymGroupParam, ...jsonBody(BosSynonymBody) },
    responses: { 200: jsonAnswer(BosSynonymGroup, 'The group'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await updateSynonymGroup(c.var.deps.db, staffOf(c), c.req.valid('param').no, c.req.valid('json').terms), 200),
);

bosSynonymRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/synonyms/{no}',
    tags: ['bos'],
    summary: 'Removes a group',
    request: { params: SynonymGroupParam },
    responses: { 200: jsonAnswer(Message, 'What was done'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json({ message: await removeSynonymGroup(c.var.deps.db, staffOf(c), c.req.valid('param').no) }, 200),
);
