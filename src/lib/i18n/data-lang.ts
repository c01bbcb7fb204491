import type { Locale } from './locales';

const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN = /[A-Za-z]/;

/**
 * The language of a piece of the shop's data (a menu's label, the footer's words, a block's text, a name with no
 * Hindi given) shown on a page in `locale`: 'en' when the page is not in English and the text is in Latin letters
 * only, so a screen reader reads it as English and a translating browser knows it; else undefined (the page's own).
 */
export const dataLang = (text: string | null | undefined, locale: Locale): 'en' | undefined =>
  locale !== 'en' && text && LATIN.test(text) && !DEVANAGARI.test(text) ? 'en' : undefined;
