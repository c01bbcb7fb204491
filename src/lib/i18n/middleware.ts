import { defineMiddleware } from 'astro:middleware';
import { DEFAULT_LOCALE, isOneLanguage, LANGUAGE_COOKIE, localizePath, splitLocale } from './locales';
import { inPageLanguage } from './shared-words';
import { translator } from './translate';

/**
 * The language of a page (docs/languages.md), first of the page middleware: `/hi/…` is the Hindi page of `/…`,
 * rendered by the same route (a rewrite) with `locals.locale`, `locals.t` (the words) and `locals.localize` (a link
 * in the page's language) in Hindi; everything else is English.
 * A shopper who chose Hindi (the `lang` cookie) and opens `/` is sent to `/hi` (a private redirect, never kept).
 */
export const language = defineMiddleware((context, next) => {
  const { pathname, search } = context.url;
  const { locale, path } = splitLocale(pathname);
  context.locals.locale = locale;
  context.locals.t = translator(locale);
  context.locals.localize = (href) => localizePath(href, locale);
  if (locale === DEFAULT_LOCALE) {
    if (pathname === '/' && context.request.method === 'GET' && context.cookies.get(LANGUAGE_COOKIE)?.value === 'hi') {
      return new Response(null, { status: 302, headers: { location: `/hi${search}`, 'cache-control': 'private, no-store', vary: 'Cookie' } });
    }
    return next();
  }
  if (isOneLanguage(path)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return inPageLanguage(locale, () => next(path + search));
});
