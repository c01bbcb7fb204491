import type { Page } from '@playwright/test';
import { en } from '../../src/lib/i18n/messages/en';

/**
 * Words a Hindi page must not show: every word of the shop's English catalogue (src/lib/i18n/messages/en), so a
 * text that was left in English, or a key whose Hindi was forgotten, is found by the words it would draw. Names
 * and brands a shop writes the same in Hindi are allowed.
 */
const ALLOWED = new Set(['otp', 'upi', 'razorpay', 'stripe', 'annapurna', 'fresh', 'english', 'india']);

const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  Object.values(en)
    .flatMap((message) => (typeof message === 'string' ? [message] : Object.values(message)))
    .map((text) => text.replace(/\{\w+\}/g, ' '))
    .flatMap((text) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [])
    .filter((word) => !ALLOWED.has(word)),
);

/**
 * The English words a page shows outside data: its text (hidden parts too: a closed dialog, a screen reader's
 * words) and the words of its attributes a person meets (aria-label, placeholder, title, alt, value of buttons),
 * leaving out what the page marks as not to be translated (`translate="no"`: names of products, brands, people,
 * addresses) or as English on purpose (`lang="en…"`: the switch's "English"), and, in attributes, the words of
 * that data (a button named after the address it deletes). Each word found comes with the words around it.
 */
export async function englishWordsOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // Products' names are data: one with no Hindi name (made by another test, say) shows in English wherever it is named.
    const names = [...document.querySelectorAll('article h3')].map((h) => h.textContent?.trim() ?? '').filter(Boolean);
    const body = document.body.cloneNode(true) as HTMLElement;
    // An attribute that names data shown on the page ('Delete the address 12, 4th Main') says that data's words.
    const dataWords = new Set([...body.querySelectorAll('[translate="no"], [lang^="en"]')].flatMap((element) => element.textContent?.toLowerCase().match(/[a-z]{3,}/g) ?? []));
    for (const element of body.querySelectorAll('script, style, template, [translate="no"], [lang^="en"]')) element.remove();
    const attributes = [...body.querySelectorAll('[aria-label], [placeholder], [title], [alt], input[type=submit][value], input[type=button][value]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt', 'value'].map((name) => (name === 'value' && element.tagName !== 'INPUT' ? '' : element.getAttribute(name) ?? '')),
    );
    // An e-mail address (a placeholder's example, a shopper's own) is never a word to translate.
    const withoutData = (text: string) => text.replace(/\S+@\S+/g, ' ').replace(/[A-Za-z]{3,}/g, (word) => (dataWords.has(word.toLowerCase()) ? ' ' : word));
    return [body.textContent ?? '', ...attributes.map(withoutData)].map((text) => names.reduce((left, name) => left.split(name).join(' '), text));
  });
  // Each word once, with the words around it where it was first met, so a failure says where to look.
  const found = new Map<string, string>();
  for (const text of texts) {
    const plain = text.replace(/\S+@\S+/g, ' ').replace(/\s+/g, ' ');
    for (const match of plain.matchAll(/[A-Za-z]{3,}/g)) {
      const word = match[0].toLowerCase();
      if (ENGLISH_WORDS.has(word) && !found.has(word)) found.set(word, `${word} (in “${plain.slice(Math.max(0, match.index - 30), match.index + word.length + 30).trim()}”)`);
    }
  }
  return [...found.keys()].sort().map((word) => found.get(word)!);
}
