import { describe, expect, it } from 'vitest';
import { readChange, readCount, readRupees, rupeesField, signedUnits } from './amounts';

/** The contract's limit (₹10,00,000), as the forms pass it. */
const LIMIT = { max: 100_000_000 };
const value = <T>(read: { ok: true; value: T } | { ok: false; problem: string }) => (read.ok ? read.value : read.problem);

describe('rupees typed by staff', () => {
  it('reads rupees as people write them, to whole paise', () => {
    expect(value(readRupees('45', 'price', LIMIT))).toBe(4500);
    expect(value(readRupees('45.5', 'price', LIMIT))).toBe(4550);
    expect(value(readRupees(' 45.50 ', 'price', LIMIT))).toBe(4550);
    expect(value(readRupees('₹1,499.00', 'price', LIMIT))).toBe(149900);
    expect(value(readRupees('1,49,999', 'price', LIMIT))).toBe(14999900);
    expect(value(readRupees('Rs. 9.95', 'price', LIMIT))).toBe(995);
    expect(value(readRupees('.5', 'price', LIMIT))).toBe(50);
    expect(value(readRupees('12.', 'MRP', LIMIT))).toBe(1200);
    expect(value(readRupees('0', 'price', LIMIT))).toBe(0);
  });

  it('says what is wrong with anything else, naming the field', () => {
    expect(value(readRupees('', 'price', LIMIT))).toBe('Enter the price in rupees');
    expect(value(readRupees('-5', 'MRP', LIMIT))).toBe('The MRP cannot be less than ₹0');
    expect(value(readRupees('abc', 'price', LIMIT))).toBe('Write the price as rupees, like 45 or 45.50');
    expect(value(readRupees('1,4,9', 'price', LIMIT))).toBe('Write the price as rupees, like 45 or 45.50');
    expect(value(readRupees('4.555', 'price', LIMIT))).toBe('The price has at most two decimals (paise)');
    expect(value(readRupees('1000000.01', 'price', LIMIT))).toBe('The price cannot be more than ₹10,00,000.00');
    expect(value(readRupees('0', 'price', { ...LIMIT, positive: true }))).toBe('The price must be more than ₹0');
  });

  it('shows paise back in the field as they would be typed, and reads them again the same', () => {
    expect(rupeesField(4500)).toBe('45');
    expect(rupeesField(4550)).toBe('45.50');
    expect(rupeesField(5)).toBe('0.05');
    for (let paise = 0; paise < 50_000; paise += 37) expect(value(readRupees(rupeesField(paise), 'price', LIMIT))).toBe(paise);
  });
});

describe('units typed by staff', () => {
  it('reads a count: a whole number, 0 or more', () => {
    expect(value(readCount('12'))).toBe(12);
    expect(value(readCount('0'))).toBe(0);
    expect(value(readCount('1,200'))).toBe(1200);
    expect(value(readCount(''))).toBe('Enter the stock, 0 or more');
    expect(value(readCount('-1'))).toBe('The stock cannot be less than 0');
    expect(value(readCount('2.5'))).toBe('The stock is a whole number of units');
    expect(value(readCount('2000000'))).toBe('The stock cannot be more than 10,00,000');
  });

  it('reads a change: units in or out, never 0', () => {
    expect(value(readChange('12'))).toBe(12);
    expect(value(readChange('+12'))).toBe(12);
    expect(value(readChange('-3'))).toBe(-3);
    expect(value(readChange('\u22123'))).toBe(-3);
    expect(value(readChange('0'))).toBe('A change of 0 changes nothing');
    expect(value(readChange(''))).toBe('Enter how many units come in (12) or go out (-3)');
    expect(value(readChange('3 units'))).toBe('The change is a whole number of units, like 12 or -3');
  });

  it('says a change with its sign', () => {
    expect(signedUnits(12)).toBe('+12');
    expect(signedUnits(-3)).toBe('\u22123');
    expect(signedUnits(0)).toBe('0');
    expect(signedUnits(1500)).toBe('+1,500');
  });
});
