import dayjs from 'dayjs';
import hindi from 'dayjs/locale/hi.js';
import { formatCalendarDate, formatClock, formatDate, formatTime } from '../format';
import { inIndia } from '../india-time';
import type { Locale } from './locales';

/**
 * Dates and times in a page's language, in India's time (docs/languages.md). English keeps lib/format.ts's
 * words ('Nov 22, 2026', '4:05 PM'); Hindi uses dayjs's `hi` locale with the part of the day a Hindi shop writes
 * before the time ('27 नवम्बर 2026', 'शाम 4:05'), where dayjs's own Hindi has only AM/PM. A module of its own, so
 * the Hindi month names reach only the code that shows dates in Hindi.
 */
const HINDI = { ...hindi, meridiem: (hour: number) => (hour < 4 ? 'रात' : hour < 12 ? 'सुबह' : hour < 16 ? 'दोपहर' : hour < 20 ? 'शाम' : 'रात') };

type When = Date | string | number;

/** 'Nov 22, 2026' / '22 नवम्बर 2026'. */
export const dateIn = (locale: Locale, date: When) => (locale === 'hi' ? inIndia(date).locale(HINDI).format('D MMMM YYYY') : formatDate(date));

/** A calendar date kept as YYYY-MM-DD: 'May 1, 1990' / '1 मई 1990'. */
export const calendarDateIn = (locale: Locale, isoDate: string) => (locale === 'hi' ? dayjs(isoDate).locale(HINDI).format('D MMMM YYYY') : formatCalendarDate(isoDate));

/** A calendar date kept as YYYY-MM-DD, without its year: 'Nov 27' / '27 नवम्बर'. */
export const dayMonthIn = (locale: Locale, isoDate: string) => dayjs(isoDate).locale(locale === 'hi' ? HINDI : 'en').format(locale === 'hi' ? 'D MMMM' : 'MMM D');

/** '4:05 PM' / 'शाम 4:05'. */
export const timeIn = (locale: Locale, date: When) => (locale === 'hi' ? inIndia(date).locale(HINDI).format('A h:mm') : formatTime(date));

/** 'Nov 22, 2026 4:05 PM' / '22 नवम्बर 2026, शाम 4:05'. */
export const dateTimeIn = (locale: Locale, date: When) => (locale === 'hi' ? `${dateIn(locale, date)}, ${timeIn(locale, date)}` : `${formatDate(date)} ${formatTime(date)}`);

/** A time of day kept as 'HH:MM': '6:30 PM' / 'शाम 6:30'. */
export function clockIn(locale: Locale, hhmm: string): string {
  if (locale !== 'hi') return formatClock(hhmm);
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return `${HINDI.meridiem(hours)} ${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
}

/** The part of the day a Hindi shop writes before an hour (0–23): 'सुबह', 'दोपहर', 'शाम', 'रात'. */
export const partOfDay = (hours: number): string => HINDI.meridiem(hours);
