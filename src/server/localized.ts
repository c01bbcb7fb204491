import type { Locale } from '../lib/i18n/locales';

/**
 * A name (or description) in the answer's language: the Hindi one when the request asks for Hindi and staff gave
 * one, else the English (docs/languages.md). Every answer that carries catalogue or page names picks through this
 * (map.ts's row→answer mapping, the cart's lines). A module of its own: cart-quote.ts cannot import map.ts (a cycle).
 */
export const localized = (locale: Locale | undefined, english: string, hindi: string | null | undefined): string =>
  locale === 'hi' && hindi?.trim() ? hindi : english;
