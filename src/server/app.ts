import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from './env';
import { apiBodyLimit } from './http/body-limit';
import { errorAnswer } from './http/errors';
import { forgeryGuard, sessionMiddleware } from './http/session';
import { websiteMiddleware } from './http/website';
import { addressRoutes } from './routes/addresses';
import { authRoutes } from './routes/auth';
import { bosRoutes } from './routes/bos';
import { cartRoutes } from './routes/cart';
import { catalogueRoutes } from './routes/catalogue';
import { demoRoutes } from './routes/demo';
import { orderRoutes } from './routes/orders';
import { pageRoutes } from './routes/pages';
import { siteRoutes } from './routes/site';
import { wishlistRoutes } from './routes/wishlist';

export const API_BASE = '/s/api';

/** The commerce API as a Hono app under /s/api, bound to one database. */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>().basePath(API_BASE);
  app.onError(errorAnswer);
  app.notFound((c) => c.json({ message: `No API call at ${new URL(c.req.url).pathname}` }, 404));

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Storefront commerce API', version: '1', description: 'Calls of the storefront spec, section 7, under /s/api.' },
  });
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', apiBodyLimit, websiteMiddleware(), sessionMiddleware, forgeryGuard);

  app.route('/', siteRoutes);
  app.route('/', catalogueRoutes);
  app.route('/', cartRoutes);
  app.route('/', authRoutes);
  app.route('/', bosRoutes);
  app.route('/', wishlistRoutes);
  app.route('/', addressRoutes);
  app.route('/', orderRoutes);
  app.route('/', pageRoutes);
  // The demo's conveniences do not exist in production: not answered, not in the OpenAPI document.
  if (!deps.config.production) app.route('/', demoRoutes);
  return app;
}

export type Api = ReturnType<typeof createApp>;
