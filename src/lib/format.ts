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

/** A time of day kept as 24-hour 'HH:MM' ('07:00', '18:30'), as the shop writes times: '7:00 AM', '6:30 PM'. */
export function formatClock(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
