// Request-body caps, in one place for the HTTP server (scripts/body-limit.mjs), the API (src/server/http/body-limit.ts)
// and the form posts (src/lib/api/form-body.ts). Plain JavaScript so the server script can import it unbuilt.

const KB = 1024;
/** The page builder's calls: a whole page of blocks, larger than any other call. */
const PAGE_PATHS = new Set(['/s/api/pages/check', '/s/api/pages/publish']);
/** A page builder's draft: the same whole page. */
const PAGE_DRAFT = /^\/s\/api\/pages\/\d{1,10}\/draft$/;

/** Kilobytes from the environment, or the default when unset or not a positive number. */
function kilobytes(value, fallback) {
  const n = Number(value);
  return Math.floor((Number.isFinite(n) && n > 0 ? n : fallback) * KB);
}

/**
 * The largest request body, in bytes, accepted at a path (no query): page publishing, checking and drafts
 * PAGE_BODY_LIMIT_KB (1024), everything else BODY_LIMIT_KB (32). A path spelt any other way gets the smaller cap.
 * @param {string} path
 * @returns {number}
 */
export function bodyLimitFor(path) {
  return PAGE_PATHS.has(path) || PAGE_DRAFT.test(path) ? kilobytes(process.env.PAGE_BODY_LIMIT_KB, 1024) : kilobytes(process.env.BODY_LIMIT_KB, 32);
}

/**
 * What a refused body is told, fit to show a shopper.
 * @param {number} limit
 * @returns {string}
 */
export function tooLargeMessage(limit) {
  return `The request is too large: at most ${Math.round(limit / KB)} KB may be sent here.`;
}
