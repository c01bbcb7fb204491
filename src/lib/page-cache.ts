import { localizePath, type Locale } from './i18n/locales';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PersonalPart } from './personal-parts';

/**
 * The in-memory page cache: shared pages (lib/cache-policy.ts said `SHARED`: a catalogue or content page for a
 * visitor without a session) kept as the bytes they were answered with, per address, in each process. A page is
 * served again only while the page generation (db/page-generation.ts) is the one read before it was rendered, so
 * a committed change to a product, a price, a pack going out of stock, a menu or a page is never served old, on
 * any instance; and at most `ttlMs` (the CDN's s-maxage), so nothing the generation does not follow (the date, a
 * website's 30-second record) lasts longer than a CDN would keep it. Bounded by bytes and entries, least recently
 * used out first; one page over `maxPageBytes` is not kept.
 */
export interface CachedPage {
  generation: number;
  at: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** `body` compressed, each made on the first hit that accepts it. */
  encoded?: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** `body` split at its personal parts (lib/personal-page.ts), for shoppers with a session; absent when it has none. */
  split?: KeptSplit;
  /** The website the page was rendered for (a shopper's parts go only into a page of the website they see). */
  websiteId?: number;
}

/**
 * A kept page split at its personal parts, as UTF-8 bytes: the shared text between the parts (`segments`, one more
 * than the parts) and each part as a visitor sees it, with what it needs to be drawn again.
 */
export interface KeptSplit {
  segments: Uint8Array[];
  holes: { part: PersonalPart; visitor: Uint8Array }[];
}

export interface PageStoreOptions {
  maxBytes: number;
  maxEntries: number;
  maxPageBytes: number;
  ttlMs: number;
  now?: () => number;
}

export function pageStore({ maxBytes, maxEntries, maxPageBytes, ttlMs, now = Date.now }: PageStoreOptions) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const sizeOf = (page: CachedPage) => page.body.byteLength + splitSize(page.split) + (page.encoded?.br?.byteLength ?? 0) + (page.encoded?.gzip?.byteLength ?? 0) + 512;

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    bytes -= sizeOf(page);
    pages.delete(key);
  }

  return {
    /** The page kept at `key` if it was rendered at this generation and is younger than the TTL. */
    get(key: string, generation: number): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.generation !== generation || now() - page.at >= ttlMs) {
        remove(key);
        return undefined;
      }
      // Most recently used last: the first key is the one to let go.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    /** Keeps a page rendered at `generation`; returns whether it was kept. */
    set(key: string, page: Omit<CachedPage, 'at'>): boolean {
      remove(key);
      if (page.body.byteLength > maxPageBytes || maxBytes <= 0) return false;
      const kept: CachedPage = { ...page, at: now() };
      pages.set(key, kept);
      bytes += sizeOf(kept);
      while ((bytes > maxBytes || pages.size > maxEntries) && pages.size > 0) remove(pages.keys().next().value!);
      return pages.has(key);
    },
    /** The page compressed with `encoding`, made once (brotli at quality 6: about gzip's time, 12% smaller). */
    encode(key: string, page: CachedPage, encoding: Encoding): Uint8Array<ArrayBuffer> {
      page.encoded ??= {};
      let bytesOut = page.encoded[encoding];
      if (!bytesOut) {
        bytesOut = compress(page.body, encoding, { brotli: 6, gzip: 6 });
        page.encoded[encoding] = bytesOut;
        if (pages.get(key) === page) bytes += bytesOut.byteLength;
        while (bytes > maxBytes && pages.size > 0) remove(pages.keys().next().value!);
      }
      return bytesOut;
    },
    stats: () => ({ entries: pages.size, bytes }),
  };
}

/**
 * Shoppers' personal parts as drawn for them (pages/personal-parts.astro), by page, page generation and personal
 * state (contract PersonalState, whose fingerprint includes the session): a shopper opening pages again gets the
 * kept parts until anything they show changes. At most `ttlMs` (a coupon that ends, the time a part shows) and
 * bounded by bytes and entries, least recently used out first. Only ever served to the request whose key matches.
 */
export function partsStore({ maxBytes, maxEntries, ttlMs, now = Date.now }: Omit<PageStoreOptions, 'maxPageBytes'>) {
  const kept = new Map<string, { at: number; parts: Map<number, Uint8Array>; size: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    bytes -= entry.size;
    kept.delete(key);
  };
  return {
    get(key: string): Map<number, Uint8Array> | undefined {
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (now() - entry.at >= ttlMs) {
        remove(key);
        return undefined;
      }
      kept.delete(key);
      kept.set(key, entry);
      return entry.parts;
    },
    set(key: string, parts: Map<number, Uint8Array>): void {
      remove(key);
      let size = 2 * key.length + 256;
      for (const part of parts.values()) size += part.byteLength + 64;
      if (size > maxBytes / 16) return;
      kept.set(key, { at: now(), parts, size });
      bytes += size;
      while ((bytes > maxBytes || kept.size > maxEntries) && kept.size > 0) remove(kept.keys().next().value!);
    },
    stats: () => ({ entries: kept.size, bytes }),
  };
}

/** What a split page holds in memory: its text and 2 KB a part for its recorded props (a card's packs). */
function splitSize(split: KeptSplit | undefined): number {
  if (!split) return 0;
  let bytes = 2048 * split.holes.length;
  for (const piece of [...split.segments, ...split.holes.map((hole) => hole.visitor)]) bytes += piece.byteLength;
  return bytes;
}

/** UTF-8 bytes in an array of their own: never a slice of Node's shared 8 KB pool, which a kept small part would hold whole. */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);
const encoder = new TextEncoder();

/**
 * A page drawn for one shopper, compressed for them alone on every request: fast. Brotli at quality 0 makes a
 * signed-in home page (149 KB) 16 KB in 0.14 ms, gzip at level 1 17 KB in 0.5 ms; a kept page's own bytes take
 * the slower, smaller settings once (quality 6: 10 KB).
 */
export function encodeFast(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return compress(body, encoding, { brotli: 0, gzip: 1 });
}

/**
 * A page drawn for this request alone (not kept: the page cache off, a route that is never shared, a page drawn
 * whole for a shopper), compressed in one call from its finished bytes: brotli at quality 4 or gzip at level 6, the
 * sizes the `compression` stream of scripts/serve.mjs made, without its stream (docs/benchmarks.md#rendering-to-strings).
 */
export function encodeOnce(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return compress(body, encoding, { brotli: 4, gzip: 6 });
}

/** `body` compressed in one call: brotli at its quality (sized for the body) or gzip at its level. */
function compress(body: Uint8Array, encoding: Encoding, settings: { brotli: number; gzip: number }): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: settings.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : gzipSync(body, { level: settings.gzip }),
  );
}

/**
 * Where a page is kept: the address as the visitor gave it (the host picks the website), query and all. The page's
 * route sees its address without the language's prefix (lib/i18n/middleware.ts), which the key puts back.
 */
export function pageKey(url: URL, locale: Locale, forwarded: { host?: string | null; proto?: string | null } = {}): string | undefined {
  const first = (value: string | null | undefined) => value?.split(',')[0]?.trim() || undefined;
  const proto = first(forwarded.proto)?.replace(/:?$/, ':') ?? url.protocol;
  const key = `${proto}//${first(forwarded.host) ?? url.host}${localizePath(url.pathname, locale)}${url.search}`;
  // An address this long is not a page a shopper shares; it is not worth a place.
  return key.length <= 1024 ? key : undefined;
}

export type Encoding = 'br' | 'gzip';

/**
 * The compression to answer with for a request's Accept-Encoding: brotli, else gzip, else none (q=0 refuses one,
 * also when '*' takes the codings not named).
 */
export function chooseEncoding(header: string | null): Encoding | undefined {
  const taken = new Set<string>();
  const refused = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    (!q || Number(q.slice(2)) > 0 ? taken : refused).add(coding.trim());
  }
  const any = taken.has('*');
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || (any && !refused.has('gzip'))) return 'gzip';
  if (any && !refused.has('br')) return 'br';
  return undefined;
}
