import type { Kysely } from 'kysely';
import { escapeHtml } from '../../lib/escape-html';
import { HTML_LANG, LOCALES, localizePath } from '../../lib/i18n/locales';
import type { Database } from '../db/schema';
import { productEntries, type SitemapEntry } from './sitemap';

// The sitemap's XML (sitemaps.org protocol 0.9); its URLs come from services/sitemap.ts.
type DB = Kysely<Database>;

/**
 * A page's `<url>` elements, one a language (English, then Hindi at /hi/…), each naming every language's address
 * as an hreflang alternate (itself included, as search engines ask); addresses absolute on the shop's origin.
 */
function urlElement(origin: string, e: SitemapEntry): string {
  const addresses = LOCALES.map((locale) => ({ hreflang: HTML_LANG[locale], loc: escapeHtml(origin + localizePath(e.path, locale)) }));
  const alternates = addresses.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.loc}"/>`).join('');
  return addresses.map((a) => `<url><loc>${a.loc}</loc><lastmod>${e.lastmod}</lastmod>${alternates}</url>\n`).join('');
}

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/** The sitemap index: one `<sitemap>` per numbered file, each with the newest lastmod the shop has. */
export function sitemapIndex(origin: string, files: number, lastmod: string): string {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (let n = 1; n <= files; n++) xml += `<sitemap><loc>${escapeHtml(`${origin}/sitemap-${n}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>\n`;
  return `${xml}</sitemapindex>\n`;
}

/**
 * The sitemap's URLs in order are the leading entries, then the active products by id; file n (from 1) of
 * `perFile` holds the nth slice. The answer streams: the leading part and the first product batch are read
 * before it starts (so a database failure is a clean error answer), the rest as the client reads.
 */
export async function urlsetStream(db: DB, origin: string, lead: SitemapEntry[], fileNo: number, perFile: number): Promise<ReadableStream<Uint8Array>> {
  const start = (fileNo - 1) * perFile;
  const leadPart = lead.slice(start, start + perFile);
  const batches = productEntries(db, Math.max(0, start - lead.length), perFile - leadPart.length);
  const encoder = new TextEncoder();
  let next: IteratorResult<SitemapEntry[]> | null = await batches.next();
  let head = URLSET_OPEN + leadPart.map((e) => urlElement(origin, e)).join('');
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === null) return;
      if (next.done) {
        controller.enqueue(encoder.encode(head + URLSET_CLOSE));
        next = null;
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(head + next.value.map((e) => urlElement(origin, e)).join('')));
      head = '';
      next = await batches.next();
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
