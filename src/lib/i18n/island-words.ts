import { DEFAULT_LOCALE, HTML_LANG, type Locale } from './locales';
import type { Message } from './messages/types';
import { CATALOGUES } from './translate';
import type { Words } from './words';

/**
 * The words of a domain in a page's language, for an island's `words` prop, drawn on the server from the whole
 * catalogue: undefined in English (the island has its English words bundled), else the domain's keys in the
 * locale. `english` is the domain's English module, which names the keys: `islandWords(locale, cart)`.
 */
export function islandWords<Domain extends Record<string, Message>>(locale: Locale, english: Domain): Words<Domain> | undefined {
  if (locale === DEFAULT_LOCALE) return undefined;
  const catalogue = CATALOGUES[locale] as Record<string, Message>;
  const text = Object.fromEntries(Object.keys(english).map((key) => [key, catalogue[key] ?? english[key]!])) as { [K in keyof Domain]: Message };
  return { lang: HTML_LANG[locale], text };
}
