import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * The shop's clock is India's: every date a shopper, an agent or the shop's rules read is a calendar day in
 * Asia/Kolkata, whatever the server's or the browser's own time zone. India keeps no daylight saving, so its
 * clock is UTC+05:30 all year: a fixed offset, not dayjs's timezone plugin, which builds an Intl formatter on
 * every call (it was 8% of the CPU of a listing's render: docs/benchmarks.md).
 */
const INDIA_OFFSET_MINUTES = 330;

/** A moment on India's clock, to format or to count days from. */
export const inIndia = (at: Date | string | number = new Date()) => dayjs(at).utcOffset(INDIA_OFFSET_MINUTES);

/** India's calendar date (YYYY-MM-DD) at a moment, or `days` after it (before, when negative): today by default. */
export const indiaDate = (at: Date | number = new Date(), days = 0) => inIndia(at).add(days, 'day').format('YYYY-MM-DD');

/** The moment (milliseconds) an India calendar day, YYYY-MM-DD, begins. */
export const indiaDayStart = (date: string) => Date.parse(`${date}T00:00:00+05:30`);
