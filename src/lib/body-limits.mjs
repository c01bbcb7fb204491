// Request-body caps, in one place for the HTTP server (scripts/body-limit.mjs), the API (src/server/http/body-limit.ts)
// and the form posts (src/lib/api/form-body.ts). Plain JavaScript so the server script can import it unbuilt.

const KB = 1024;
/** The page builder's calls: a whole page of blocks, larger than any other call. */
const PAGE_PATHS = new Set(['/s/api/pages/check', '/s/api/pages/publish', '/s/api/pages/css-check']);
/** A page builder's draft: the same whole page. */
const PAGE_DRAFT = /^\/s\/api\/pages\/\d{1,10}\/draft$/;
/** The media library's upload: an image of at most 5 MB (MEDIA_MAX_BYTES in contract/media-rules.ts) and its form's few fields. */
const MEDIA_PATH = '/s/api/media';
const MEDIA_LIMIT = 5 * 1024 * KB + 64 * KB;
/** The catalogue's CSV import: the file is the body, at most 8 MB (IMPORT_MAX_BYTES in contract/bos-import.ts). */
const IMPORT_PATH = '/s/api/bos/import';
const IMPORT_LIMIT = 8 * 1024 * KB;

/** Kilobytes from the environment, or the default when unset or not a positive number. */
function kilobytes(value, fallback) {
  const n = Number(value);
  return Math.floor((Number.isFinite(n) && n > 0 ? n : fallback) * KB);
}

/**
 * The largest request body, in bytes, accepted at a path (no query): page publishing, checking and drafts
 * PAGE_BODY_LIMIT_KB (1024), a media upload 5 MB and 64 KB, a catalogue import 8 MB, everything else BODY_LIMIT_KB
 * (32). A path spelt any other way gets the smaller cap.
 * @param {string} path
 * @returns {number}
 */
export function bodyLimitFor(path) {
  if (path === MEDIA_PATH) return MEDIA_LIMIT;
  if (path === IMPORT_PATH) return IMPORT_LIMIT;
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
