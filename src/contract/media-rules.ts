/*
 * A module of its own, not in ./constants: that one is in the shopper's first-tap chunk (astro.config.mjs), and
 * only the page builder's islands need these.
 */
/**
 * The media library's uploads (docs/page-builder.md#media-library): JPEG, PNG or WebP, judged by the file's bytes,
 * at most 5 MB and 40 megapixels; the browser checks the size before sending, the API again.
 */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_MAX_PIXELS = 40_000_000;
export const MEDIA_TYPES_TEXT = 'a JPEG, PNG or WebP image';
/** The longest alt text of an image. */
export const MEDIA_ALT_MAX = 200;
