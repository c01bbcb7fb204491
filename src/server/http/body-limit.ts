import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyLimitFor, tooLargeMessage } from '../../lib/body-limits.mjs';
import type { AppEnv } from '../env';

/**
 * Caps every call's body (32 KB; page check and publish 1 MB) with Hono's bodyLimit, for calls that reach the
 * API without the capped HTTP server in front (in-process calls, another host's server): 413 JSON `{ message }`.
 */
export const apiBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const maxSize = bodyLimitFor(c.req.path);
  return bodyLimit({ maxSize, onError: (c) => c.json({ message: tooLargeMessage(maxSize) }, 413) })(c, next);
};
