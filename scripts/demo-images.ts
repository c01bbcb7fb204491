// Draws the demo shop's images (products, categories, suppliers, logos, favicons, popup, no-image.png) into
// public/demo. Deterministic; run `npx tsx scripts/demo-images.ts` after changing the demo catalogue.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { CATALOGUE, SUPPLIERS, type CategoryNode } from '../src/server/db/seed/catalogue-data';
import { itemImages, slugify } from '../src/server/db/seed';
import { escapeHtml } from '../src/lib/escape-html';

const root = resolve(import.meta.dirname, '../public');
const out = (path: string, body: string | Buffer) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), body);
};
const PALETTES = [['#dcfce7', '#15803d'], ['#fef3c7', '#b45309'], ['#ffe4e6', '#be123c'], ['#e0f2fe', '#0369a1'], ['#ede9fe', '#6d28d9'], ['#fae8ff', '#a21caf'], ['#ecfccb', '#4d7c0f']];
const hash = (s: string) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** A pack drawing: a jar, a pouch or a box in the item's colours, its name on the label. */
function productSvg(name: string, view: number): string {
  const [bg, fg] = PALETTES[hash(name) % PALETTES.length]!;
  const lines = wrap(name, 12);
  const shape = [
    `<rect x="70" y="40" width="100" height="160" rx="18" fill="${fg}"/><rect x="82" y="28" width="76" height="22" rx="6" fill="${fg}" opacity=".7"/>`,
    `<path d="M60 50 Q120 20 180 50 L172 205 Q120 215 68 205 Z" fill="${fg}"/>`,
    `<rect x="55" y="45" width="130" height="150" rx="8" fill="${fg}"/><rect x="55" y="45" width="130" height="24" fill="#000" opacity=".15"/>`,
  ][view % 3];
  const text = lines.map((l, i) => `<text x="120" y="${118 + i * 18 - (lines.length - 1) * 9}" text-anchor="middle" font-family="sans-serif" font-size="15" font-weight="700" fill="#fff">${escapeHtml(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240"><rect width="240" height="240" fill="${bg}"/>${shape}<rect x="78" y="88" width="84" height="${30 + lines.length * 18}" rx="6" fill="#000" opacity=".12"/>${text}</svg>`;
}

function badgeSvg(label: string, size = 128): string {
  const [bg, fg] = PALETTES[hash(label) % PALETTES.length]!;
  const initials = label.split(/[\s&,]+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="${size}" height="${size}"><rect width="128" height="128" rx="64" fill="${bg}"/><text x="64" y="78" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="700" fill="${fg}">${escapeHtml(initials)}</text></svg>`;
}

function logoSvg(letter: string, colour: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="${colour}"/><path d="M14 40 Q32 10 50 40 Z" fill="${accent}"/><text x="32" y="54" text-anchor="middle" font-family="sans-serif" font-size="18" font-weight="800" fill="#fff">${letter}</text></svg>`;
}

function popupSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320" width="480" height="320"><rect width="480" height="320" rx="16" fill="#15803d"/><circle cx="400" cy="60" r="90" fill="#f59e0b" opacity=".9"/><text x="40" y="130" font-family="sans-serif" font-size="44" font-weight="800" fill="#fff">Up to 30% off</text><text x="40" y="180" font-family="sans-serif" font-size="22" fill="#fff">on staples, dairy and fresh fruit</text><text x="40" y="250" font-family="sans-serif" font-size="20" font-weight="700" fill="#fef3c7">Shop the offers →</text></svg>`;
}

/** A plain grey PNG drawn by hand (no image library needed): the product's 'no-image.png' fallback. */
function noImagePng(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const frame = x < 2 || y < 2 || x >= size - 2 || y >= size - 2 || Math.abs(x - y) < 2;
      rows[y * (size + 1) + 1 + x] = frame ? 0xc8 : 0xee;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A promotional banner in a website's colours: a headline, a line of text and a shape or two. */
function bannerSvg(width: number, height: number, colour: string, accent: string, headline: string, line: string): string {
  const big = Math.round(height / (width > height * 2.5 ? 4.5 : 7));
  // Scattered seeds and leaves, as on a printed grocery flyer (a flat banner reads as a blank box).
  let seed = hash(headline) || 1;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const leaves = Array.from({ length: 220 }, () => {
    const x = Math.round(next() * width);
    const y = Math.round(next() * height);
    const r = 2 + Math.round(next() * 9);
    const turn = Math.round(next() * 180);
    const tint = ['#ffffff', accent, '#fde68a', '#bbf7d0', '#fecaca'][Math.floor(next() * 5)];
    return `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${Math.max(1, Math.round(r / 2))}" transform="rotate(${turn} ${x} ${y})" fill="${tint}" opacity="${(0.12 + next() * 0.25).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/>${leaves}<circle cx="${width * 0.85}" cy="${height * 0.3}" r="${height * 0.55}" fill="${accent}" opacity=".85"/><circle cx="${width * 0.72}" cy="${height * 0.95}" r="${height * 0.3}" fill="#fff" opacity=".15"/><text x="${width * 0.06}" y="${height * 0.45}" font-family="sans-serif" font-size="${big}" font-weight="800" fill="#fff">${escapeHtml(headline)}</text><text x="${width * 0.06}" y="${height * 0.45 + big * 1.2}" font-family="sans-serif" font-size="${Math.round(big * 0.5)}" fill="#fff">${escapeHtml(line)}</text></svg>`;
}

const BANNERS = [
  { slug: 'annapurna-fresh', colour: '#15803d', accent: '#f59e0b' },
  { slug: 'kirana-bazaar', colour: '#9f1239', accent: '#ea580c' },
];
for (const { slug, colour, accent } of BANNERS) {
  const slides = [
    ['Up to 30% off', 'on staples, dairy and fresh fruit'],
    ['Farm fresh daily', 'vegetables and fruit, picked this morning'],
  ];
  slides.forEach(([headline, line], i) => {
    out(`demo/banners/${slug}-${i + 1}.svg`, bannerSvg(1200, 400, colour, accent, headline!, line!));
    out(`demo/banners/${slug}-${i + 1}-sm.svg`, bannerSvg(600, 400, colour, accent, headline!, line!));
  });
  out(`demo/banners/${slug}-wide.svg`, bannerSvg(1200, 200, accent, colour, 'Monthly staples, delivered', 'atta, dal, rice and oil in one order'));
  out(`demo/banners/${slug}-wide-sm.svg`, bannerSvg(600, 200, accent, colour, 'Monthly staples', 'atta, dal, rice, oil'));
}

let count = 0;
const walk = (node: CategoryNode) => {
  out(`demo/categories/${slugify(node.name)}.svg`, badgeSvg(node.name));
  count++;
  for (const [name] of node.items ?? []) {
    itemImages(name).forEach((src, view) => {
      out(src.replace(/^\//, ''), productSvg(name, view));
      count++;
    });
  }
  node.children?.forEach(walk);
};
CATALOGUE.forEach(walk);
for (const [name] of SUPPLIERS) out(`demo/suppliers/${slugify(name)}.svg`, badgeSvg(name));
out('demo/logo-annapurna.svg', logoSvg('AF', '#15803d', '#f59e0b'));
out('demo/logo-kirana.svg', logoSvg('KB', '#9f1239', '#ea580c'));
out('demo/favicon-annapurna.svg', logoSvg('A', '#15803d', '#f59e0b'));
out('demo/favicon-kirana.svg', logoSvg('K', '#9f1239', '#ea580c'));
out('favicon.svg', logoSvg('S', '#1c1917', '#a8a29e'));
out('demo/popup-annapurna.svg', popupSvg());
out('no-image.png', noImagePng());
console.log(`drew ${count} catalogue images and the shop's logos into public/`);
