/**
 * The one module of src/server that the storefront's pages and middleware import (docs/architecture.md#layers):
 * how a request for /s/api/* reaches the commerce API, in this process or at COMMERCE_API_URL. Pages render with
 * what the API answers, through lib/api/server.ts's client (which the middleware gives `forwardToApi` as
 * `locals.forwardToApi`); no page calls a service or the database itself.
 */
import { currentRequestId, logger } from '../lib/log.mjs';
import { forward } from '../lib/proxy';
import { embeddedApi, readiness, type Readiness } from './boot';
import { isDatabaseUnavailable } from './db/unavailable';
import { UNAVAILABLE_MESSAGE } from './http/errors';

/**
 * Hands a request for /s/api/* to the commerce API: the embedded app in this process (no socket), or the
 * backend at COMMERCE_API_URL over HTTP, with the original host forwarded so it picks the same website.
 */
export async function forwardToApi(request: Request): Promise<Response> {
  const upstream = process.env.COMMERCE_API_URL;
  if (!upstream) {
    try {
      return await (await embeddedApi()).fetch(request);
    } catch (error) {
      // The API could not start: the database is away (503, tried again on the next call), or a setting or
      // migration is wrong (500). Either way, said in the contract's shape.
      logger('api').error({ err: error }, `not available: ${error instanceof Error ? error.message : String(error)}`);
      const away = isDatabaseUnavailable(error);
      return Response.json({ message: away ? UNAVAILABLE_MESSAGE : 'The shop could not start, see its log', request_id: currentRequestId() }, { status: away ? 503 : 500 });
    }
  }
  const url = new URL(request.url);
  // The backend logs the call under this request's id (it takes a safe X-Request-Id as its own).
  const requestId = currentRequestId();
  return forward(request, new URL(url.pathname + url.search, upstream), {
    timeoutMs: Number(process.env.COMMERCE_API_TIMEOUT_MS ?? 10_000),
    headers: { 'X-Forwarded-Host': url.host, 'X-Forwarded-Proto': url.protocol.replace(':', ''), ...(requestId ? { 'X-Request-Id': requestId } : {}) },
    onFailure: () => Response.json({ message: 'The shop is not answering right now, please try again' }, { status: 502 }),
  });
}

/**
 * A crawler file (robots.txt, the sitemap, the favicon) from the commerce API, for the website of this request's
 * host. Sent without the visitor's cookies: the answer is the same for everyone and may sit in a public cache,
 * so it must neither read nor renew a session.
 */
export function crawlerFile(request: Request, name: string): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  return forwardToApi(new Request(new URL(`/s/api/crawlers/${name}`, request.url), { method: 'GET', headers }));
}

/**
 * A media library file (/media/<key>-<width>.webp) from the commerce API, which reads it from the media store (a
 * folder or a bucket). Sent without the visitor's cookies, like a crawler file: the answer is the same for everyone
 * and immutable (a file's name is never reused), so it may sit in every cache.
 */
export function mediaFile(request: Request, name: string): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  return forwardToApi(new Request(new URL(`/s/api/media/files/${encodeURIComponent(name)}`, request.url), { method: 'GET', headers }));
}

/**
 * What /readyz answers: the embedded API's readiness (server/boot.ts), or with COMMERCE_API_URL whether that
 * backend answers at all (any HTTP status) within the timeout.
 */
export async function apiReadiness(timeoutMs: number): Promise<Readiness> {
  const upstream = process.env.COMMERCE_API_URL;
  if (!upstream) return readiness(timeoutMs);
  return fetch(new URL('/s/api/openapi.json', upstream), { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) }).then(
    () => ({ ready: true }),
    () => ({ ready: false, reason: 'backend', message: `The commerce API at ${new URL(upstream).host} does not answer` }),
  );
}
