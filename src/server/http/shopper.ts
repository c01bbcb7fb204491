import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Shopper } from '../services/shopper';

/** The signed-in user on the request's website (after requireUser). */
export const shopperOf = (c: Context<AppEnv>): Shopper => ({ userId: c.var.user!.id, websiteId: c.var.website.id });

/** The same, or undefined for a visitor who is not signed in. */
export const maybeShopperOf = (c: Context<AppEnv>): Shopper | undefined => (c.var.user ? shopperOf(c) : undefined);
