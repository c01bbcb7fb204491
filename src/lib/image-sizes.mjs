// @ts-check
// The shop's own image sizes, for a shop without IMAGE_BASE_URL (lib/images.ts): every image the build ships from
// public/ is also written at each size under its prefix (public/demo/a.svg → /medium/demo/a.svg), and the dev
// server makes them on request. Photographs (JPEG, PNG, WebP, AVIF, GIF) are resized with sharp to the size's
// width, never enlarged; an SVG drawing scales without loss, so its sized copy is the same drawing declared at
// the size's width (height in proportion). Plain .mjs: astro.config.mjs loads it before any TypeScript.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The sizes by prefix and width: the same table as IMAGE_SIZES in lib/images.ts (a unit test holds them equal). */
export const SIZES = { medium: 480 };
const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif']);
const TYPES = { '.svg': 'image/svg+xml', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif', '.gif': 'image/gif' };
/** Bounds: files larger than this are not sized (they stay at full size only); at most this many files a build. */
const MAX_BYTES = 20 * 1024 * 1024;
const MAX_FILES = 20_000;

/** Whether a file name is an image the shop sizes. @param {string} name */
const isImage = (name) => extname(name).toLowerCase() === '.svg' || RASTER.has(extname(name).toLowerCase());

/**
 * An SVG declared at `width` pixels, its height in proportion to its viewBox (or its own width and height).
 * @param {string} text
 * @param {number} width
 * @returns {string}
 */
export function sizeSvg(text, width) {
  const open = /<svg\b[^>]*>/i.exec(text);
  if (!open) return text;
  const tag = open[0];
  const attr = (/** @type {string} */ name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const [w = 0, h = 0] = box?.length === 4 && box.every(Number.isFinite) ? [box[2], box[3]] : [parseFloat(attr('width') ?? ''), parseFloat(attr('height') ?? '')];
  if (!(w > 0 && h > 0)) return text;
  const height = Math.round((width * h) / w);
  let sized = tag.replace(/\s(width|height)\s*=\s*["'][^"']*["']/gi, '');
  // Without a viewBox the drawing would be cut, not scaled: give it its own.
  if (!box) sized = sized.replace(/^<svg\b/i, `<svg viewBox="0 0 ${w} ${h}"`);
  sized = sized.replace(/^<svg\b/i, `<svg width="${width}" height="${height}"`);
  return text.slice(0, open.index) + sized + text.slice(open.index + tag.length);
}

/**
 * The bytes of an image at `width` pixels wide (a photograph no wider than it was), in its own format.
 * @param {Buffer} bytes
 * @param {string} name
 * @param {number} width
 * @returns {Promise<Buffer>}
 */
export async function sizeImage(bytes, name, width) {
  if (extname(name).toLowerCase() === '.svg') return Buffer.from(sizeSvg(bytes.toString('utf8'), width));
  return sharp(bytes, { animated: extname(name).toLowerCase() === '.gif' }).rotate().resize({ width, withoutEnlargement: true }).toBuffer();
}

/**
 * Writes every size of every image under `dir` (the built client files), leaving out built assets and sizes.
 * @param {string} dir
 */
async function writeSizes(dir) {
  const skip = new Set(['_astro', ...Object.keys(SIZES)]);
  /** @type {string[]} */
  const images = [];
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (images.length >= MAX_FILES) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!(folder === dir && skip.has(entry.name))) walk(path);
      } else if (entry.isFile() && isImage(entry.name) && statSync(path).size <= MAX_BYTES) images.push(path);
    }
  };
  walk(dir);
  let written = 0;
  for (const path of images) {
    const bytes = readFileSync(path);
    for (const [prefix, width] of Object.entries(SIZES)) {
      const target = join(dir, prefix, relative(dir, path));
      mkdirSync(join(target, '..'), { recursive: true });
      writeFileSync(target, await sizeImage(bytes, path, width));
      written++;
    }
  }
  return { images: images.length, written };
}

/**
 * The Astro integration: sizes written after a build, made on request by the dev server.
 * @returns {import('astro').AstroIntegration}
 */
export default function imageSizes() {
  /** @type {string} */ let publicDir = '';
  /** @type {string} */ let clientDir = '';
  /** The dev server's answer to /<size>/<path>: the file in public/ at that size. @type {import('vite').Connect.NextHandleFunction} */
  const serveSize = (req, res, next) => {
    const match = /^\/([a-z]+)(\/[^?#]+)/.exec(req.url ?? '');
    const width = match ? SIZES[/** @type {keyof typeof SIZES} */ (match[1])] : undefined;
    if (!match || !width || !isImage(match[2] ?? '')) return next();
    const file = join(publicDir, decodeURIComponent(match[2] ?? ''));
    if (!file.startsWith(publicDir + sep)) return next();
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch {
      return next();
    }
    sizeImage(bytes, file, width).then(
      (sized) => {
        res.setHeader('Content-Type', TYPES[/** @type {keyof typeof TYPES} */ (extname(file).toLowerCase())]);
        res.end(sized);
      },
      () => next(),
    );
  };
  return {
    name: 'storefront:image-sizes',
    hooks: {
      // A Vite plugin rather than astro:server:setup: its middleware then runs before the shop's own pages (the
      // missing-file answer among them).
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [{ name: 'storefront:image-sizes-dev', enforce: 'pre', configureServer: (server) => void server.middlewares.use(serveSize) }] } });
      },
      'astro:config:done': ({ config }) => {
        publicDir = resolve(fileURLToPath(config.publicDir));
        clientDir = resolve(fileURLToPath(config.build.client));
      },
      'astro:build:done': async ({ logger }) => {
        const { images, written } = await writeSizes(clientDir);
        logger.info(`${written} sized copies of ${images} images (${Object.keys(SIZES).join(', ')})`);
      },
    },
  };
}
