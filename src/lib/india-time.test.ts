import { describe, expect, it } from 'vitest';
import { indiaDate, indiaDayStart, inIndia } from './india-time';

// 18:29:59.999 UTC is 23:59:59.999 in India; a millisecond later it is the next day there.
const lateMarch31 = new Date('2026-03-31T18:29:59.999Z');
const april1 = new Date('2026-03-31T18:30:00.000Z');

describe("India's clock", () => {
  it("finds today in India's time, not the server's", () => {
    expect(indiaDate(lateMarch31)).toBe('2026-03-31');
    expect(indiaDate(april1)).toBe('2026-04-01');
  });

  it('counts calendar days from a moment, across months and years', () => {
    expect(indiaDate(lateMarch31, 1)).toBe('2026-04-01');
    expect(indiaDate(april1.getTime(), -1)).toBe('2026-03-31');
    expect(indiaDate(new Date('2026-12-31T20:00:00Z'), 0)).toBe('2027-01-01');
    expect(indiaDate(new Date('2024-02-28T12:00:00Z'), 1)).toBe('2024-02-29');
  });

  it('starts a calendar day at 18:30 UTC the day before', () => {
    expect(new Date(indiaDayStart('2026-04-01')).toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(indiaDayStart('2026-04-01')).toBe(april1.getTime());
    expect(indiaDate(indiaDayStart('2026-11-24'))).toBe('2026-11-24');
  });

  it('reads a moment on the clock of India', () => {
    expect(inIndia(april1).format('YYYY-MM-DD HH:mm')).toBe('2026-04-01 00:00');
    expect(inIndia('2026-11-22T10:35:00Z').format('h:mm A')).toBe('4:05 PM');
  });
});
