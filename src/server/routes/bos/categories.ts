import { createRoute } from '@hono/zod-openapi';
import { IdParam, Message } from '../../../contract';
import { BosCategory, BosCategoryCreateBody, BosCategoryMoveBody, BosCategoryRemoveQuery, BosCategoryTree, BosCategoryUpdateBody } from '../../../contract/bos-catalogue';
import { requireCatalogueStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { categoryTree, createCategory, moveCategory, removeCategory, updateCategory } from '../../services/bos-catalogue/categories';

/** The category tree (docs/back-office-catalogue.md#categories), for staff with catalogue:manage. */
export const bosCategoryRoutes = router();
for (const path of ['/bos/categories', '/bos/categories/*']) bosCategoryRoutes.use(path, requireCatalogueStaff);

bosCategoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/categories',
    tags: ['bos'],
    summary: 'The whole category tree, flat (parents before their children, siblings in order), with what each holds',
    responses: { 200: jsonAnswer(BosCategoryTree, 'The tree'), ...errorResponses([401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await categoryTree(c.var.deps.db.kysely), 200);
  },
);

bosCategoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/categories',
    tags: ['bos'],
    summary: 'A new category, last under its parent (or at the top level); the slug is made from the name when left out',
    request: jsonBody(BosCategoryCreateBody),
    responses: { 200: jsonAnswer(BosCategory, 'The category'), ...errorResponses([400, 401, 403, 409, 422]) },
  }),
  async (c) => c.json(await createCategory(c.var.deps.db, staffOf(c), c.req.valid('json')), 200),
);

bosCategoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/categories/move',
    tags: ['bos'],
    summary: 'Moves a category (and what is below it) to a place under another one, or at the top level; never into itself or its own subcategories (422)',
    request: jsonBody(BosCategoryMoveBody),
    responses: { 200: jsonAnswer(BosCategoryTree, 'The tree after the move'), ...errorResponses([400, 401, 403, 404, 422]) },
  }),
  async (c) => c.json(await moveCategory(c.var.deps.db, staffOf(c), c.req.valid('json')), 200),
);

bosCategoryRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/categories/{id}',
    tags: ['bos'],
    summary: "A category's name, slug (unique) and image",
    request: { params: IdParam, ...jsonBody(BosCategoryUpdateBody) },
    responses: { 200: jsonAnswer(BosCategory, 'The category'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await updateCategory(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosCategoryRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/categories/{id}',
    tags: ['bos'],
    summary: 'Removes a category; one holding products or subcategories only with move_to (where they go), one that coupons are limited to not at all (409 with in_use)',
    request: { params: IdParam, query: BosCategoryRemoveQuery },
    responses: { 200: jsonAnswer(Message, 'What was done'), ...errorResponses([400, 401, 403, 404, 409, 422]) },
  }),
  async (c) => c.json({ message: await removeCategory(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('query').move_to) }, 200),
);
