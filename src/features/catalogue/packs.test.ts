import { describe, expect, it } from 'vitest';
import type { Pack } from '../../contract';
import { packsForCard } from './packs';

const pack = (pack_id: number, in_stock: boolean) => ({ pack_id, in_stock }) as Pack;

describe('packsForCard', () => {
  it('offers the first pack in stock when the first pack is sold out, keeping the others in order', () => {
    expect(packsForCard([pack(1, false), pack(2, false), pack(3, true), pack(4, true)]).map((p) => p.pack_id)).toEqual([3, 1, 2, 4]);
  });
  it('keeps the order when the first pack is in stock, or when none is', () => {
    expect(packsForCard([pack(1, true), pack(2, false)]).map((p) => p.pack_id)).toEqual([1, 2]);
    expect(packsForCard([pack(1, false), pack(2, false)]).map((p) => p.pack_id)).toEqual([1, 2]);
    expect(packsForCard([])).toEqual([]);
  });
  it('offers the pack a search size matched first, unless it is sold out while another is in stock', () => {
    expect(packsForCard([pack(1, true), pack(2, true), pack(3, true)], 3).map((p) => p.pack_id)).toEqual([3, 1, 2]);
    expect(packsForCard([pack(1, false), pack(2, true), pack(3, true)], 3).map((p) => p.pack_id)).toEqual([3, 1, 2]);
    expect(packsForCard([pack(1, true), pack(2, false), pack(3, true)], 2).map((p) => p.pack_id)).toEqual([1, 2, 3]);
    expect(packsForCard([pack(1, false), pack(2, false)], 2).map((p) => p.pack_id)).toEqual([2, 1]);
    expect(packsForCard([pack(1, true), pack(2, true)], 9).map((p) => p.pack_id)).toEqual([1, 2]);
    expect(packsForCard([pack(1, false), pack(2, true)], null).map((p) => p.pack_id)).toEqual([2, 1]);
  });
});
