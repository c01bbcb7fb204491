import { describe, expect, it } from 'vitest';
import { chartSeries, compactRupees, dayLabel } from './chart';

describe('the sales chart', () => {
  it('puts each day at its index, with its revenue and orders', () => {
    const sales = { period: { from: '2026-11-22', to: '2026-11-24', days: 3 }, days: [
      { date: '2026-11-22', orders: 2, revenue: 450.5 },
      { date: '2026-11-23', orders: 0, revenue: 0 },
      { date: '2026-11-24', orders: 1, revenue: 99 },
    ] };
    expect(chartSeries(sales)).toEqual({ labels: ['2026-11-22', '2026-11-23', '2026-11-24'], data: [[0, 1, 2], [450.5, 0, 99], [2, 0, 1]] });
  });

  it('labels days and rupees the Indian way', () => {
    expect(dayLabel('2026-01-05')).toBe('Jan 5');
    expect(dayLabel('2026-12-31')).toBe('Dec 31');
    expect(compactRupees(950)).toBe('₹950');
    expect(compactRupees(150000)).toBe('₹1.5L');
    expect(compactRupees(20000000)).toBe('₹2Cr');
  });
});
