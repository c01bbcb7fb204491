import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPieces, joinPieces, piece } from './gzip-pieces';

describe('a gzip answer made of pieces compressed apart', () => {
  it('is one gzip member whose text is the pieces in order, whatever each was compressed at', () => {
    const shared = '<!doctype html><main>' + 'Toor dal 1 kg ₹160.00 '.repeat(400);
    const pieces = [piece(shared, 6), piece('<span data-cart-badge>3</span>', 1), piece('', 1), piece('</main>₹', 6)];
    const answer = gzipPieces(pieces);
    expect(gunzipSync(answer).toString('utf8')).toBe(`${shared}<span data-cart-badge>3</span></main>₹`);
    expect(joinPieces(pieces).toString('utf8')).toBe(gunzipSync(answer).toString('utf8'));
    // Compressed: the repeated shared text is a small part of its size.
    expect(answer.byteLength).toBeLessThan(Buffer.byteLength(shared) / 10);
  });

  it('keeps a piece made once the same when joined with different parts (a kept page, two shoppers)', () => {
    const head = piece('<header>', 6);
    const tail = piece('</header>', 6);
    const asha = gunzipSync(gzipPieces([head, piece('Asha', 1), tail])).toString();
    const ravi = gunzipSync(gzipPieces([head, piece('Ravi', 1), tail])).toString();
    expect([asha, ravi]).toEqual(['<header>Asha</header>', '<header>Ravi</header>']);
  });

  it('is refused by gunzip when the trailer does not match the text (the CRC covers every piece)', () => {
    const answer = gzipPieces([piece('one', 1), piece('two', 1)]);
    answer.writeUInt8(answer.readUInt8(answer.byteLength - 8) ^ 0xff, answer.byteLength - 8);
    expect(() => gunzipSync(answer)).toThrow();
  });
});
