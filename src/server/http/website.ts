import type { MiddlewareHandler } from 'hono';
import { seenPageGeneration } from '../db/page-generation';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppEnv, WebsiteRow } from '../env';
import { websiteForHost } from '../services/websites';
import { ApiError } from './errors';
import { requestHost } from './session';

/**
 * Website records change rarely; a short per-app memory saves a query on every call. A record read before the
 * newest page generation this process has seen is read again (db/page-generation.ts), so a page rendered after a
 * change to a website shows it.
 */
const TTL_MS = 30_000;

/** Chooses the website by the request's host and puts it in the context. */
export function websiteMiddleware(): MiddlewareHandler<AppEnv> {
  const cache = new Map<string, { website: WebsiteRow; at: number; generation: number }>();
  return async (c, next) => {
    const host = requestHost(c);
    const db = c.var.deps.db.kysely;
    const hit = cache.get(host);
    const generation = seenPageGeneration(db);
    let website = hit && Date.now() - hit.at < TTL_MS && hit.generation >= generation ? hit.website : undefined;
    if (!website) {
      // While the database is away, the last known website still answers (cached content pages need it).
      website = await websiteForHost(db, host).catch((error: unknown) => {
        if (hit && isDatabaseUnavailable(error)) return hit.website;
        throw error;
      });
      if (!website) throw new ApiError(503, 'This shop has no website yet');
      if (cache.size > 1000) cache.clear();
      cache.set(host, { website, at: Date.now(), generation });
    }
    c.set('website', website);
    await next();
  };
}
