import { describe, expect, it } from 'vitest';
import { matchingPackId, packKey, packKeys, parsePackSize } from './search-units';

describe('parsePackSize', () => {
  it('reads a size however it is written, and leaves the other words', () => {
    expect(parsePackSize('masoor 1kg')).toEqual({ size: { amount: 1000, dimension: 'mass', multiple: 1 }, rest: 'masoor  ', said: '1kg' });
    expect(parsePackSize('masoor 500 g').size).toEqual({ amount: 500, dimension: 'mass', multiple: 1 });
    expect(parsePackSize('1 KG masoor')).toMatchObject({ size: { amount: 1000, dimension: 'mass' }, said: '1 KG' });
    expect(parsePackSize('milk 1 ltr').size).toEqual({ amount: 1000, dimension: 'volume', multiple: 1 });
    expect(parsePackSize('milk 1.5 l').size).toEqual({ amount: 1500, dimension: 'volume', multiple: 1 });
    expect(parsePackSize('toned milk 2 x 500ml')).toMatchObject({ size: { amount: 500, dimension: 'volume', multiple: 2 }, said: '2 x 500ml' });
    expect(parsePackSize('milk 2×500 ml').size).toEqual({ amount: 500, dimension: 'volume', multiple: 2 });
    expect(parsePackSize('eggs 6 pcs').size).toEqual({ amount: 6, dimension: 'count', multiple: 1 });
    expect(parsePackSize('atta ５ｋｇ').size).toEqual({ amount: 5000, dimension: 'mass', multiple: 1 });
  });

  it('takes no size from words that only contain a number or a unit', () => {
    for (const text of ['g2 oil', 'kg', '5', 'glucose', '1kgx', 'a1kg', '7up 200', 'mlk']) expect(parsePackSize(text).size, text).toBeNull();
    expect(parsePackSize('g2 oil').rest).toBe('g2 oil');
  });

  it('refuses sizes that are zero or absurd, leaving them as words', () => {
    expect(parsePackSize('0 kg').size).toBeNull();
    expect(parsePackSize('999 kg').size).toBeNull();
    expect(parsePackSize('0 x 500ml').size).toBeNull();
  });
});

describe('packKeys and matchingPackId', () => {
  it('spells one size every way a pack name may have it', () => {
    const kilo = packKeys({ amount: 1000, dimension: 'mass', multiple: 1 });
    for (const name of ['1 kg', '1kg', '1000 g', '1000 gm', '1 Kgs']) expect(kilo, name).toContain(packKey(name));
    expect(kilo).not.toContain(packKey('500 g'));
    const litre = packKeys({ amount: 1000, dimension: 'volume', multiple: 1 });
    for (const name of ['1 L', '1 ltr', '1 litre', '1000 ml']) expect(litre, name).toContain(packKey(name));
    const half = packKeys({ amount: 500, dimension: 'mass', multiple: 1 });
    expect(half).toContain(packKey('0.5 kg'));
    expect(half).toContain(packKey('500 g'));
    expect(packKeys({ amount: 6, dimension: 'count', multiple: 1 })).toEqual(expect.arrayContaining(['6pcs', 'packof6']));
  });

  it('matches a multipack to the single pack and to the multipack of that size', () => {
    const keys = packKeys({ amount: 500, dimension: 'volume', multiple: 2 });
    expect(keys).toContain(packKey('500 ml'));
    expect(keys).toContain(packKey('2 x 500 ml'));
    expect(keys).not.toContain(packKey('1 L'));
  });

  it('names the first pack whose name matches, or null', () => {
    const packs = [{ pack_id: 1, pack_name: '500 g' }, { pack_id: 2, pack_name: '1 kg' }, { pack_id: 3, pack_name: '1000 g' }];
    expect(matchingPackId(packs, new Set(packKeys({ amount: 1000, dimension: 'mass', multiple: 1 })))).toBe(2);
    expect(matchingPackId(packs, new Set(packKeys({ amount: 200, dimension: 'mass', multiple: 1 })))).toBeNull();
  });
});
