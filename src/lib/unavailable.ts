import type { APIContext, MiddlewareNext } from 'astro';
import type { Cart, Init } from '../contract';
import { ApiCallError } from './api/client';
import { serverApi } from './api/server';
import { shopperAddress } from './client-address';
import { logger } from './log.mjs';
import { DEFAULT_LOCALE, HTML_LANG, type Locale } from './i18n/locales';
import { translator } from './i18n/translate';

/**
 * While the database is away the shop still answers in its own colours: the last good init of each website,
 * without anything personal (no cart lines, user or pincode), is kept in memory, a small bounded amount.
 * A content page the API has cached is rendered from it (stale); every other page is the themed 503 page.
 */
const MAX_WEBSITES = 50;
const MAX_HOSTS = 1000;
const shells = new Map<number, Init>();
const websiteByHost = new Map<string, number>();

/** The 503 page's route: rendered with the kept shell, never with a shopper's data. */
const UNAVAILABLE_ROUTE = '/503';
const isContentPath = (path: string) => path === '/' || /^\/[a-z0-9]+(-[a-z0-9]+)*\/?$/.test(path);

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

/** The cart of a visitor who has none: the shop's own settings, no lines, no amounts. */
const emptyCart = (cart: Cart): Cart => ({
  ...cart,
  quantity: 0, amount: 0, discount: 0, delivery_charge: 0, finalDelivery: 0, total: 0,
  offercode: null, pincode: null, notes: null, message: null, deliveryMessage: null,
  items: [], grouped_items: [], delivery_date: null, delivery_start_time: null, delivery_end_time: null,
  delivery_info: [], cart_shipping_info: null, weights: { total_grams: 0 },
});

/** Keeps the non-personal parts of a good init for its host's website (called on every page request). */
export function rememberShell(host: string, init: Init): void {
  remember(websiteByHost, host.toLowerCase(), init.web.id, MAX_HOSTS);
  remember(shells, init.web.id, { ...init, cart: emptyCart(init.cart), user: null, pincode: null }, MAX_WEBSITES);
}

/** The kept shell for a host; an unknown host gets the first website's, as the API would answer it. */
function shellFor(host: string): Init | undefined {
  const id = websiteByHost.get(host.toLowerCase()) ?? Math.min(...shells.keys());
  return shells.get(id);
}

/** True when a failure means the shop's data is away for now (the API answered 503, or 502 from a proxy). */
export const isUnavailable = (error: unknown) => error instanceof ApiCallError && (error.status === 503 || error.status === 502);

/**
 * The answer while init (or a page's own API call) fails: a cached content page, stale, rendered as for a
 * visitor without a session; else the themed 503 page; else, with no shell kept yet (the database was
 * away since the process started), a plain 503 page.
 */
export async function whileUnavailable(context: APIContext, next: MiddlewareNext, error: unknown): Promise<Response> {
  logger('storefront').error(`${context.url.pathname}: the shop's data is unavailable: ${error instanceof Error ? error.message : String(error)}`);
  const shell = shellFor(context.url.host);
  if (!shell) return plainUnavailable(context.locals.locale ?? DEFAULT_LOCALE);
  const anonymous = new Request(context.request.url, { headers: withoutCookies(context.request.headers) });
  context.locals.api = serverApi(anonymous, context.locals.forwardToApi, shopperAddress(context), context.locals.locale);
  context.locals.init = shell;
  context.locals.flash = null;
  if (context.request.method === 'GET' && isContentPath(context.url.pathname)) {
    const page = await next().catch(() => null);
    if (page?.status === 200) return noStore(page);
  }
  return noStore(await next(UNAVAILABLE_ROUTE));
}

function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('cookie');
  return copy;
}

function noStore(response: Response): Response {
  response.headers.set('cache-control', 'no-store');
  if (response.status === 503) response.headers.set('retry-after', '30');
  return response;
}

/** The plain 503 page, in the language of the address asked for (lib/i18n/middleware.ts set it first). */
function plainUnavailable(locale: Locale): Response {
  const t = translator(locale);
  const html = `<!doctype html><html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('errors.unavailableTitle')}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>${t('errors.unavailable')}</h1><p>${t('errors.unavailableHelp')}</p><p><a href="">${t('errors.tryAgain')}</a></p></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '30', 'cache-control': 'no-store' } });
}
