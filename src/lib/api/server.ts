import { parseCookie, parseSetCookie } from 'cookie';
import { PageGeneration } from '../../contract/site';
import { ORIGIN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../contract/session';
import { createApiClient, createCaller, createPageCalls, type Send } from './client';
import { createAgentApi } from './agent';
import { createBosApi } from './bos';
import { createBosPosApi } from './bos-pos';
import { createBosDeliveryApi } from './bos-delivery';
import { createBosCouponsApi } from './bos-coupons';
import { createPeopleApi } from './bos-people';
import { createBosCatalogueApi } from './bos-catalogue';
import { createBosProductsApi } from './bos-products';
import { createPageBuilderApi } from './page-builder';
import { createOrdersApi } from './orders';
import { parseWithContract } from './contract-check';
import { DEFAULT_LOCALE, HTML_LANG, type Locale } from '../i18n/locales';

const API_BASE = '/s/api';

/**
 * How a request for /s/api/* reaches the commerce API: `forwardToApi` of server/for-pages.ts (the API in this
 * process, or the backend at COMMERCE_API_URL). The middleware hands it to every request as
 * `locals.forwardToApi`, so lib/ reaches the API without importing the server.
 */
export type ForwardToApi = (request: Request) => Promise<Response>;

/** Cookie values are kept as sent: they go on to the API as they came. */
const AS_SENT = { decode: (value: string) => value };

/**
 * The origin the shopper's page was addressed to, as the API judges where a call comes from: the request's own,
 * or behind a trusted proxy (TRUST_PROXY=true) the host it forwarded. Sent as the page origin on every call.
 */
function pageOrigin(pageRequest: Request): string {
  const url = new URL(pageRequest.url);
  const forwarded = process.env.TRUST_PROXY === 'true' ? pageRequest.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return forwarded ? `${url.protocol}//${forwarded}` : url.origin;
}

/**
 * The API client for server-side work on one page request. It carries the shopper's cookies, keeps any the
 * API sets (so a later call in the same request sees a new session), and collects them for the page's answer.
 * Every call carries the page origin and, once `useXsrf` gave it (from the shopper's form), the anti-forgery token.
 * `clientAddress` is the shopper's address (lib/client-address.ts); `locale` the page's language, which the API
 * answers in (Accept-Language: its refusals' words, names the shop gives in that language).
 */
export function serverApi(pageRequest: Request, forwardToApi: ForwardToApi, clientAddress?: string, locale: Locale = DEFAULT_LOCALE) {
  const setCookies: string[] = [];
  const jar = new Map(Object.entries(parseCookie(pageRequest.headers.get('cookie') ?? '', AS_SENT)) as [string, string][]);
  const origin = pageOrigin(pageRequest);
  let xsrf = '';
  const send: Send = async (path, init) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    // sec-fetch-site too: a call made for another site's navigation or post is refused by the API as such.
    // x-forwarded-proto: behind a trusted proxy, the API's urlOrigin is the scheme the shopper used.
    for (const name of ['user-agent', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'sec-fetch-site']) {
      const value = pageRequest.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(ORIGIN_HEADER, origin);
    // On every call, GETs included: the API checks it on the state-changing GETs (pincode, coupon, logout) too.
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    // The shopper's address, for the API's per-client limits (the socket's, never a header they sent).
    headers.set('x-client-ip', clientAddress ?? 'unknown');
    headers.set('accept-language', HTML_LANG[locale]);
    const response = await forwardToApi(new Request(new URL(API_BASE + path, pageRequest.url), { ...init, headers }));
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const { name, value } = parseSetCookie(line, AS_SENT);
      if (name) jar.set(name, value ?? '');
    }
    return response;
  };
  const { call } = createCaller(send, parseWithContract);
  return {
    ...createApiClient(send, parseWithContract),
    ...createPageCalls(send, parseWithContract),
    ...createOrdersApi(send, parseWithContract),
    ...createAgentApi(send, parseWithContract),
    ...createBosApi(send, parseWithContract),
    ...createBosPosApi(send, parseWithContract),
    ...createBosDeliveryApi(send, parseWithContract),
    ...createBosCouponsApi(send, parseWithContract),
    ...createPeopleApi(send, parseWithContract),
    ...createBosCatalogueApi(send, parseWithContract),
    ...createBosProductsApi(send, parseWithContract),
    ...createPageBuilderApi(send, parseWithContract),
    /** When each warehouse's goods reach the session's pincode: a shopper's delivery lines (pages/personal-parts.astro). */
    deliveries: () => call('Deliveries', '/deliveries'),
    setCookies,
    /** The anti-forgery token for this visitor's session, if it has one. */
    get xsrfCookie() {
      return jar.get(XSRF_COOKIE) ? decodeURIComponent(jar.get(XSRF_COOKIE)!) : '';
    },
    useXsrf(token: string) {
      xsrf = token;
    },
  };
}
export type ServerApi = ReturnType<typeof serverApi>;

/**
 * The page generation (contract PageGeneration) for a page request's website, or null when the API cannot say
 * (then the page is rendered, not served from the page cache). With `session`, the request's cookies go along and
 * the answer has the visitor's personal state, and the cookies the API set (to pass on to the browser).
 */
export async function pageGeneration(pageRequest: Request, forwardToApi: ForwardToApi, { session = false } = {}): Promise<(PageGeneration & { setCookies: string[] }) | null> {
  const headers = new Headers();
  for (const name of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', ...(session ? ['cookie'] : [])]) {
    const value = pageRequest.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(ORIGIN_HEADER, pageOrigin(pageRequest));
  try {
    const response = await forwardToApi(new Request(new URL(API_BASE + '/page-generation', pageRequest.url), { headers }));
    if (!response.ok) return null;
    const parsed = PageGeneration.safeParse(await response.json());
    return parsed.success ? { ...parsed.data, setCookies: session ? response.headers.getSetCookie() : [] } : null;
  } catch {
    return null;
  }
}
