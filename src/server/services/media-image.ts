/**
 * An uploaded image judged and resized (docs/page-builder.md#media-library): its kind comes from its first bytes
 * (JPEG, PNG or WebP; anything else, SVG included, is refused whatever its name or declared type), its size in
 * pixels from its header before anything is decoded (over 40 megapixels is refused: a "pixel bomb" of a few KB
 * would need gigabytes to decode), then it is decoded once per width with sharp, turned upright by its EXIF
 * orientation, and written as WebP at each width the pages use, never wider than it is; WebP output carries no
 * metadata (EXIF, GPS, XMP are dropped).
 */
import sharp, { type Metadata } from 'sharp';
import { MEDIA_MAX_PIXELS, MEDIA_TYPES_TEXT } from '../../contract/media-rules';
import { IMAGE_SIZES } from '../../lib/images';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/**
 * The widths the library writes: the shop's medium size (lib/images.ts: cards and phones), then the sizes a hero or
 * banner needs on a laptop, a large screen and a 2× screen. An image narrower than one gets its own width instead.
 */
export const MEDIA_WIDTHS = [IMAGE_SIZES.medium, 960, 1440, 1920] as const;

/** What an image is, by its magic number; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF....WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** The widths an image of `width` pixels is written at: those narrower than it, and its own (at most the widest). */
export function widthsFor(width: number): number[] {
  const widest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
  const below = MEDIA_WIDTHS.filter((w) => w < Math.min(width, widest));
  return [...below, Math.min(width, widest)];
}

/** An upload refused for what it is, with the status to answer and the words for the file field. */
export class ImageRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface PreparedImage {
  kind: ImageKind;
  width: number;
  height: number;
  files: { width: number; height: number; bytes: Buffer }[];
}

/** At most this many images are decoded at once in a process; the others wait their turn (each may take 100+ MB). */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Judges an upload and writes its widths as WebP; throws ImageRefused for anything that is not a usable image. */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new ImageRefused(415, `This file is not ${MEDIA_TYPES_TEXT}`);
  const input = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    // The header only: nothing is decoded, so its size in pixels is read here and judged below, in words.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(400, `This ${kind.toUpperCase()} image cannot be read: it may be damaged`);
  }
  if (meta.format !== kind || !meta.width || !meta.height) throw new ImageRefused(400, `This ${kind.toUpperCase()} image cannot be read: it may be damaged`);
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) {
    throw new ImageRefused(400, `This image is ${meta.width} × ${meta.height} pixels: at most ${MEDIA_MAX_PIXELS / 1_000_000} megapixels may be uploaded`);
  }
  // EXIF orientations 5 to 8 turn the image a quarter: its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  return inTurn(async () => {
    try {
      const files = [];
      for (const target of widthsFor(width)) {
        const { data, info } = await sharp(bytes, input).rotate().resize({ width: target, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
        files.push({ width: info.width, height: info.height, bytes: data });
      }
      return { kind, width, height, files };
    } catch {
      throw new ImageRefused(400, `This ${kind.toUpperCase()} image cannot be read: it may be damaged`);
    }
  });
}
