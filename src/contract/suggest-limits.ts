/**
 * The bounds of search suggestions, in a module without zod: the search box imports them, so its island never
 * pulls a schema into its bundle. src/contract/suggest.ts re-exports them.
 */

/** The longest text GET /api/search/suggest takes (longer is refused with 400). */
export const SUGGEST_MAX_LENGTH = 100;
/** At most this many of each kind in one answer. */
export const SUGGEST_LIMITS = { products: 8, categories: 4, brands: 4 } as const;
