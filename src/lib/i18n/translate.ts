import { en, type Message, type MessageKey } from './messages/en';
import { hi } from './messages/hi';
import { HTML_LANG, type Locale } from './locales';
import { speak, type Params } from './words';

const CATALOGUES: Record<Locale, Record<MessageKey, Message>> = { en, hi };

export type Translate = (key: MessageKey, params?: Params) => string;

/** Made once a language, not once a request. */
const TRANSLATORS = Object.fromEntries(Object.entries(CATALOGUES).map(([locale, text]) => [locale, speak({ lang: HTML_LANG[locale as Locale], text })])) as Record<Locale, Translate>;

/**
 * The translator of a locale: `t('catalogue.products', { count: 3 })` → '3 products' / '3 उत्पाद'. Plural forms
 * by Intl.PluralRules of the locale; numbers by Intl.NumberFormat('en-IN') in both languages (Western digits, the
 * Indian grouping), as Indian shops print them. The islands' translator (words.ts) over the whole catalogue.
 */
export function translator(locale: Locale): Translate {
  return TRANSLATORS[locale];
}

/** Every key of a catalogue and the placeholders each of its forms uses, for the catalogues' check. */
export function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

export { CATALOGUES };
