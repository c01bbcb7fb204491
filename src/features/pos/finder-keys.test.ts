import { describe, expect, it } from 'vitest';
import type { PosPack } from '../../contract/pos';
import { activeIndex, enterAction, enterHint, foundHeading, moveActive, searchNote } from './finder-keys';

const pack = (id: number, name: string): PosPack => ({ pack_id: id, product_id: id, product_name: name, product_name_hi: null, pack_name: '1 kg', barcode: null, price: 50, mrp: 60, stock: 5, image: null });
const ATTA = pack(1, 'Aashirvaad Atta');
const BISCUITS = pack(2, 'Aata Biscuits');
const NOODLES = pack(3, 'Aata Noodles');
const FOUND = [ATTA, BISCUITS, NOODLES];

describe('the search box at the keyboard', () => {
  it('makes the first result active until the cashier chooses another, and keeps that one while it is shown', () => {
    expect(activeIndex(FOUND, null)).toBe(0);
    expect(activeIndex(FOUND, 3)).toBe(2);
    // The shop's answer reorders the results: the chosen pack stays the active one.
    expect(activeIndex([NOODLES, ATTA], 1)).toBe(1);
    // The chosen pack is no longer shown, or nothing is: the first.
    expect(activeIndex([NOODLES, BISCUITS], 1)).toBe(0);
    expect(activeIndex(null, 1)).toBe(0);
    expect(activeIndex([], null)).toBe(0);
  });

  it('moves the active result with ↓ and ↑, held at the first and the last', () => {
    expect([moveActive(0, 3, 1), moveActive(1, 3, 1), moveActive(2, 3, 1)]).toEqual([1, 2, 2]);
    expect([moveActive(2, 3, -1), moveActive(1, 3, -1), moveActive(0, 3, -1)]).toEqual([1, 0, 0]);
    expect([moveActive(0, 1, 1), moveActive(0, 0, 1), moveActive(0, 0, -1)]).toEqual([0, 0, 0]);
  });

  it('adds the active result on Enter: the first by default, the only one again and again', () => {
    expect(enterAction('aata', FOUND, 0)).toEqual({ add: 'pack', pack: ATTA });
    expect(enterAction('aata', FOUND, 2)).toEqual({ add: 'pack', pack: NOODLES });
    expect(enterAction(' noodles ', [NOODLES], 0)).toEqual({ add: 'pack', pack: NOODLES });
    // An active index past the results (they shrank meanwhile): the first.
    expect(enterAction('aata', [BISCUITS], 2)).toEqual({ add: 'pack', pack: BISCUITS });
  });

  it('does nothing on Enter with no result, or with nothing typed', () => {
    expect(enterAction('zzz', [], 0)).toBeNull();
    expect(enterAction('zzz', null, 0)).toBeNull();
    expect(enterAction('  ', FOUND, 0)).toBeNull();
  });

  it('looks a typed barcode up rather than adding a result, as before', () => {
    expect(enterAction(' 8901725181222 ', FOUND, 1)).toEqual({ add: 'barcode', code: '8901725181222' });
    expect(enterAction('123456', null, 0)).toEqual({ add: 'barcode', code: '123456' });
    // Fewer than 6 digits, or more than 14, is a name search.
    expect(enterAction('12345', FOUND, 0)).toEqual({ add: 'pack', pack: ATTA });
    expect(enterAction('123456789012345', FOUND, 0)).toEqual({ add: 'pack', pack: ATTA });
  });

  it('says what Enter adds, and offline that the device alone is searched', () => {
    expect(enterHint(BISCUITS)).toBe('Enter adds Aata Biscuits 1 kg (↑ ↓ choose another, Esc clears).');
    expect(searchNote(true)).toBeNull();
    expect(searchNote(false)).toBe("Offline: searching the packs kept on this device (the shop's search needs the network).");
    expect([foundHeading(3, 'device', true), foundHeading(3, 'shop', true), foundHeading(0, 'device', false)]).toEqual(['Found 3', "Found 3 by the shop's search", 'Found 0 on this device']);
  });
});
