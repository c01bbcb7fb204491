import { createRoute } from '@hono/zod-openapi';
import { IdParam, Message } from '../../../contract';
import {
  BosBrand, BosBrandBody, BosBrandList, BosSupplier, BosSupplierBody, BosSupplierList, BosWarehouse, BosWarehouseBody, BosWarehouseList, CatalogueListQuery,
} from '../../../contract/bos-catalogue';
import { requireCatalogueStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import {
  createBrand, createSupplier, createWarehouse, listBrands, listSuppliers, listWarehouses, removeBrand, removeSupplier, removeWarehouse, updateBrand, updateSupplier, updateWarehouse,
} from '../../services/bos-catalogue/records';

/**
 * Brands, suppliers and warehouses (docs/back-office-catalogue.md), for staff with catalogue:manage: for each, a page
 * of them found by q, create, change, and remove while nothing uses them (409 with in_use, the counts, otherwise).
 */
export const bosCatalogueListRoutes = router();
for (const path of ['/bos/brands', '/bos/brands/*', '/bos/suppliers', '/bos/suppliers/*', '/bos/warehouses', '/bos/warehouses/*']) bosCatalogueListRoutes.use(path, requireCatalogueStaff);

// Brands

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/brands',
    tags: ['bos'],
    summary: "A page of the shop's brands; q finds a name or slug holding it",
    request: { query: CatalogueListQuery },
    responses: { 200: jsonAnswer(BosBrandList, 'Brands'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listBrands(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/brands',
    tags: ['bos'],
    summary: 'A new brand (its slug unique: 409 when taken)',
    request: jsonBody(BosBrandBody),
    responses: { 200: jsonAnswer(BosBrand, 'The brand'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await createBrand(c.var.deps.db, staffOf(c), c.req.valid('json')), 200),
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/brands/{id}',
    tags: ['bos'],
    summary: 'Changes a brand (its slug unique: 409 when taken)',
    request: { params: IdParam, ...jsonBody(BosBrandBody) },
    responses: { 200: jsonAnswer(BosBrand, 'The brand'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await updateBrand(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/brands/{id}',
    tags: ['bos'],
    summary: 'Removes a brand nothing uses (409 with in_use, the counts, otherwise)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Message, 'What was done'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json({ message: await removeBrand(c.var.deps.db, staffOf(c), c.req.valid('param').id) }, 200),
);

// Suppliers

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/suppliers',
    tags: ['bos'],
    summary: "A page of the shop's suppliers; q finds a name or slug holding it",
    request: { query: CatalogueListQuery },
    responses: { 200: jsonAnswer(BosSupplierList, 'Suppliers'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listSuppliers(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/suppliers',
    tags: ['bos'],
    summary: 'A new supplier (its slug unique: 409 when taken)',
    request: jsonBody(BosSupplierBody),
    responses: { 200: jsonAnswer(BosSupplier, 'The supplier'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await createSupplier(c.var.deps.db, staffOf(c), c.req.valid('json')), 200),
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/suppliers/{id}',
    tags: ['bos'],
    summary: 'Changes a supplier (its slug unique: 409 when taken)',
    request: { params: IdParam, ...jsonBody(BosSupplierBody) },
    responses: { 200: jsonAnswer(BosSupplier, 'The supplier'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await updateSupplier(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/suppliers/{id}',
    tags: ['bos'],
    summary: 'Removes a supplier nothing uses (409 with in_use, the counts, otherwise)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Message, 'What was done'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json({ message: await removeSupplier(c.var.deps.db, staffOf(c), c.req.valid('param').id) }, 200),
);

// Warehouses

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/warehouses',
    tags: ['bos'],
    summary: "A page of the shop's warehouses; q finds a name, code, city or pincode holding it",
    request: { query: CatalogueListQuery },
    responses: { 200: jsonAnswer(BosWarehouseList, 'Warehouses'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listWarehouses(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/warehouses',
    tags: ['bos'],
    summary: 'A new warehouse (its code unique: 409 when taken)',
    request: jsonBody(BosWarehouseBody),
    responses: { 200: jsonAnswer(BosWarehouse, 'The warehouse'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await createWarehouse(c.var.deps.db, staffOf(c), c.req.valid('json')), 200),
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/warehouses/{id}',
    tags: ['bos'],
    summary: 'Changes a warehouse (its code unique: 409 when taken)',
    request: { params: IdParam, ...jsonBody(BosWarehouseBody) },
    responses: { 200: jsonAnswer(BosWarehouse, 'The warehouse'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await updateWarehouse(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosCatalogueListRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/warehouses/{id}',
    tags: ['bos'],
    summary: 'Removes a warehouse nothing uses (409 with in_use, the counts, otherwise)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Message, 'What was done'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json({ message: await removeWarehouse(c.var.deps.db, staffOf(c), c.req.valid('param').id) }, 200),
);
