import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from './env';
import { apiBodyLimit } from './http/body-limit';
import { errorAnswer, requestSay } from './http/errors';
import { requestIds } from './http/request-id';
import { forgeryGuard, sessionMiddleware } from './http/session';
import { createPayments } from './orders/payments/providers';
import { websiteMiddleware } from './http/website';
import { addressRoutes } from './routes/addresses';
import { agentRoutes } from './routes/agent';
import { agentOrderRoutes } from './routes/agent-orders';
import { authRoutes } from './routes/auth';
import { bosCouponRoutes } from './routes/bos/coupons';
import { bosAuditRoutes } from './routes/bos/audit';
import { bosCatalogueListRoutes } from './routes/bos/catalogue-lists';
import { bosCategoryRoutes } from './routes/bos/categories';
import { bosImportRoutes } from './routes/bos/import';
import { bosOrderRoutes } from './routes/bos/orders';
import { bosPeopleRoutes } from './routes/bos/people';
import { bosPrintRoutes } from './routes/bos/print';
import { bosProductRoutes } from './routes/bos/products';
import { bosRefundRoutes } from './routes/bos/refunds';
import { bosSalesRoutes } from './routes/bos/sales';
import { bosSynonymRoutes } from './routes/bos/synonyms';
import { bosWebsiteRoutes } from './routes/bos/websites';
import { bosZoneRoutes } from './routes/bos/zones';
import { cartRoutes } from './routes/cart';
import { catalogueRoutes } from './routes/catalogue';
import { crawlerRoutes } from './routes/crawlers';
import { demoRoutes } from './routes/demo';
import { mediaRoutes } from './routes/media';
import { formResponseRoutes } from './routes/form-responses';
import { orderRoutes } from './routes/orders';
import { pageChoiceRoutes } from './routes/page-choices';
import { pageBuilderRoutes } from './routes/page-builder';
import { pageRoutes } from './routes/pages';
import { paymentRoutes } from './routes/payments';
import { posRoutes } from './routes/pos';
import { profileRoutes } from './routes/profile';
import { searchSuggestRoutes } from './routes/search-suggest';
import { siteRoutes } from './routes/site';
import { siteSettingsRoutes } from './routes/site-settings';
import { synonymRoutes } from './routes/synonyms';
import { wishlistRoutes } from './routes/wishlist';

const API_BASE = '/s/api';

/** The commerce API as a Hono app under /s/api, bound to one database. */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>().basePath(API_BASE);
  // First: every answer, even a refusal by a later middleware, carries the request's id.
  app.use('*', requestIds);
  app.onError(errorAnswer);
  app.notFound((c) => c.json({ message: requestSay(c)('refusals.noCall', { path: new URL(c.req.url).pathname }) }, 404));

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Storefront commerce API', version: '1', description: 'The storefront\'s calls (docs/product.md#calls), under /s/api.' },
  });
  const payments = createPayments(deps, async (request) => app.fetch(request));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('payments', payments);
    await next();
  });
  // Without keys (never in production) each provider is simulated: its hosted page and REST slice stand in for
  // the provider's own servers, so they come before the shop's website, session and anti-forgery middleware,
  // and are not in the OpenAPI document (they are the provider's API, not the shop's).
  for (const simulator of payments.simulators) app.route(`/sim/${simulator.name}`, simulator.app);
  app.use('*', apiBodyLimit, websiteMiddleware(), sessionMiddleware, forgeryGuard);

  app.route('/', siteRoutes);
  app.route('/', catalogueRoutes);
  app.route('/', searchSuggestRoutes);
  app.route('/', cartRoutes);
  app.route('/', authRoutes);
  app.route('/', bosWebsiteRoutes);
  app.route('/', bosOrderRoutes);
  app.route('/', bosRefundRoutes);
  app.route('/', bosSalesRoutes);
  app.route('/', bosPrintRoutes);
  app.route('/', bosZoneRoutes);
  app.route('/', bosCouponRoutes);
  app.route('/', bosPeopleRoutes);
  app.route('/', bosAuditRoutes);
  app.route('/', bosCategoryRoutes);
  app.route('/', bosCatalogueListRoutes);
  app.route('/', bosSynonymRoutes);
  app.route('/', bosProductRoutes);
  app.route('/', bosImportRoutes);
  app.route('/', wishlistRoutes);
  app.route('/', addressRoutes);
  app.route('/', orderRoutes);
  app.route('/', profileRoutes);
  app.route('/', pageRoutes);
  app.route('/', pageChoiceRoutes);
  app.route('/', pageBuilderRoutes);
  app.route('/', mediaRoutes);
  app.route('/', formResponseRoutes);
  app.route('/', siteSettingsRoutes);
  app.route('/', synonymRoutes);
  app.route('/', paymentRoutes);
  app.route('/', agentRoutes);
  app.route('/', agentOrderRoutes);
  app.route('/', posRoutes);
  app.route('/', crawlerRoutes);
  // The demo's conveniences do not exist in production: not answered, not in the OpenAPI document.
  if (!deps.config.production) app.route('/', demoRoutes);
  // The app's payment providers, for work outside a request (the refund sweeper in boot.ts, tests).
  return Object.assign(app, { payments });
}

export type Api = ReturnType<typeof createApp>;
