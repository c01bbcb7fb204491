import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CrawlerText, SitemapFileParam } from '../../contract/crawlers';
import { safeUrl } from '../../contract/safe-url';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { errorResponses, router } from '../http/router';
import { leadingEntries } from '../services/sitemap';
import { sitemapIndex, urlsetStream } from '../services/sitemap-xml';
import { LOCALES } from '../../lib/i18n/locales';
import { requestOrigin } from '../http/session';

/**
 * The files crawlers ask a website for (docs/crawlers.md): robots.txt, the sitemap (or its index and numbered files past
 * the protocol's 50,000 URLs) and the favicon. Each is the same for every visitor of a website, so it may sit in
 * a public cache; the storefront serves them at /robots.txt, /sitemap.xml, /sitemap-{n}.xml and /favicon.ico.
 */
export const crawlerRoutes = router();

/** An hour: crawlers come back daily at most, and a new product shows within the hour. */
const PUBLIC_HOUR = 'public, max-age=3600';
/**
 * Paths no crawler should fetch: the visitor's own pages, form posts, the API (its demo calls and simulators too).
 * Each closes itself (`$`, RFC 9309) and what is under it, never a marketer's page that merely starts with its
 * letters (/orders-of-the-day, /cart-tips); its address with a query too.
 */
const DISALLOWED = ['/account', '/checkout', '/auth', '/cart', '/order', '/wishlist', '/webui', '/ingest', '/s/api'].flatMap((path) => [`${path}$`, `${path}/`, `${path}?`]);

const text = (description: string, type: string) => ({ description, content: { [type]: { schema: CrawlerText } } });

crawlerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/crawlers/robots.txt',
    tags: ['crawlers'],
    summary: "The website's robots.txt (served at /robots.txt): catalogue and content allowed, personal pages and the API not",
    responses: { 200: text('robots.txt', 'text/plain') },
  }),
  (c) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${requestOrigin(c)}/sitemap.xml`, ''];
    return c.body(lines.join('\n'), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PUBLIC_HOUR });
  },
);

crawlerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/crawlers/sitemap.xml',
    tags: ['crawlers'],
    summary: "The website's sitemap (served at /sitemap.xml): a urlset, or past SITEMAP_URLS_PER_FILE URLs an index of /sitemap-{n}.xml",
    description: 'Home, listing, published content pages, every category and every active product, each with lastmod, each in English and in Hindi (/hi/…) with the other as its hreflang alternate.',
    responses: { 200: text('Sitemap or sitemap index', 'application/xml'), ...errorResponses([503]) },
  }),
  async (c) => {
    const { lead, files } = await plan(c);
    if (files === 1) return xml(c, await urlsetStream(db(c), requestOrigin(c), lead, 1, perFile(c)));
    const newest = lead.reduce((max, e) => (e.lastmod > max ? e.lastmod : max), lead[0]!.lastmod);
    return xml(c, sitemapIndex(requestOrigin(c), files, newest));
  },
);

crawlerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/crawlers/sitemap/{n}',
    tags: ['crawlers'],
    summary: 'File n of the sitemap index (served at /sitemap-{n}.xml)',
    request: { params: SitemapFileParam },
    responses: { 200: text('A urlset', 'application/xml'), ...errorResponses([400, 404, 503]) },
  }),
  async (c) => {
    const { n } = c.req.valid('param');
    const { lead, files } = await plan(c);
    // A shop small enough for one file has no numbered files: its sitemap is /sitemap.xml itself.
    if (files === 1 || n > files) throw new ApiError(404, `This sitemap has no file ${n}`);
    return xml(c, await urlsetStream(db(c), requestOrigin(c), lead, n, perFile(c)));
  },
);

crawlerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/crawlers/favicon.ico',
    tags: ['crawlers'],
    summary: "The website's favicon (served at /favicon.ico): a redirect to the icon its settings name, or the shop's default",
    responses: { 302: { description: 'Redirect to the icon' } },
  }),
  (c) => {
    // A favicon from data goes through the one safe-URL judge, as the page head's icon link does.
    const icon = safeUrl(c.var.website.favicon, 'web') ?? DEFAULT_FAVICON;
    return c.body(null, 302, { Location: icon, 'Cache-Control': PUBLIC_HOUR });
  },
);

/** The icon of a website whose settings name none (public/favicon.svg). */
const DEFAULT_FAVICON = '/favicon.svg';

const db = (c: Context<AppEnv>) => c.var.deps.db.kysely;
/** Pages a file lists: each page is listed once a language, so a file of SITEMAP_URLS_PER_FILE URLs holds that many over the languages. */
const perFile = (c: Context<AppEnv>) => Math.max(1, Math.floor(c.var.deps.config.sitemapUrlsPerFile / LOCALES.length));

/** The leading entries and how many files the sitemap needs at this shop's size. */
async function plan(c: Context<AppEnv>) {
  const { lead, products } = await leadingEntries(db(c), c.var.website);
  return { lead, files: Math.max(1, Math.ceil((lead.length + products) / perFile(c))) };
}

function xml(c: Context<AppEnv>, body: string | ReadableStream<Uint8Array>) {
  return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_HOUR });
}
