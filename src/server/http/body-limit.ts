import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyLimitFor, tooLargeMessage } from '../../lib/body-limits.mjs';
import type { AppEnv } from '../env';

/**
 * Caps every call's body (32 KB; page check and publish 1 MB; a media upload 5 MB and 64 KB) with Hono's bodyLimit, for calls that reach the
 * API without the capped HTTP server in front (in-process calls, another host's server): 413 JSON `{ message }`.
 */
export const apiBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const maxSize = bodyLimitFor(c.req.path);
  // A media upload's refusal is said at its file field, as the upload form shows it.
  const media = c.req.path === '/s/api/media';
  const message = media ? 'This file is too large: an image may be at most 5 MB' : tooLargeMessage(maxSize);
  return bodyLimit({ maxSize, onError: (c) => c.json(media ? { message, errors: { file: [message] } } : { message }, 413) })(c, next);
};
