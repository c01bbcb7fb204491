/**
 * The contract's plain constants, in a module without zod: browser code imports them from here, so an island
 * never pulls a schema (and zod with it) into its bundle. The schema modules re-export them.
 */

/** Names of the cookie and header of the anti-forgery check (docs/product.md#common-rules). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The page origin every call carries (docs/product.md#common-rules). */
export const ORIGIN_HEADER = 'X-Origin';
/** The session cookie's name: `__Host-` binds it to this host over HTTPS; plain HTTP on localhost cannot use it. */
export const sessionCookieName = (production: boolean) => (production ? '__Host-sid' : 'sid');

/** The most of one pack a cart line may hold. */
export const MAX_LINE_QUANTITY = 50;
