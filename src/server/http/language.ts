import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../lib/i18n/locales';

/**
 * The language a call asks its answer in, from its Accept-Language `header`: the shop's page sends its own (`hi-IN` on a /hi/
 * page, lib/api/server.ts and browser.ts), another client whatever it prefers. The first of the shop's languages by
 * preference (q), else English. Refusals keep their codes in every language; only their words change.
 */
export function acceptedLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.slice(0, 256).split(',').slice(0, 16)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLocale(primary) || !(q > 0) || (best && best.q >= q)) continue;
    best = { locale: primary, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** The request's language (see `acceptedLocale`). */
export const requestLocale = (c: Context) => acceptedLocale(c.req.header('accept-language'));
