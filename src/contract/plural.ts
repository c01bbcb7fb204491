/**
 * Plurals by the language's rules (Intl.PluralRules for en-IN), never by `count === 1`: '1 item', '0 items',
 * '2 items'. One rule object for every caller; counts are written with Indian digit grouping (1,23,456).
 */
const rules = new Intl.PluralRules('en-IN');

/** The word for `count`: `one` when the rules say singular, `other` otherwise ('try' / 'tries'). */
export const pluralWord = (count: number, one: string, other: string): string => (rules.select(count) === 'one' ? one : other);

/** The count and its word: plural(1, 'item', 'items') is '1 item', plural(3, 'item', 'items') '3 items'. */
export const plural = (count: number, one: string, other: string): string => `${count.toLocaleString('en-IN')} ${pluralWord(count, one, other)}`;
