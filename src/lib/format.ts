import dayjs from 'dayjs';
import { inIndia } from './india-time';

/** 'Nov 22, 2026' (docs/product.md#constants), in India's time zone. */
export const formatDate = (date: Date | string | number) => inIndia(date).format('MMM D, YYYY');

/** A calendar date kept as YYYY-MM-DD, shown as 'May 1, 1990' with no time zone shift. */
export const formatCalendarDate = (isoDate: string) => dayjs(isoDate).format('MMM D, YYYY');

/** '4:05 PM', in India's time zone. */
export const formatTime = (date: Date | string | number) => inIndia(date).format('h:mm A');

/** 'Nov 22, 2026 4:05 PM'. */
export const formatDateTime = (date: Date | string | number) => `${formatDate(date)} ${formatTime(date)}`;

export { formatRupees } from './money';
