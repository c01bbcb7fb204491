import type { Pack } from '../../contract/catalogue';
import type { PackDelivery } from '../../contract/delivery';
import { dayMonthIn } from '../../lib/i18n/dates';
import type { Locale } from '../../lib/i18n/locales';
import type { Translate } from '../../lib/i18n/translate';
import { shortWindowIn } from '../checkout/delivery-window';
import { indiaDate } from '../../lib/india-time';

/** What a card or the product page says of a pack's delivery to the chosen pincode. */
export interface DeliveryPromise {
  deliverable: boolean;
  /** 'Tomorrow, 7–11 AM' (the cart's date and window, worded from India's today), or 'Not delivered to 560001'. */
  text: string;
}

/** The page's language: its translator and its locale (for the date's and the hours' words). */
export interface Language {
  t: Translate;
  locale: Locale;
}

/**
 * When a deliverable pack comes, in the page's language: 'Today', 'Tomorrow', else 'Nov 27' ('27 नवम्बर'), then
 * the cart's window short ('7–11 AM', 'सुबह 7–11': delivery-window.ts), from India's today.
 */
function deliveryWhen(delivery: PackDelivery, today: string, { t, locale }: Language): string | null {
  if (!delivery.date) return null;
  const days = Math.round((Date.parse(delivery.date) - Date.parse(today)) / 86_400_000);
  const day = days === 0 ? t('delivery.today') : days === 1 ? t('delivery.tomorrow') : dayMonthIn(locale, delivery.date);
  if (!delivery.start || !delivery.end) return day;
  return t('delivery.dayAndTime', { day, time: shortWindowIn(locale, delivery.start, delivery.end) });
}

/**
 * A pack's delivery promise from the API's `delivery` (computed by the cart's rules, services/delivery.ts), worded
 * in the page's language, or null without a pincode: then the page shows nothing.
 */
export function deliveryPromise(delivery: PackDelivery | undefined, pincode: string | null | undefined, language: Language, today?: string): DeliveryPromise | null {
  if (!delivery || !pincode) return null;
  // India's today only when there is something to word: a card without a pincode asks nothing (3% of a listing).
  const when = delivery.deliverable ? deliveryWhen(delivery, today ?? indiaDate(), language) : null;
  return when ? { deliverable: true, text: when } : { deliverable: false, text: language.t('delivery.notDelivered', { pincode }) };
}

/**
 * The product page's delivery lines: one ('Delivery to 560001: Tomorrow, 7–11 AM') when every pack says the
 * same, which is then what the chosen pack says; else one a pack, by name ('5 kg: Not delivered to 570001').
 * None without a pincode.
 */
export function deliveryLines(packs: Pack[], pincode: string | null | undefined, language: Language, today?: string): DeliveryPromise[] {
  const { t } = language;
  if (!pincode) return [];
  const day = today ?? indiaDate();
  const each = packs.flatMap((pack) => {
    const promise = deliveryPromise(pack.delivery, pincode, language, day);
    return promise ? [{ pack, ...promise }] : [];
  });
  const [first] = each;
  if (!first) return [];
  if (each.every((p) => p.text === first.text)) {
    return [{ deliverable: first.deliverable, text: first.deliverable ? t('delivery.toWhen', { pincode, when: first.text }) : first.text }];
  }
  return each.map((p) => ({ deliverable: p.deliverable, text: t('delivery.packLine', { pack: p.pack.pack_name, text: p.text }) }));
}
