import { AsyncLocalStorage } from 'node:async_hooks';
import { scriptJson } from '../json';
import { islandWords } from './island-words';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';
import { cart } from './messages/en/cart';
import { search } from './messages/en/search';
import { wishlist } from './messages/en/wishlist';
import { ui } from './messages/en/ui';
import type { SharedDomain } from './page-words';

/**
 * The server's side of lib/i18n/page-words.ts: the words of the islands drawn many times a page, in the language
 * of the page being rendered (kept for the render by `inPageLanguage`, which the language middleware wraps every
 * page in), and the same words as the page's `<script id="page-words">` for the browser. Worked out once a
 * language.
 */
const SHARED = { cart, wishlist, search, ui } satisfies Record<SharedDomain, unknown>;

const WORDS = Object.fromEntries(
  LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [locale, Object.fromEntries(Object.entries(SHARED).map(([domain, english]) => [domain, islandWords(locale, english)]))]),
) as Partial<Record<Locale, Record<SharedDomain, ReturnType<typeof islandWords>>>>;
const JSON_OF = Object.fromEntries(Object.entries(WORDS).map(([locale, words]) => [locale, scriptJson(words)])) as Partial<Record<Locale, string>>;

const pageLanguage = new AsyncLocalStorage<Locale>();

globalThis.__pageWords = (domain) => {
  const locale = pageLanguage.getStore();
  return locale ? WORDS[locale]?.[domain] : undefined;
};

/** Runs a page's render in its language, so the islands drawn on the server find their words. */
export const inPageLanguage = <T>(locale: Locale, render: () => T): T => (locale === DEFAULT_LOCALE ? render() : pageLanguage.run(locale, render));

/** The page's `<script id="page-words">` JSON, or undefined in English. */
export const pageWordsJson = (locale: Locale): string | undefined => JSON_OF[locale];
