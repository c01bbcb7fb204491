import type { Message } from './messages/types';
import type { ui } from './messages/en/ui';
import { speak, type Say, type Words } from './words';

/**
 * The words of the islands a page draws many times (a card's Add to Cart and heart, the header's cart button and
 * search box, the cart panel; the shared widgets' dialogs), once a page rather than in each island's props (docs/languages.md#islands): 24
 * cards each carrying the cart's Hindi words made the Hindi listing 173 KB. On the server the words come from the
 * page's language (lib/i18n/shared-words.ts, which sets `__pageWords` for the render); in the browser from the
 * page's `<script id="page-words">` JSON, which Hindi pages carry. Undefined on English pages: the island's
 * bundled English serves.
 */
export type SharedDomain = 'cart' | 'wishlist' | 'search' | 'ui';

declare global {
  var __pageWords: ((domain: SharedDomain) => Words<Record<string, Message>> | undefined) | undefined;
}

/** The page's words as read, with the element they were read from (the client router swaps documents: read again then). */
let read: { from: Element | null; words: Partial<Record<SharedDomain, Words<Record<string, Message>>>> } | undefined;

/** The shared widgets' words (src/ui: dialogs), on a page in another language than English; English is theirs. */
export function uiSay(): Say<Extract<keyof typeof ui, string>> | undefined {
  const words = sharedWords<typeof ui>('ui');
  return words && speak(words);
}

export function sharedWords<Domain extends Record<string, Message>>(domain: SharedDomain): Words<Domain> | undefined {
  if (globalThis.__pageWords) return globalThis.__pageWords(domain) as Words<Domain> | undefined;
  if (typeof document === 'undefined') return undefined;
  const from = document.getElementById('page-words');
  if (read?.from !== from) read = { from, words: from?.textContent ? JSON.parse(from.textContent) : {} };
  return read.words[domain] as Words<Domain> | undefined;
}
