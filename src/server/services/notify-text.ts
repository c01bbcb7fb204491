/**
 * The words the shop sends a shopper (docs/languages.md): the one-time code's SMS or e-mail, in the language of
 * the request that asked for it, and the messages about an order, in the order's language (orders.locale, set
 * when it was placed). The words are the catalogue's `notify.*` (lib/i18n/messages/<locale>/notify.ts); amounts
 * keep formatRupees, dates are lib/i18n/dates.ts's.
 */
import { calendarDateIn, clockIn } from '../../lib/i18n/dates';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../lib/i18n/locales';
import { translator } from '../../lib/i18n/translate';
import { formatRupees, toRupees } from '../../lib/money';

/** What a code is for: signing in (or registering), or proving a new mobile number or e-mail. */
export type CodePurpose = 'login' | 'register' | 'contact';

/** The code's text: the code first, in both languages ('123456 is your Annapurna Fresh sign-in code. …'). */
export function codeText(locale: Locale, code: string, shop: string, purpose: CodePurpose): string {
  return translator(locale)(purpose === 'contact' ? 'notify.codeContact' : 'notify.codeSignIn', { code, shop });
}

/** What a shopper is told about. */
export type Template = 'order_confirmed' | 'order_out_for_delivery' | 'order_delivered' | 'order_cancelled' | 'order_refunded' | 'pos_receipt';

export interface MessagePayload {
  shop: string;
  ordernumber: string;
  name: string;
  /** The order's language; none (a message queued before orders had one) is English. */
  locale?: Locale;
  /** The delivery window in the order's language ('on Nov 26, 2026, 7:00 AM – 11:00 AM'): deliveryWindow. */
  window?: string | null;
  rider?: string | null;
  rider_phone?: string | null;
  /** Cash to keep ready at the door (paise), or refunded (paise). */
  due_paise?: number | null;
  refund_paise?: number | null;
  reason?: string | null;
  /** A sale at the counter: its total (paise) and the link to its receipt (/receipt/<token>). */
  total_paise?: number | null;
  receipt_url?: string | null;
}

export interface Message {
  subject: string;
  text: string;
}

const rupees = (paise: number) => formatRupees(toRupees(paise));

/** '7:00 AM' (how an order keeps its window's times) as '07:00'; null when it is not such a time. */
function clock24(time: string): string | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(time.trim());
  if (!match) return null;
  const hours = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === 'P' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** A time of the order's window in a language: '7:00 AM' / 'सुबह 7:00' (a time it cannot read stays as it is). */
const timeIn = (locale: Locale, time: string) => {
  const hhmm = clock24(time);
  return hhmm ? clockIn(locale, hhmm) : time;
};

/**
 * An order's first delivery as its messages name it: 'on Nov 26, 2026, 7:00 AM – 11:00 AM' / '26 नवम्बर 2026 को,
 * सुबह 7:00 – सुबह 11:00 के बीच'; null without a date.
 */
export function deliveryWindow(locale: Locale, date: string | null, start: string | null, end: string | null): string | null {
  if (!date) return null;
  const t = translator(locale);
  const day = calendarDateIn(locale, date);
  if (!start) return t('notify.windowDate', { date: day });
  if (!end) return t('notify.windowStart', { date: day, start: timeIn(locale, start) });
  return t('notify.windowRange', { date: day, start: timeIn(locale, start), end: timeIn(locale, end) });
}

/** The subject and text of a message, in the payload's language. */
export function renderMessage(template: Template, p: MessagePayload): Message {
  const t = translator(isLocale(p.locale) ? p.locale : DEFAULT_LOCALE);
  const words = { name: p.name, shop: p.shop, ordernumber: p.ordernumber };
  const sentences = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');
  switch (template) {
    case 'order_confirmed':
      return { subject: t('notify.confirmedSubject', words), text: sentences(t('notify.confirmed', words), p.window && t('notify.deliveredWhen', { window: p.window })) };
    case 'order_out_for_delivery': {
      const rider = p.rider ? `${p.rider}${p.rider_phone ? ` (${p.rider_phone})` : ''}` : null;
      return {
        subject: t('notify.onItsWaySubject', words),
        text: sentences(rider ? t('notify.onItsWayWith', { ...words, rider }) : t('notify.onItsWay', words), !!p.due_paise && t('notify.keepReady', { amount: rupees(p.due_paise) })),
      };
    }
    case 'order_delivered':
      return { subject: t('notify.deliveredSubject', words), text: t('notify.delivered', words) };
    case 'order_cancelled':
      return {
        subject: t('notify.cancelledSubject', words),
        text: sentences(p.reason ? t('notify.cancelledBecause', { ...words, reason: p.reason }) : t('notify.cancelled', words), !!p.refund_paise && t('notify.refunding', { amount: rupees(p.refund_paise) })),
      };
    case 'order_refunded': {
      const amount = rupees(p.refund_paise ?? 0);
      return { subject: t('notify.refundSubject', words), text: p.reason ? t('notify.refundBecause', { ...words, amount, reason: p.reason }) : t('notify.refund', { ...words, amount }) };
    }
    case 'pos_receipt':
      return { subject: t('notify.receiptSubject', words), text: t('notify.receipt', { ...words, amount: rupees(p.total_paise ?? 0), url: p.receipt_url ?? '' }) };
  }
}
