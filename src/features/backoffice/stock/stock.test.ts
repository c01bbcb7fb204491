import { describe, expect, it } from 'vitest';
import { adjustBody, adjustedText, adjustPreview, DEFAULT_LOW, ledgerCall, ledgerHref, lowStockCall, lowStockCaption, lowStockHref, readLedgerQuery, readLowStockQuery } from './stock';

const HERE = { pack_id: 9, warehouse_id: 2, level: 40 };

describe('the stock screens in the address', () => {
  it('reads and writes the low-stock view, defaults left out', () => {
    const query = readLowStockQuery(new URLSearchParams('q=dal&warehouse=2&threshold=5&page=3'));
    expect(query).toEqual({ q: 'dal', warehouse: '2', threshold: 5, page: 3 });
    expect(lowStockHref(query)).toBe('/bos/admin/stock?q=dal&warehouse=2&threshold=5&page=3');
    expect(lowStockHref(DEFAULT_LOW)).toBe('/bos/admin/stock');
    expect(readLowStockQuery(new URLSearchParams('warehouse=x&threshold=-1&page=0'))).toEqual(DEFAULT_LOW);
    expect(lowStockCall(query)).toEqual({ q: 'dal', warehouse_id: 2, threshold: 5, page: 3, perPage: 50 });
    expect(lowStockCall(DEFAULT_LOW)).toEqual({ page: 1, perPage: 50 });
  });

  it('reads and writes a pack’s ledger', () => {
    const query = readLedgerQuery(9, new URLSearchParams('warehouse=2&page=2'));
    expect(ledgerHref(query)).toBe('/bos/admin/stock/9?warehouse=2&page=2');
    expect(ledgerHref({ pack: 9, warehouse: '', page: 1 })).toBe('/bos/admin/stock/9');
    expect(ledgerCall(query)).toEqual({ pack_id: 9, warehouse_id: 2, page: 2, perPage: 50 });
  });
});

describe('the stock adjustment', () => {
  it('sends a count as the level counted, goods received as units added and damage as units taken', () => {
    expect(adjustBody({ reason: 'count', amount: '28', note: ' Morning count ' }, HERE)).toEqual({ body: { pack_id: 9, warehouse_id: 2, reason: 'count', level: 28, note: 'Morning count' } });
    expect(adjustBody({ reason: 'received', amount: '12', note: '' }, HERE)).toEqual({ body: { pack_id: 9, warehouse_id: 2, reason: 'received', change: 12 } });
    expect(adjustBody({ reason: 'damage', amount: '3', note: 'Torn packets' }, HERE)).toEqual({ body: { pack_id: 9, warehouse_id: 2, reason: 'damage', change: -3, note: 'Torn packets' } });
  });

  it('says what is wrong before it is sent', () => {
    expect(adjustBody({ reason: 'count', amount: '40', note: '' }, HERE)).toEqual({ problems: { amount: 'The level is 40 already: a count of it changes nothing' } });
    expect(adjustBody({ reason: 'damage', amount: '41', note: '' }, HERE)).toEqual({ problems: { amount: 'Only 40 units are in stock: that many cannot be damaged' } });
    expect(adjustBody({ reason: 'received', amount: '0', note: '' }, HERE)).toEqual({ problems: { amount: 'Enter how many units, 1 or more' } });
    expect(adjustBody({ reason: 'received', amount: '-4', note: '' }, HERE)).toEqual({ problems: { amount: 'The number of units cannot be less than 0' } });
    expect(adjustBody({ reason: 'count', amount: '', note: 'x'.repeat(201) }, HERE)).toEqual({ problems: { amount: 'Enter the count, 0 or more', note: 'Keep the note under 200 characters' } });
  });

  it('says what it will do, and what it did', () => {
    expect(adjustPreview({ reason: 'count', amount: '28', note: '' }, 40)).toBe('40 → 28 (\u221212)');
    expect(adjustPreview({ reason: 'received', amount: '12', note: '' }, 40)).toBe('40 → 52 (+12)');
    expect(adjustPreview({ reason: 'damage', amount: '50', note: '' }, 40)).toBeNull();
    expect(adjustPreview({ reason: 'count', amount: 'x', note: '' }, 40)).toBeNull();
    expect(adjustedText({ reason: 'count', change: -12, level_after: 28 })).toBe('Counted: the level is 28 (\u221212).');
    expect(lowStockCaption(12, 10)).toBe('12 packs at or under 10 units');
    expect(lowStockCaption(1, 1, 'Bengaluru')).toBe('1 pack at or under 1 unit in Bengaluru');
  });
});
