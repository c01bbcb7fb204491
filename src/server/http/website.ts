import type { MiddlewareHandler } from 'hono';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppEnv, WebsiteRow } from '../env';
import { websiteForHost } from '../services/websites';
import { ApiError } from './errors';
import { requestHost } from './session';

/** Website records change rarely; a short per-app memory saves a query on every call. */
const TTL_MS = 30_000;

/** Chooses the website by the request's host and puts it in the context. */
export function websiteMiddleware(): MiddlewareHandler<AppEnv> {
  const cache = new Map<string, { website: WebsiteRow; at: number }>();
  return async (c, next) => {
    const host = requestHost(c);
    const hit = cache.get(host);
    let website = hit && Date.now() - hit.at < TTL_MS ? hit.website : undefined;
    if (!website) {
      // While the database is away, the last known website still answers (cached content pages need it).
      website = await websiteForHost(c.var.deps.db.kysely, host).catch((error: unknown) => {
        if (hit && isDatabaseUnavailable(error)) return hit.website;
        throw error;
      });
      if (!website) throw new ApiError(503, 'This shop has no website yet');
      if (cache.size > 1000) cache.clear();
      cache.set(host, { website, at: Date.now() });
    }
    c.set('website', website);
    await next();
  };
}
