import { calendarDateIn, clockIn, partOfDay } from '../../lib/i18n/dates';
import type { Locale } from '../../lib/i18n/locales';
import { deliveryWindow, shortWindow } from './checkout';

const CLOCK = /^(\d{1,2}):(\d{2}) ?([AP]M)$/i;

/** A window's end as the API writes it ('7:00 AM', '1:00 PM') as 'HH:MM', or null when it is not one. */
function twentyFour(time: string): string | null {
  const m = CLOCK.exec(time.trim());
  if (!m) return null;
  const hours = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}

/**
 * A delivery group's date and time window in a page's language, as the cart and checkout show it: English as
 * deliveryWindow ('Nov 25, 2026, 7:00 AM – 11:00 AM'), Hindi with dates.ts's words ('25 नवम्बर 2026, सुबह 7:00 –
 * सुबह 11:00'). A module of its own, so the Hindi months reach only the code that shows windows in Hindi.
 */
export function deliveryWindowIn(locale: Locale, group: { del_date: string | null; del_start_time: string | null; del_end_time: string | null }): string | null {
  if (locale === 'en' || !group.del_date) return deliveryWindow(group);
  const date = calendarDateIn(locale, group.del_date);
  if (!group.del_start_time || !group.del_end_time) return date;
  const [start, end] = [twentyFour(group.del_start_time), twentyFour(group.del_end_time)];
  const clock = (hhmm: string | null, as: string) => (hhmm ? clockIn(locale, hhmm) : as);
  return `${date}, ${clock(start, group.del_start_time)} – ${clock(end, group.del_end_time)}`;
}

/**
 * A window's short form, as cards and the product page show it: '7–11 AM' in English (checkout.ts: shortWindow),
 * the part of the day first in Hindi ('सुबह 7–11', 'सुबह 10:30–दोपहर 1').
 */
export function shortWindowIn(locale: Locale, start: string, end: string): string {
  const [from, to] = [twentyFour(start), twentyFour(end)];
  if (locale === 'en' || !from || !to) return shortWindow(start, end);
  const [fromHours, toHours] = [Number(from.slice(0, 2)), Number(to.slice(0, 2))];
  const hour = (hhmm: string, hours: number) => `${hours % 12 === 0 ? 12 : hours % 12}${hhmm.endsWith(':00') ? '' : hhmm.slice(2)}`;
  const [part, endPart] = [partOfDay(fromHours), partOfDay(toHours)];
  return part === endPart ? `${part} ${hour(from, fromHours)}–${hour(to, toHours)}` : `${part} ${hour(from, fromHours)}–${endPart} ${hour(to, toHours)}`;
}
