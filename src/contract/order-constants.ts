/**
 * The orders' plain constants, without zod, apart from constants.ts (which every page's islands carry): only
 * checkout's calls need them.
 */

/** The header that makes POST /api/order/create safe to repeat: one key per checkout attempt. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
