/**
 * The shop's languages (docs/languages.md): English at the shop's own addresses, Hindi under /hi/. The locale is
 * read from the address alone, so a cached page varies by its URL and never by a cookie; the `lang` cookie only
 * remembers a shopper's choice for their next visit to the home page.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a shopper's language (set by /language/{locale}), a year. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** `<html lang>` and hreflang of each locale. */
export const HTML_LANG: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** The locale of a page's `<html lang>` (or an island's words' `lang`): 'hi-IN' → 'hi'; anything else English. */
export const localeOfLang = (lang: string | undefined): Locale => LOCALES.find((locale) => HTML_LANG[locale] === lang) ?? DEFAULT_LOCALE;

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The locale an address is in and the path without its prefix: `/hi/products` → hi, `/products`; `/hi` → hi, `/`. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    if (pathname === `/${locale}`) return { locale, path: '/' };
    if (pathname.startsWith(`/${locale}/`)) return { locale, path: pathname.slice(locale.length + 1) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * What exists in one language only, by an address's first segment: the API, built files, media, the form posts'
 * endpoints, the switch, the staff tools, health checks and crawler files. No /hi/ copy (a 404), and a link to it
 * stays as it is on a Hindi page.
 */
const ONE_LANGUAGE = new Set(['s', '_astro', '_image', 'ingest', 'media', 'cart', 'wishlist', 'webui', 'language', 'bos', 'page-builder', 'personal-parts', 'healthz', 'readyz', 'robots.txt']);

export function isOneLanguage(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return ONE_LANGUAGE.has(first) || first.startsWith('favicon') || /^sitemap[\w.-]*\.xml$/.test(first);
}

/**
 * A same-site path (with its query and fragment) in a locale: `/products?q=dal` → `/hi/products?q=dal` in Hindi.
 * Anything else (another site, `//host`, `mailto:`, a fragment alone, an unlocalised path) comes back as it was.
 */
export function localizePath(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const bare = href.replace(/[?#].*$/, '');
  const { path } = splitLocale(bare);
  const rest = href.slice(bare.length);
  if (locale === DEFAULT_LOCALE || isOneLanguage(path)) return path + rest;
  return (path === '/' ? `/${locale}` : `/${locale}${path}`) + rest;
}
