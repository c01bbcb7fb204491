import { describe, expect, it } from 'vitest';
import { formatRupees, percentOff, toRupees } from './money';
import { toPaise } from './to-paise';

describe('money', () => {
  it('converts rupees to whole paise without float error', () => {
    expect(toPaise(9.95)).toBe(995);
    expect(toPaise('9.95')).toBe(995);
    expect(toPaise('1499')).toBe(149900);
    expect(toPaise('0.1')).toBe(10);
    expect(toPaise(-12.5)).toBe(-1250);
    expect(() => toPaise('12.345')).toThrow(RangeError);
    expect(() => toPaise('abc')).toThrow(RangeError);
  });

  it('round-trips every paise value through rupees', () => {
    for (let paise = 0; paise < 100_000; paise += 7) expect(toPaise(toRupees(paise))).toBe(paise);
  });

  it('formats rupees the en-IN way', () => {
    expect(formatRupees(1499)).toBe('₹1,499.00');
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
  });

  it('rounds the percentage off down, and is 0 without a discount', () => {
    expect(percentOff(8000, 10000)).toBe(20);
    expect(percentOff(6700, 10000)).toBe(33);
    expect(percentOff(10000, 10000)).toBe(0);
    expect(percentOff(12000, 10000)).toBe(0);
  });
});

import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './format';

describe('dates (MMM D, YYYY and h:mm A, in India)', () => {
  it("shows instants in India's time", () => {
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('Nov 23, 2026');
    expect(formatTime('2026-11-22T20:00:00Z')).toBe('1:30 AM');
    expect(formatDateTime('2026-01-05T06:35:00Z')).toBe('Jan 5, 2026 12:05 PM');
  });
  it('shows calendar dates as they are, with no time-zone shift', () => {
    expect(formatCalendarDate('1990-05-01')).toBe('May 1, 1990');
  });
});
