import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { Message, PageCheck, PageData, problemLines, WebuiCreateBody, type PageData as PageDataType } from '../../contract';
import type { AppEnv } from '../env';
import { requirePermission } from '../http/guards';
import { requestLocale } from '../http/language';
import { errorResponses, jsonBody, router } from '../http/router';
import { swrCache } from '../services/page-data-cache';
import { pageCheckErrors, pageData, publishPage, submitForm } from '../services/pages';

/** Content pages and their forms (docs/product.md#the-calls: GET /api/page/data{path}, POST /api/webui/create). */
export const pageRoutes = router();
const pageAnswer = { description: 'The page', content: { 'application/json': { schema: PageData } } };
/** One cache per database; signed-in shoppers (whose wishlist flags differ) are answered fresh. */
const caches = new WeakMap<object, ReturnType<typeof swrCache<PageDataType>>>();
const answer = async (c: Context<AppEnv>, url: string) => {
  c.header('Cache-Control', 'no-store');
  const { db } = c.var.deps;
  const websiteId = c.var.website.id;
  // Names (products', categories', brands', the page's SEO words) in the request's language.
  const locale = requestLocale(c);
  if (c.var.user) return c.json(await pageData(db, websiteId, url, c.var.user.id, locale), 200);
  if (!caches.has(db)) caches.set(db, swrCache<PageDataType>());
  // The version changes with every publish: a new time, and new component ids (a publish replaces them all); and
  // with the page generation (db/page-generation.ts), as the blocks show products, prices and stock: the page cache
  // renders a page again when the generation moves, and must not be given the blocks as they were before.
  const version = async () => {
    const row = await db.kysely
      .selectFrom('pages')
      .select([
        'updated_at',
        (eb) => eb.selectFrom('page_components').select((e) => e.fn.max('id').as('m')).whereRef('page_components.page_id', '=', 'pages.id').as('last'),
        (eb) => eb.selectFrom('page_generation').select('generation').where('id', '=', 1).as('generation'),
      ])
      .where('website_id', '=', websiteId)
      .where('url', '=', url)
      .where('live', '=', 1)
      .executeTakeFirst();
    return row ? `${row.updated_at}#${row.last ?? 0}#${row.generation ?? 0}` : null;
  };
  // One entry per language: a Hindi answer is never served to an English page, nor the other way.
  return c.json(await caches.get(db)!.get(`${websiteId}|${locale}|${url}`, version, () => pageData(db, websiteId, url, undefined, locale)), 200);
};

pageRoutes.openapi(
  createRoute({ method: 'get', path: '/page/data', tags: ['pages'], summary: 'The home page', responses: { 200: pageAnswer, ...errorResponses([404]) } }),
  (c) => answer(c, '/'),
);
// The call /api/page/data{path} (docs/product.md#the-calls) with the path '/': the same home page, with the trailing slash.
pageRoutes.get('/page/data/', (c) => answer(c, '/'));

pageRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/page/data/{path}',
    tags: ['pages'],
    summary: 'The page at /{path}',
    request: { params: z.object({ path: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'No page at that path') }) },
    responses: { 200: pageAnswer, ...errorResponses([400, 404]) },
  }),
  (c) => answer(c, `/${c.req.valid('param').path}`),
);

pageRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/webui/create',
    tags: ['pages'],
    summary: "Sends a page's dynamic form",
    request: jsonBody(WebuiCreateBody),
    responses: { 200: { description: 'Received', content: { 'application/json': { schema: Message } } }, ...errorResponses([400, 403, 404]) },
  }),
  async (c) => c.json(await submitForm(c.var.deps.db.kysely, c.var.website.id, c.req.valid('json')), 200),
);

// A page builder checks and publishes pages with the same schemas the publish command uses.
// The page builder's calls (routes/page-builder.ts) too: website_setting:view reads and checks; every change
// (a save, a publish, the publish command's publish) needs website_setting:edit.
const viewsPages = requirePermission('website_setting:view');
const editsPages = requirePermission('website_setting:edit');
for (const path of ['/pages', '/pages/*']) {
  pageRoutes.use(path, viewsPages);
  pageRoutes.use(path, (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path.endsWith('/pages/check') || c.req.path.endsWith('/pages/css-check') ? next() : editsPages(c, next)));
}
const pageDocument = { body: { content: { 'application/json': { schema: z.unknown() } }, required: true } };
const checkAnswer = { description: 'Problems found', content: { 'application/json': { schema: PageCheck } } };

/**
 * A page document's problems as the 400 answer (every problem as a line and by field path), or null when valid:
 * the block schemas, then every category, brand, product, supplier and form it names, on this website.
 */
const refusal = async (c: Context<AppEnv>, page: unknown) => {
  const errors = await pageCheckErrors(c.var.deps.db.kysely, c.var.website.id, page);
  const problems = problemLines(errors);
  return problems.length ? c.json({ valid: false, problems, message: problems[0]!, errors }, 400) : null;
};

pageRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/check', tags: ['pages'], summary: 'Checks a page against the block schemas and against what this website has', request: pageDocument, responses: { 200: checkAnswer, 400: checkAnswer, ...errorResponses([401, 403]) } }),
  async (c) => (await refusal(c, await c.req.json().catch(() => undefined))) ?? c.json({ valid: true, problems: [] }, 200),
);

pageRoutes.openapi(
  createRoute({ method: 'post', path: '/pages/publish', tags: ['pages'], summary: 'Publishes a page on this website at its path, if it is valid (the publish command; keeps a version)', request: pageDocument, responses: { 200: checkAnswer, 400: checkAnswer, ...errorResponses([401, 403]) } }),
  async (c) => {
    const page = await c.req.json().catch(() => undefined);
    const refused = await refusal(c, page);
    if (refused) return refused;
    await publishPage(c.var.deps.db.kysely, c.var.website.id, page, c.var.user!.id);
    return c.json({ valid: true, problems: [] }, 200);
  },
);
