/**
 * The dashboard's period: a preset (today, 7 days, 30 days, this month) or a custom range, as calendar days in
 * India's time, kept in the page's address (?period=7d, or ?from=YYYY-MM-DD&to=YYYY-MM-DD) so reload and back
 * keep it. Plain functions over YYYY-MM-DD strings: no time zone arithmetic beyond finding today in India.
 */
import { MAX_PERIOD_DAYS } from '../../contract/agent-constants';
import { indiaDate } from '../../lib/india-time';

export const PERIOD_PRESETS = ['today', '7d', '30d', 'month'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PRESET_LABELS: Record<PeriodPreset | 'custom', string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  month: 'This month',
  custom: 'Custom',
};
const DEFAULT_PRESET: PeriodPreset = '30d';

export interface PeriodChoice {
  preset: PeriodPreset | 'custom';
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `days` later (or earlier, when negative). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const isRealDate = (value: string | null): value is string =>
  value !== null && DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The days a preset covers, ending today in India. */
export function presetPeriod(preset: PeriodPreset, now: Date = new Date()): PeriodChoice {
  const to = indiaDate(now);
  const from = preset === 'today' ? to : preset === '7d' ? addDays(to, -6) : preset === '30d' ? addDays(to, -29) : `${to.slice(0, 8)}01`;
  return { preset, from, to };
}

/**
 * Why a custom range cannot be asked for, or null when it can: both dates, from no later than to, at most
 * MAX_PERIOD_DAYS days (the API says the same; asking the shopper first saves a round trip).
 */
export function rangeProblem(from: string, to: string): string | null {
  if (!isRealDate(from) || !isRealDate(to)) return 'Choose both dates';
  if (from > to) return 'The start date is after the end date';
  if (daysIn(from, to) > MAX_PERIOD_DAYS) return `Choose at most ${MAX_PERIOD_DAYS} days`;
  return null;
}

/** The period the address asks for; anything unknown or impossible is the default preset. */
export function readPeriod(search: URLSearchParams, now: Date = new Date()): PeriodChoice {
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null && to !== null && rangeProblem(from, to) === null) return { preset: 'custom', from, to };
  const preset = search.get('period') as PeriodPreset | null;
  return presetPeriod(preset && PERIOD_PRESETS.includes(preset) ? preset : DEFAULT_PRESET, now);
}

/** The dashboard's address for a period; the default preset is left out. */
export function periodHref(choice: PeriodChoice): string {
  if (choice.preset === 'custom') return `/account/dashboard?from=${choice.from}&to=${choice.to}`;
  return choice.preset === DEFAULT_PRESET ? '/account/dashboard' : `/account/dashboard?period=${choice.preset}`;
}

export interface Change {
  direction: 'up' | 'down' | 'same';
  /** '+12.5%', '−3%', 'No change', or 'New' when the previous period had none. */
  text: string;
}

/** The change of a figure from the previous period of the same length. */
export function change(value: number, previous: number): Change {
  if (value === previous) return { direction: 'same', text: 'No change' };
  const direction = value > previous ? 'up' : 'down';
  if (previous === 0) return { direction, text: 'New' };
  const percent = ((value - previous) / Math.abs(previous)) * 100;
  const rounded = Math.abs(percent) >= 10 ? Math.round(Math.abs(percent)) : Math.round(Math.abs(percent) * 10) / 10;
  return { direction, text: `${direction === 'up' ? '+' : '−'}${rounded}%` };
}
