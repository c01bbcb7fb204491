import { forwardToApi } from './api/server';

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

/** Paths the storefront answers with a crawler file: served bare, without the shell's init call. */
export const isCrawlerFile = (path: string) => path === '/robots.txt' || path === '/sitemap.xml' || path === '/favicon.ico' || /^\/sitemap-[^/]*\.xml$/.test(path);
