import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyLimitFor } from '../../lib/body-limits.mjs';
import { requestSay } from './errors';
import type { AppEnv } from '../env';

/** What a refused upload is told, at its form's file field. */
const FILE_TOO_LARGE: Record<string, string> = {
  '/s/api/media': 'This file is too large: an image may be at most 5 MB',
  '/s/api/bos/import': 'This file is too large: an import may be at most 8 MB (split it into several files)',
};

/**
 * Caps every call's body (32 KB; page check and publish 1 MB; a media upload 5 MB and 64 KB; a catalogue import
 * 8 MB) with Hono's bodyLimit, for calls that reach the API without the capped HTTP server in front (in-process
 * calls, another host's server): 413 JSON `{ message }`.
 */
export const apiBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const maxSize = bodyLimitFor(c.req.path);
  // An upload's refusal is said at its file field, as the upload form shows it.
  const file = FILE_TOO_LARGE[c.req.path];
  // Said in the request's language (staff's uploads stay English); the KB as tooLargeMessage writes them, ungrouped.
  const message = () => requestSay(c)('refusals.tooLarge', { kb: String(Math.round(maxSize / 1024)) });
  return bodyLimit({ maxSize, onError: (c) => c.json(file ? { message: file, errors: { file: [file] } } : { message: message() }, 413) })(c, next);
};
