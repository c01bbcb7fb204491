import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The shop's clock: India. */
export const SHOP_TIMEZONE = 'Asia/Kolkata';

/** 'Nov 22, 2026' (docs/product.md#constants), in India's time zone. */
export const formatDate = (date: Date | string | number) => dayjs(date).tz(SHOP_TIMEZONE).format('MMM D, YYYY');

/** A calendar date kept as YYYY-MM-DD, shown as 'May 1, 1990' with no time zone shift. */
export const formatCalendarDate = (isoDate: string) => dayjs(isoDate).format('MMM D, YYYY');

/** '4:05 PM', in India's time zone. */
export const formatTime = (date: Date | string | number) => dayjs(date).tz(SHOP_TIMEZONE).format('h:mm A');

/** 'Nov 22, 2026 4:05 PM'. */
export const formatDateTime = (date: Date | string | number) => `${formatDate(date)} ${formatTime(date)}`;

export { formatRupees } from './money';
