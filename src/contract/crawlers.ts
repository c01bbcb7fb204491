import { z } from 'zod';

/** The numbered file of a sitemap index, /sitemap-{n}.xml: 1 and up (a shop of a billion URLs has 20,000). */
export const SitemapFileParam = z.object({ n: z.coerce.number().int().min(1).max(100_000) });

/** The crawler files are text, not JSON: robots.txt (text/plain) and the sitemap (application/xml). */
export const CrawlerText = z.string();

/** /favicon.ico answers a redirect (302, Location: the website's icon) with no body. */
export const CrawlerRedirect = z.null();
