/**
 * Image addresses (docs/product.md#constants): images come from an image base URL, with a size prefix chosen per use —
 * medium by default, full meaning none. `IMAGE_BASE_URL` (an https address, e.g. https://cdn.example.com/shop) is
 * that base; unset, the shop is its own base and serves the sizes itself (the build writes each size of the files
 * in public/ under /medium/…, see images-build.mjs). Only a path of this site is given a base and a size: an
 * image already at an http(s) address is printed as it is.
 */
import { safeUrl } from '../contract/safe-url';

/** The sizes by their prefix, each the widest the image is served at, in CSS pixels of a 2× screen; 'full' has none. */
export const IMAGE_SIZES = { medium: 480 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES | 'full';
const DEFAULT_IMAGE_SIZE: ImageSize = 'medium';

/** The setting's meaning, for messages: the shop refuses to start with anything else. */
export const IMAGE_BASE_RULE = 'IMAGE_BASE_URL must be an https address with a host and no query, such as https://cdn.example.com/shop (or leave it unset: the shop serves its images itself)';

/** The image base from its setting, without a trailing slash ('' when unset); null when it is not a usable base. */
export function parseImageBase(raw: string | undefined | null): string | null {
  const text = raw?.trim() ?? '';
  if (!text) return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.search || url.hash || url.username || url.password) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The image base in force: on the server the IMAGE_BASE_URL setting (checked at start-up, config.ts), in the
 * browser the page's `<meta name="image-base">` (printed by the layout only when the setting is made).
 */
export function imageBase(): string {
  if (typeof document !== 'undefined') return document.querySelector<HTMLMetaElement>('meta[name="image-base"]')?.content ?? '';
  return (typeof process !== 'undefined' && parseImageBase(process.env.IMAGE_BASE_URL)) || '';
}

/**
 * The address of an image at a size, from an address already judged safe (contract/safe-url): a path of this site
 * becomes base + size prefix + path (`/demo/a.svg` at medium: `/medium/demo/a.svg` on this site, or
 * `https://cdn.example.com/shop/medium/demo/a.svg`); full has no prefix. An http(s) address is left as it is.
 */
function sizedImage(judged: string, size: ImageSize = DEFAULT_IMAGE_SIZE, base: string = imageBase()): string {
  if (!judged.startsWith('/')) return judged;
  const media = MEDIA_FILE.exec(judged);
  if (media) return `${base}${mediaAtSize(media[1]!, Number(media[2]), size)}`;
  return `${base}${size === 'full' ? '' : `/${size}`}${judged}`;
}

/**
 * A file of the media library (`/media/<key>-<width>.webp`, the widest the library wrote: services/media-storage.ts)
 * is already sized by the library, which writes each of its widths below the image's own, the medium width first:
 * at a size, the file of that width when the image is wider, else the one it has. Never under a size prefix (the
 * build sizes only the files of public/).
 */
const MEDIA_FILE = /^\/media\/([a-f0-9]{24})-([0-9]{1,5})\.webp$/;
function mediaAtSize(key: string, widest: number, size: ImageSize): string {
  const width = size === 'full' || widest <= IMAGE_SIZES[size] ? widest : IMAGE_SIZES[size];
  return `/media/${key}-${width}.webp`;
}

/** The shop's placeholder for a product, category or supplier without a (safe) image. */
export const NO_IMAGE = '/no-image.png';

/**
 * An image address from data at a size (medium unless told), or null when it is missing or not a
 * path or http(s) address.
 */
export function imageUrl(raw: unknown, size: ImageSize = DEFAULT_IMAGE_SIZE): string | null {
  const judged = safeUrl(raw, 'web');
  return judged === null ? null : sizedImage(judged, size);
}

/** An image address from data at a size (medium unless told), or the fallback (the shop's own file) when it has none. */
export function imageSrc(raw: unknown, fallback = NO_IMAGE, size: ImageSize = DEFAULT_IMAGE_SIZE): string {
  return imageUrl(raw, size) ?? fallback;
}
