import { describe, expect, it } from 'vitest';
import type { BosPack } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import { cellValue, isChanged, quickBody, refusal, savedText, typeInto } from './quick-edit';

const PACK: BosPack = {
  id: 9, name: '1 kg', price: 4500, mrp: 5000, max_per_order: 10, barcode: null, active: true, warehouse_id: 2,
  stock: [{ warehouse_id: 2, warehouse_name: 'Bengaluru', level: 12 }], position: 0,
};

describe('the quick edit of a pack in the list', () => {
  it('shows the pack’s own values until something is typed', () => {
    expect(cellValue(PACK, 'level', undefined)).toBe('12');
    expect(cellValue(PACK, 'price', undefined)).toBe('45');
    expect(cellValue(PACK, 'price', typeInto(undefined, 'price', '46.5'))).toBe('46.5');
  });

  it('sends only what changed: a count as the level counted, a price in paise', () => {
    expect(quickBody(PACK, typeInto(undefined, 'level', '9'))).toEqual({ body: { level: 9 } });
    expect(quickBody(PACK, typeInto(typeInto(undefined, 'level', '12'), 'price', '₹47.50'))).toEqual({ body: { price: 4750 } });
    // The same level counted again, or the price typed the way it shows: nothing to send.
    expect(quickBody(PACK, typeInto(undefined, 'level', '12'))).toBeNull();
    expect(quickBody(PACK, typeInto(undefined, 'price', '45.00'))).toBeNull();
    expect(quickBody(PACK, undefined)).toBeNull();
  });

  it('says what is wrong in the row before anything is sent', () => {
    expect(quickBody(PACK, typeInto(undefined, 'level', '-1'))).toEqual({ problem: { field: 'level', message: 'The stock cannot be less than 0' } });
    expect(quickBody(PACK, typeInto(undefined, 'price', '55'))).toEqual({ problem: { field: 'price', message: 'Price cannot be more than the MRP' } });
    expect(quickBody(PACK, typeInto(undefined, 'mrp', '40'))).toEqual({ problem: { field: 'mrp', message: 'Price cannot be more than the MRP' } });
    expect(quickBody(PACK, typeInto(undefined, 'price', '0'))).toEqual({ problem: { field: 'price', message: 'The price must be more than ₹0' } });
    // A price raised with its MRP is fine.
    expect(quickBody(PACK, typeInto(typeInto(undefined, 'price', '55'), 'mrp', '60'))).toEqual({ body: { price: 5500, mrp: 6000 } });
  });

  it('knows a changed row from one typed back to what it was, or saved', () => {
    expect(isChanged(PACK, typeInto(undefined, 'level', '11'))).toBe(true);
    expect(isChanged(PACK, typeInto(undefined, 'level', '12 '))).toBe(false);
    expect(isChanged(PACK, { ...typeInto(undefined, 'level', '11'), state: 'saved' })).toBe(false);
  });

  it('puts the API’s refusal on the field it names, else says its message', () => {
    expect(refusal(new ApiCallError(400, 'Stock must be at most 1000000', { errors: { level: ['Stock must be at most 1000000'] } }))).toEqual({ field: 'level', message: 'Stock must be at most 1000000' });
    expect(refusal(new ApiCallError(404, 'No such pack', { message: 'No such pack' }))).toEqual({ field: null, message: 'No such pack' });
  });

  it('says quietly what a save did', () => {
    expect(savedText(PACK, { ...PACK, stock: [{ ...PACK.stock[0]!, level: 24 }], price: 4750 })).toBe('Saved: stock 24, price ₹47.50');
    expect(savedText(PACK, PACK)).toBe('Saved');
  });
});
