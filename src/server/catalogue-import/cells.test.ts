import { describe, expect, it } from 'vitest';
import type { ImportColumn } from '../../contract/import-rules';
import { barcodeCellProblem, rupeesToPaise, wholeNumber, yesNo } from './cell-values';
import { readRow } from './cells';

const KEY = { product_slug: 'tata-salt', pack_name: '1 kg', warehouse_code: 'blr' };
const read = (cells: Partial<Record<ImportColumn, string>>, problem: string | null = null) => readRow({ row: 7, cells: { ...KEY, ...cells }, problem });

describe('reading a row of the import', () => {
  it('reads rupees into paise exactly, without floating point', () => {
    expect(['49.50', '49.5', '49', '0.10', '1,249.00', '1,00,000', '₹ 49.99', 'Rs. 12', '0.29', '0.57', '1.15', '999999.99'].map(rupeesToPaise)).toEqual([
      4950, 4950, 4900, 10, 124900, 10000000, 4999, 1200, 29, 57, 115, 99999999,
    ]);
    // 0.29 * 100 is 28.999999999999996 in floating point; 0.57 * 100 is 56.99999999999999.
    for (const bad of ['49.505', '', '4 9', '-5', '1e3', '12,34', 'abc', '.5', '49.']) expect(rupeesToPaise(bad), bad).toBeNull();
  });

  it('reads whole numbers as a spreadsheet writes them', () => {
    expect(['12', '1,200', '12.0', '0', '-3'].map(wholeNumber)).toEqual([12, 1200, 12, 0, -3]);
    for (const bad of ['1.5', 'ten', '', '1e3']) expect(wholeNumber(bad), bad).toBeNull();
  });

  it('reads yes and no in the ways spreadsheets write them', () => {
    expect(['yes', 'Y', 'TRUE', '1', 'no', 'n', 'False', '0', 'maybe'].map(yesNo)).toEqual([true, true, true, true, false, false, false, false, null]);
  });

  it('checks a barcode as an EAN-13, and says when a spreadsheet turned it into a number', () => {
    expect(barcodeCellProblem('8901030865275')).toBeNull();
    expect(barcodeCellProblem('8901030865274')).toBe('Barcode check digit is wrong: check the number on the pack');
    expect(barcodeCellProblem('890103086527')).toBe('Barcode must be 13 digits (EAN-13)');
    expect(barcodeCellProblem('8.90103E+12')).toMatch(/turned into a number by the spreadsheet/);
  });

  it('reads a full row into values, the warehouse code in capitals', () => {
    const { values, problems } = read({
      product_name: 'Tata Salt', category: 'Staples > Salt', brand: 'Tata', supplier: '', description: 'Iodised', product_status: 'Hidden',
      barcode: '8901030865275', price_rupees: '28.00', mrp_rupees: '30', stock: '120', max_per_order: '5', active: 'no',
    });
    expect(problems).toEqual([]);
    expect(values).toEqual({
      row: 7, product_slug: 'tata-salt', pack_name: '1 kg', warehouse_code: 'BLR', product_name: 'Tata Salt', category: 'Staples > Salt', brand: 'Tata', supplier: null,
      description: 'Iodised', product_status: 'hidden', barcode: '8901030865275', price: 2800, mrp: 3000, stock: 120, max_per_order: 5, active: false,
    });
  });

  it('leaves out what the file has no column for, and reads a blank barcode or supplier as none', () => {
    expect(read({ stock: '4' }).values).toEqual({ row: 7, ...KEY, warehouse_code: 'BLR', stock: 4 });
    expect(read({ barcode: '', supplier: '' }).values).toMatchObject({ barcode: null, supplier: null });
  });

  it('names the column of every bad cell, in the product form\'s words', () => {
    const { problems } = read({
      product_slug: 'Tata Salt', pack_name: '', warehouse_code: 'BANGALORE', product_name: '', category: '', product_status: 'gone', barcode: '123',
      price_rupees: '28.505', mrp_rupees: '0', stock: '-4', max_per_order: '0', active: 'sometimes',
    });
    expect(problems).toEqual([
      { column: 'pack_name', message: 'Pack name is required' },
      { column: 'warehouse_code', message: 'Warehouse code is too long (at most 3 characters)' },
      { column: 'product_slug', message: 'Product slug may hold only lower-case letters, digits and single hyphens between words' },
      { column: 'product_name', message: 'Product name is required' },
      { column: 'category', message: 'Category is required' },
      { column: 'product_status', message: 'Product status must be active or hidden' },
      { column: 'barcode', message: 'Barcode must be 13 digits (EAN-13)' },
      { column: 'price_rupees', message: 'Price must be an amount in rupees with at most 2 decimals, such as 49.50' },
      { column: 'mrp_rupees', message: 'MRP must be more than ₹0' },
      { column: 'stock', message: 'Stock cannot be negative' },
      { column: 'max_per_order', message: expect.stringMatching(/^Maximum per order must be from 1 to /) },
      { column: 'active', message: 'Active must be yes or no' },
    ]);
  });

  it('refuses a price above the MRP, a blank price, and control characters in text', () => {
    expect(read({ price_rupees: '31', mrp_rupees: '30' }).problems).toEqual([{ column: 'price_rupees', message: 'Price cannot be more than the MRP' }]);
    expect(read({ price_rupees: '' }).problems).toEqual([{ column: 'price_rupees', message: 'Price is required' }]);
    expect(read({ product_name: 'Salt\u0000' }).problems).toEqual([{ column: 'product_name', message: 'Product name must not contain control characters' }]);
    expect(read({ description: 'Line one\nline two' }).problems).toEqual([]);
  });

  it('keeps the row\'s own problem (its cell count) first', () => {
    expect(read({}, 'This row has 2 cells; the header has 3').problems).toEqual([{ column: null, message: 'This row has 2 cells; the header has 3' }]);
  });
});
