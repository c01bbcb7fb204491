import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer made of pieces compressed apart (docs/scaling-and-caching.md#personal-parts): a kept page's shared
 * text is compressed once, a shopper's personal parts on each request, and the answer is one gzip member whose
 * deflate data is the pieces one after another. Each piece ends with a full flush (an empty stored block, the
 * window forgotten), so it starts on a byte of its own and refers to nothing before it; the member ends with an
 * empty final block and the CRC-32 and length of the whole text (RFC 1952).
 */
export interface Piece {
  /** The text's bytes (UTF-8). */
  raw: Uint8Array;
  /** The same, as deflate blocks ending with a full flush. */
  deflated: Uint8Array;
}

/** A piece of `text`: compressed at `level` (the shared text once, at 6; a shopper's parts at 1, on every request). */
export function piece(text: string | Uint8Array, level: number): Piece {
  const raw = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { raw, deflated: deflateRawSync(raw, { level, finishFlush: constants.Z_FULL_FLUSH }) };
}

/** gzip's header: deflate, no name or time, unknown system. */
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** An empty final block (fixed codes): the deflate data ends. */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

/** One gzip member holding the pieces' text in order. */
export function gzipPieces(pieces: readonly Piece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const { raw } of pieces) {
    crc = crc32(raw, crc);
    length += raw.byteLength;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([HEADER, ...pieces.map((p) => p.deflated), FINAL_BLOCK, trailer]);
}

/** The pieces' text in order, uncompressed. */
export function joinPieces(pieces: readonly Piece[]): Buffer {
  return Buffer.concat(pieces.map((p) => p.raw));
}
