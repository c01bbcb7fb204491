/**
 * The one judge of every URL that comes from data (navigation, footer, popup, slides, blocks, suppliers,
 * logos, images, favicon, SEO image, merchant HTML): it reads the URL exactly as a browser's URL parser
 * does, then lets through only a path of this site, http(s), and for links mailto: and tel:. Anything else
 * (javascript:, data:, vbscript:, protocol-relative //host or /\host, relative text) is dropped.
 */

/** What a URL is for: a link may also write mail or call; an image or a slide's target is a path or http(s). */
export type UrlUse = 'link' | 'web';

/** A stand-in origin for "this site": paths are resolved against it and must stay on it. */
const SITE = 'https://site.invalid';
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SCHEMES: Record<UrlUse, ReadonlySet<string>> = {
  link: new Set(['http', 'https', 'mailto', 'tel']),
  web: new Set(['http', 'https']),
};

/**
 * The text a browser's URL parser reads (WHATWG URL, basic URL parser): leading and trailing C0 controls and
 * spaces removed, and every tab and newline removed, wherever it is ("java\tscript:" is "javascript:").
 */
export function urlAsParsed(raw: string): string {
  return raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/**
 * The URL to print for a value from data, or null when it must not become a link or image: a same-site path
 * (`/…`, never `//` or `/\`), an http(s) address, or for links also mailto: and tel:. The answer is the
 * parser's own serialisation, so what the page prints is exactly what was judged.
 */
export function safeUrl(raw: unknown, use: UrlUse = 'link'): string | null {
  if (typeof raw !== 'string') return null;
  if (raw.length > JUDGED_LENGTH) return judge(raw, use);
  const judged = JUDGED[use];
  let answer = judged.get(raw);
  if (answer === undefined) {
    // Bounded: full, it starts again (the same few hundred images and links come back on every page).
    if (judged.size >= JUDGED_MAX) judged.clear();
    answer = judge(raw, use);
    judged.set(raw, answer);
  }
  return answer;
}

/**
 * Judgements already made: two URL parses each, for the same images and links on every page a listing draws
 * (3% of an uncached listing's render). At most JUDGED_MAX a use, of URLs up to JUDGED_LENGTH characters.
 */
const JUDGED: Record<UrlUse, Map<string, string | null>> = { link: new Map(), web: new Map() };
const JUDGED_MAX = 2000;
const JUDGED_LENGTH = 2048;

function judge(raw: string, use: UrlUse): string | null {
  const text = urlAsParsed(raw);
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && !SCHEMES[use].has(scheme)) return null;
  if (scheme === undefined && !text.startsWith('/')) return null;
  let url: URL;
  try {
    // An absolute URL is parsed alone: with a base, "https:host" would be read as a path of the base.
    url = scheme === undefined ? new URL(text, SITE) : new URL(text);
  } catch {
    return null;
  }
  if (scheme === undefined && url.origin !== SITE) return null;
  const printed = scheme === undefined ? `${url.pathname}${url.search}${url.hash}` : url.href;
  // Printed and read back, it must still be the same URL (a path like "/.//host" reads back as another host, and
  // "/.//" as "//", which does not parse at all).
  // (URL.parse would do, but phones with a Chrome older than 126 lack it.)
  try {
    return new URL(printed, SITE).href === url.href ? printed : null;
  } catch {
    return null;
  }
}
