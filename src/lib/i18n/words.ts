import type { Message } from './messages/types';

/**
 * The words of one domain for a React island (docs/languages.md#islands): the page's `lang` (for plural rules)
 * and the domain's messages. An island imports its domain's English module (messages/en/<domain>.ts, so only
 * that domain's words are bundled) and takes an optional `words` prop; an `.astro` parent passes
 * `islandWords(locale, english)` (lib/i18n/island-words.ts), which is undefined in English, so English pages
 * carry no words in their props.
 */
export interface Words<Domain extends Record<string, Message>> {
  readonly lang: string;
  readonly text: { readonly [K in keyof Domain]: Message };
}

export type Params = Record<string, string | number>;
export type Say<Key extends string> = (key: Key, params?: Params) => string;

const NUMBERS = new Intl.NumberFormat('en-IN');

/** `{name}` placeholders of a text filled from params; a number is written with Indian grouping (1,00,000). */
function fill(text: string, params: Params | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? NUMBERS.format(value) : value;
  });
}

/**
 * A translator over one set of words: `say('cart.items', { count: 3 })`. Plural forms by Intl.PluralRules of the
 * words' language, numbers by Intl.NumberFormat('en-IN') (Western digits, Indian grouping) in every language.
 * The server's translator (translate.ts) is this over the whole catalogue.
 */
export function speak<Domain extends Record<string, Message>>(words: Words<Domain>): Say<Extract<keyof Domain, string>> {
  const made = spoken.get(words);
  if (made) return made;
  const plurals = pluralRules(words.lang);
  const say: Say<string> = (key, params) => {
    const message = words.text[key]!;
    const text = typeof message === 'string' ? message : (message[plurals.select(Number(params?.count ?? 0))] ?? message.other);
    return fill(text, params);
  };
  spoken.set(words, say);
  return say;
}

/**
 * One translator a set of words, and one Intl.PluralRules a language: a listing's 24 cards say their words with the
 * page's one set, and building the rules is the costly part.
 */
const spoken = new WeakMap<object, Say<string>>();
const rules = new Map<string, Intl.PluralRules>();
function pluralRules(lang: string): Intl.PluralRules {
  let made = rules.get(lang);
  if (!made) rules.set(lang, (made = new Intl.PluralRules(lang)));
  return made;
}

/** English words of a domain, an island's default when its parent passed none. */
export const english = <Domain extends Record<string, Message>>(text: Domain): Words<Domain> => {
  let words = inEnglish.get(text);
  if (!words) inEnglish.set(text, (words = { lang: 'en-IN', text }));
  return words as Words<Domain>;
};
const inEnglish = new WeakMap<object, Words<Record<string, Message>>>();
