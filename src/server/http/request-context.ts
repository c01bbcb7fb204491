import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { AgentScope } from '../services/agent-customers';
import type { AuthContext } from '../services/auth';
import type { ViewOptions } from '../services/cart';
import { requestLocale } from './language';
import { senderFor } from '../services/otp-sender';
import { requestSay } from './errors';

/**
 * What a route hands a service, read from the request's context, for the helpers more than one route module
 * uses (a route module never imports another: docs/architecture.md#layers).
 */

/** Sign-in and contact changes: the database, settings, key, code sender and limits of this request's website, and its language (the code's text). */
export const authContext = (c: Context<AppEnv>): AuthContext => ({
  db: c.var.deps.db.kysely,
  config: c.var.deps.config,
  secret: c.var.deps.secret,
  sender: senderFor(c.var.deps.config, c.var.deps.db.kysely),
  websiteName: c.var.website.name,
  locale: requestLocale(c),
  limiter: c.var.deps.limiter,
});

/** Set by the storefront's /s mount from the socket, never from the caller. */
export const clientIp = (c: Context<AppEnv>) => c.req.header('x-client-ip') ?? 'unknown';

/** What every cart answer needs from the settings, its reasons' language and the language its lines are named in (the request's). */
export const viewOptions = (c: Context<AppEnv>): ViewOptions => ({ payments: c.var.deps.config, t: requestSay(c), locale: requestLocale(c) });

/** The signed-in sales agent on the request's website (after requireAgent). */
export const agentScope = (c: Context<AppEnv>): AgentScope => ({ websiteId: c.var.website.id, agentId: c.var.user!.id });
