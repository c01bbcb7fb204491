import { describe, expect, it } from 'vitest';
import { addDays, change, daysIn, periodHref, presetPeriod, rangeProblem, readPeriod } from './period';

// 18:29:59.999 UTC is 23:59:59.999 in India; a millisecond later it is the next day there.
const lateMarch31 = new Date('2026-03-31T18:29:59.999Z');
const april1 = new Date('2026-03-31T18:30:00.000Z');

describe('the dashboard period', () => {
  it('counts calendar days across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysIn('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysIn('2026-11-24', '2026-11-24')).toBe(1);
  });

  it('gives each preset its days, ending today in India', () => {
    expect(presetPeriod('today', april1)).toEqual({ preset: 'today', from: '2026-04-01', to: '2026-04-01' });
    expect(presetPeriod('7d', april1)).toEqual({ preset: '7d', from: '2026-03-26', to: '2026-04-01' });
    expect(presetPeriod('30d', lateMarch31)).toEqual({ preset: '30d', from: '2026-03-02', to: '2026-03-31' });
    expect(presetPeriod('month', lateMarch31)).toEqual({ preset: 'month', from: '2026-03-01', to: '2026-03-31' });
    expect(presetPeriod('month', april1)).toEqual({ preset: 'month', from: '2026-04-01', to: '2026-04-01' });
  });

  it('reads the period from the address, and falls back to 30 days on anything else', () => {
    const read = (query: string) => readPeriod(new URLSearchParams(query), april1);
    expect(read('period=7d')).toEqual({ preset: '7d', from: '2026-03-26', to: '2026-04-01' });
    expect(read('from=2026-01-05&to=2026-02-04')).toEqual({ preset: 'custom', from: '2026-01-05', to: '2026-02-04' });
    for (const bad of ['period=year', 'from=2026-02-30&to=2026-03-01', 'from=2026-03-02&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'from=2026-01-01'])
      expect(read(bad), bad).toEqual({ preset: '30d', from: '2026-03-03', to: '2026-04-01' });
  });

  it('writes the period back into the address the same way it reads it', () => {
    for (const choice of [presetPeriod('7d', april1), presetPeriod('30d', april1), { preset: 'custom' as const, from: '2026-01-05', to: '2026-02-04' }]) {
      const href = periodHref(choice);
      expect(readPeriod(new URL(href, 'http://shop.test').searchParams, april1)).toEqual(choice);
    }
    expect(periodHref(presetPeriod('30d', april1))).toBe('/account/dashboard');
  });

  it('explains a custom range it cannot ask for', () => {
    expect(rangeProblem('', '2026-01-01')).toBe('Choose both dates');
    expect(rangeProblem('2026-02-01', '2026-01-01')).toBe('The start date is after the end date');
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('Choose at most 366 days');
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeNull();
  });

  it('says how a figure changed from the previous period', () => {
    expect(change(150, 100)).toEqual({ direction: 'up', text: '+50%' });
    expect(change(97, 100)).toEqual({ direction: 'down', text: '−3%' });
    expect(change(104.5, 100)).toEqual({ direction: 'up', text: '+4.5%' });
    expect(change(5, 0)).toEqual({ direction: 'up', text: 'New' });
    expect(change(0, 0)).toEqual({ direction: 'same', text: 'No change' });
    expect(change(0, 8)).toEqual({ direction: 'down', text: '−100%' });
  });
});
