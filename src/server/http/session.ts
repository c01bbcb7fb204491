import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ORIGIN_HEADER, sessionCookieName, XSRF_COOKIE, XSRF_HEADER } from '../../contract/session';
import type { AppEnv, SessionRow } from '../env';
import { createSession, destroySession, loadSession, xsrfMatches, xsrfToken } from '../services/sessions';
import { ApiError, refusal } from './errors';

/**
 * Loads the visitor's session and user (if any) into the context. A super administrator who chose another
 * website sees that website instead of the host's.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.var.deps;
  const token = getCookie(c, sessionCookieName(config.production));
  let session = await loadSession(db.kysely, config, token, c.var.website.id);
  let user = session?.user_id ? ((await db.kysely.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst()) ?? null) : null;
  // Blocking a user deletes their sessions in the same transaction; one made by a sign-in that crossed the block
  // (its code checked just before) ends here, on its first request.
  if (session && user && user.blocked_at !== null) {
    await destroySession(db.kysely, session.id);
    session = null;
    user = null;
  }
  c.set('session', session);
  c.set('user', user);
  // A cookie whose session has ended (timed out, logged out elsewhere, purged) is forgotten by the browser, so
  // the client fetches a fresh token on its next write instead of sending the dead one for ever.
  if (token && !session) forgetSession(c);
  if (session?.website_override && user?.is_superadmin === 1) {
    const chosen = await db.kysely.selectFrom('websites').selectAll().where('id', '=', session.website_override).executeTakeFirst();
    if (chosen) c.set('website', chosen);
  }
  await next();
};

/** The current session, created (with its cookies) when the visitor has none yet. */
export async function ensureSession(c: Context<AppEnv>): Promise<SessionRow> {
  const existing = c.var.session;
  if (existing) return existing;
  const { token, session } = await createSession(c.var.deps.db.kysely, c.var.deps.config, c.var.website.id);
  useSession(c, token, session);
  return session;
}

/** Makes a session current for this answer: its cookies go to the browser. */
export function useSession(c: Context<AppEnv>, token: string, session: SessionRow) {
  setCookie(c, sessionCookieName(c.var.deps.config.production), token, { path: '/', httpOnly: true, sameSite: 'Lax', ...lifetime(c) });
  setXsrfCookie(c, session);
  c.set('session', session);
}

/** Tells the browser to forget the session and its token (after logout). */
export function forgetSession(c: Context<AppEnv>) {
  const { production } = c.var.deps.config;
  deleteCookie(c, sessionCookieName(production), { path: '/', secure: production });
  deleteCookie(c, XSRF_COOKIE, { path: '/', secure: production });
  c.set('session', null);
  c.set('user', null);
}

/** Sets the anti-forgery cookie for a session. */
export function setXsrfCookie(c: Context<AppEnv>, session: SessionRow) {
  // Readable by the page's script on purpose: the client echoes it in the X-XSRF-TOKEN header.
  setCookie(c, XSRF_COOKIE, xsrfToken(c.var.deps.secret, session.id), { path: '/', httpOnly: false, sameSite: 'Lax', ...lifetime(c) });
}

const lifetime = (c: Context<AppEnv>) => ({
  secure: c.var.deps.config.production,
  maxAge: c.var.deps.config.sessionAbsoluteDays * 86_400,
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The only calls exempt from the anti-forgery token: exactly these paths (routes/payments.ts). */
const PROVIDER_WEBHOOKS = new Set(['/s/api/payments/razorpay/webhook', '/s/api/payments/stripe/webhook']);
const FORGED = refusal('refusals.crossSite');
const EXPIRED = refusal('refusals.sessionExpired');

/**
 * The product makes three state-changing calls GETs (check pincode stores it, remove coupon, logout). They are
 * refused when any signal says another site sent them, or when they lack the page-origin header our clients
 * send on every call: a link, image or prefetch from another site cannot add a header. A token, when sent
 * (the no-JavaScript forms send theirs), must be this session's.
 */
export const guardStateChangingGet: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (sentByAnotherSite(c) || !c.req.header(ORIGIN_HEADER)) throw new ApiError(403, FORGED);
  const token = c.req.header(XSRF_HEADER);
  if (token !== undefined && !(c.var.session && xsrfMatches(c.var.deps.secret, c.var.session.id, token))) throw new ApiError(403, EXPIRED);
  await next();
};

/**
 * Refuses state-changing calls that come from another site or lack this session's anti-forgery token.
 * Runs before any handler, so a refused call changes nothing.
 */
export const forgeryGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  // A payment provider's webhook carries no token: its signature, checked over the raw body, authenticates it.
  if (c.req.method === 'POST' && PROVIDER_WEBHOOKS.has(c.req.path)) return next();
  if (sentByAnotherSite(c)) throw new ApiError(403, FORGED);
  const session = c.var.session;
  if (!session || !xsrfMatches(c.var.deps.secret, session.id, c.req.header(XSRF_HEADER))) throw new ApiError(403, EXPIRED);
  await next();
};

/** True when any signal says another site (or another website of this shop) sent the call. */
function sentByAnotherSite(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('Sec-Fetch-Site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const host = requestHost(c);
  return ['Origin', ORIGIN_HEADER].some((name) => {
    const origin = c.req.header(name);
    return !!origin && origin !== 'null' && hostOf(origin) !== host;
  });
}

/** Host (with port) the request was addressed to; behind a trusted proxy, the one it forwarded. */
export function requestHost(c: Context<AppEnv>): string {
  const forwarded = c.var.deps.config.trustProxy ? c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim() : undefined;
  return (forwarded || new URL(c.req.url).host).toLowerCase();
}

/** The origin the shop's pages are served from, as this request reached it (behind a trusted proxy, as forwarded). */
export function requestOrigin(c: Context<AppEnv>): string {
  const forwarded = c.var.deps.config.trustProxy ? c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim() : undefined;
  const protocol = forwarded === 'http' || forwarded === 'https' ? forwarded : new URL(c.req.url).protocol.replace(':', '');
  return `${protocol}://${requestHost(c)}`;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}
