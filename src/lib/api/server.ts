import { embeddedApi } from '../../server/boot';
import { forward } from '../proxy';
import { createApiClient } from './client';

const API_BASE = '/s/api';

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
      // The API could not start (database unreachable, failed migration): say so in the contract's shape.
      console.error('[api] not available:', error);
      return Response.json({ message: 'The shop is not available right now, please try again shortly' }, { status: 503 });
    }
  }
  const url = new URL(request.url);
  return forward(request, new URL(url.pathname + url.search, upstream), {
    timeoutMs: Number(process.env.COMMERCE_API_TIMEOUT_MS ?? 10_000),
    headers: { 'X-Forwarded-Host': url.host, 'X-Forwarded-Proto': url.protocol.replace(':', '') },
    onFailure: () => Response.json({ message: 'The shop is not answering right now, please try again' }, { status: 502 }),
  });
}

/**
 * The API client for server-side rendering of one page request: it carries the shopper's cookies, and
 * collects any cookies the API sets so the page's answer can pass them on.
 */
export function serverApi(pageRequest: Request) {
  const setCookies: string[] = [];
  const client = createApiClient(async (path, init) => {
    const headers = new Headers(init.headers);
    const cookie = pageRequest.headers.get('cookie');
    if (cookie) headers.set('cookie', cookie);
    for (const name of ['user-agent', 'x-forwarded-for', 'x-forwarded-host']) {
      const value = pageRequest.headers.get(name);
      if (value) headers.set(name, value);
    }
    const response = await forwardToApi(new Request(new URL(API_BASE + path, pageRequest.url), { ...init, headers }));
    setCookies.push(...response.headers.getSetCookie());
    return response;
  });
  return { ...client, setCookies };
}
