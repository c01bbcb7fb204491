import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The shop's clock is India's: every date a shopper, an agent or the shop's rules read is a calendar day in
 * Asia/Kolkata (which keeps no daylight saving), whatever the server's or the browser's own time zone.
 */
const SHOP_TIMEZONE = 'Asia/Kolkata';

/** A moment on India's clock, to format or to count days from. */
export const inIndia = (at: Date | string | number = new Date()) => dayjs(at).tz(SHOP_TIMEZONE);

/** India's calendar date (YYYY-MM-DD) at a moment, or `days` after it (before, when negative): today by default. */
export const indiaDate = (at: Date | number = new Date(), days = 0) => inIndia(at).add(days, 'day').format('YYYY-MM-DD');

/** The moment (milliseconds) an India calendar day, YYYY-MM-DD, begins. */
export const indiaDayStart = (date: string) => dayjs.tz(date, SHOP_TIMEZONE).valueOf();
