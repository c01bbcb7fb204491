import { cart } from '../../lib/i18n/messages/en/cart';
import { sharedWords } from '../../lib/i18n/page-words';
import { english, speak, type Say, type Words } from '../../lib/i18n/words';

/** The cart's words in a page's language, as an `.astro` parent passes them: `islandWords(locale, cart)`. */
export type CartWords = Words<typeof cart>;
/** A translator of the cart's words, which the cart's plain functions take (never a global). */
export type CartSay = Say<keyof typeof cart>;

/**
 * The cart islands' translator: the words passed, else the page's (lib/i18n/page-words.ts: the cart's islands are
 * drawn on every card, so their words travel once a page), else the bundled English.
 */
export const cartSay = (words?: CartWords): CartSay => speak(words ?? sharedWords<typeof cart>('cart') ?? english(cart));
