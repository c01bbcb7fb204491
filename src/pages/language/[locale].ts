import type { APIRoute } from 'astro';
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, localizePath } from '../../lib/i18n/locales';
import { safeReturnPath } from '../../lib/redirect';

/**
 * The language switch (header and footer): `/language/hi?back=/products` remembers the choice (the `lang` cookie,
 * a year) and sends the shopper to the same page in that language. Without JavaScript it is a plain link.
 */
export const GET: APIRoute = ({ params, url, cookies }) => {
  if (!isLocale(params.locale)) return new Response('Unknown language', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const back = safeReturnPath(url.searchParams.get('back'));
  cookies.set(LANGUAGE_COOKIE, params.locale, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'lax', httpOnly: false, secure: url.protocol === 'https:' });
  return new Response(null, { status: 303, headers: { location: localizePath(back, params.locale), 'cache-control': 'private, no-store' } });
};
