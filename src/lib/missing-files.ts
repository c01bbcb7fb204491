/**
 * A request for a file that is not there (a built asset, an image, a script) that reached the pages because no
 * static file answered it. It gets a short plain 404 that no cache keeps (the file may be deployed a moment
 * later), never the shop's page: a page render costs a session lookup and 40 KB, and a missing /_astro/ chunk
 * asked for by a stale page must not look like a page.
 */
export function missingFile(): Response {
  return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The last segment names a file (`name.ext`): never a page of the shop, whose paths are words and dashes. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,12}$/i;

/**
 * True when a request that reached the catch-all page (`[...slug]`, nothing else matched it) asks for a file:
 * under /_astro (the build's assets), or a path whose last segment has an extension. Such a path reaches the
 * catch-all only because the file is missing.
 */
export const isMissingFile = (path: string, routePattern: string) =>
  routePattern === '/[...slug]' && (path === '/_astro' || path.startsWith('/_astro/') || FILE_NAME.test(path));
