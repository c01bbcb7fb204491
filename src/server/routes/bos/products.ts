import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../../contract';
import {
  BosLowStockList,
  BosLowStockQuery,
  BosPack,
  BosPackQuickBody,
  BosProduct,
  BosProductBody,
  BosProductList,
  BosProductOptions,
  BosProductQuery,
  BosProductRemoved,
  BosStockBody,
  BosStockLedger,
  BosStockMoved,
  BosStockQuery,
} from '../../../contract/bos-products';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { requireCatalogueStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { bosPack, bosProduct, listBosProducts, productOptions, quickEditPack, removeProduct, saveProduct } from '../../services/products';
import { lowStock, moveStockAsStaff, stockLedger } from '../../services/stock';

/**
 * The back office's products and stock (docs/back-office-products.md): administrators with catalogue:manage;
 * everyone else 401 signed out, 403 signed in. Money in paise. Every change is one transaction with its audit row
 * and everything derived from it (services/products.ts, services/stock.ts).
 */
export const bosProductRoutes = router();
for (const path of ['/bos/products', '/bos/products/*', '/bos/packs/*', '/bos/stock', '/bos/stock/*']) bosProductRoutes.use(path, requireCatalogueStaff);

/**
 * Runs a product write in a transaction; two saves racing for one slug (both checked it free) meet the unique
 * index, and the one that loses is told as the check would have told it.
 */
async function writing<T>(db: Kysely<Database>, slug: string | undefined, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (!(error instanceof ApiError) && /unique|duplicate/i.test(String((error as Error)?.message)) && /slug/i.test(String((error as Error)?.message))) {
      const words = `Another product has the address ${slug ?? 'made from this name'}: choose another`;
      throw new ApiError(409, words, { slug: [words] });
    }
    throw error;
  }
}

bosProductRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/products',
    tags: ['bos'],
    summary: 'A page of products (search by name, slug, barcode or number; category with those below it, brand, supplier, status, low stock), each with its packs and their stock',
    request: { query: BosProductQuery },
    responses: { 200: jsonAnswer(BosProductList, 'Products and the total'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listBosProducts(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/products',
    tags: ['bos'],
    summary: 'Creates a product with its packs (each new pack’s opening stock the first entry of its ledger)',
    request: jsonBody(BosProductBody),
    responses: { 201: jsonAnswer(BosProduct, 'The product'), ...errorResponses([400, 401, 403, 409, 422]) },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const id = await writing(c.var.deps.db.kysely, body.slug, (trx) => saveProduct(trx, staffOf(c), body));
    return c.json(await bosProduct(c.var.deps.db.kysely, id), 201);
  },
);

// Before /bos/products/{id}, which would take "options" for an id.
bosProductRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/products/options',
    tags: ['bos'],
    summary: 'What the product form offers: categories (with their path), brands, suppliers and warehouses',
    responses: { 200: jsonAnswer(BosProductOptions, 'The choices'), ...errorResponses([401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await productOptions(c.var.deps.db.kysely), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/products/{id}',
    tags: ['bos'],
    summary: 'One product with every pack (stock per warehouse), its images and earlier slugs',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosProduct, 'The product'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await bosProduct(c.var.deps.db.kysely, c.req.valid('param').id), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/products/{id}',
    tags: ['bos'],
    summary: 'Saves the whole product: a changed slug keeps the old one as a 301; packs left out are removed unless orders hold them (409)',
    request: { params: IdParam, ...jsonBody(BosProductBody) },
    responses: { 200: jsonAnswer(BosProduct, 'The product as saved'), ...errorResponses([400, 401, 403, 404, 409, 422]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    await writing(c.var.deps.db.kysely, body.slug, (trx) => saveProduct(trx, staffOf(c), body, { id }));
    return c.json(await bosProduct(c.var.deps.db.kysely, id), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/products/{id}',
    tags: ['bos'],
    summary: 'Deletes a product no order holds; one that orders hold is hidden instead (the answer says which)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosProductRemoved, 'Deleted or hidden'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    return c.json(await c.var.deps.db.kysely.transaction().execute((trx) => removeProduct(trx, staffOf(c), id)), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/packs/{id}',
    tags: ['bos'],
    summary: 'The list’s quick edit of one pack: price and MRP (paise) and the counted level (a count entry in the ledger)',
    request: { params: IdParam, ...jsonBody(BosPackQuickBody) },
    responses: { 200: jsonAnswer(BosPack, 'The pack as saved'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    await c.var.deps.db.kysely.transaction().execute((trx) => quickEditPack(trx, staffOf(c), id, body));
    return c.json(await bosPack(c.var.deps.db.kysely, id), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/stock',
    tags: ['bos'],
    summary: 'One stock ledger entry (count, damage, received): a signed change, or for a count the level counted; refused (409) below 0',
    request: jsonBody(BosStockBody),
    responses: { 201: jsonAnswer(BosStockMoved, 'The entry and the level now'), ...errorResponses([400, 401, 403, 409, 422]) },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const moved = await moveStockAsStaff(c.var.deps.db.kysely, staffOf(c), {
      packId: body.pack_id,
      warehouseId: body.warehouse_id,
      reason: body.reason,
      ...(body.level === undefined ? { change: body.change! } : { level: body.level }),
      note: body.note ?? null,
    });
    return c.json(moved, 201);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/stock',
    tags: ['bos'],
    summary: 'A pack’s level per warehouse and its ledger, newest first',
    request: { query: BosStockQuery },
    responses: { 200: jsonAnswer(BosStockLedger, 'The level and the ledger'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await stockLedger(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);

bosProductRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/stock/low',
    tags: ['bos'],
    summary: 'Packs on sale at or below the threshold (default 10), fewest first',
    request: { query: BosLowStockQuery },
    responses: { 200: jsonAnswer(BosLowStockList, 'Packs low on stock and the total'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await lowStock(c.var.deps.db.kysely, c.req.valid('query')), 200);
  },
);
