import { atom, map } from 'nanostores';
import type { z } from 'zod';
import type { WishlistCategory as WishlistCategorySchema, WishlistUpdated as WishlistUpdatedSchema, Wishlists as WishlistsSchema } from '../../contract/wishlist';
import type { wishlist } from '../../lib/i18n/messages/en/wishlist';
import type { Say } from '../../lib/i18n/words';

/** The wishlist's words in the page's language (messages/en/wishlist.ts's keys). */
export type SayWishlist = Say<keyof typeof wishlist>;

type WishlistCategory = z.infer<typeof WishlistCategorySchema>;
type WishlistUpdated = z.infer<typeof WishlistUpdatedSchema>;
type Wishlists = z.infer<typeof WishlistsSchema>;

/** The lists and what they hold, as the dialog needs them (the server's `GET /api/wishlist` less its products). */
export interface WishlistState {
  categories: WishlistCategory[];
  items: Wishlists['items'];
}

/** One row of 'Add Products In Wishlist': a list's id (null is Default) and name. */
export interface ListEntry {
  id: number | null;
  name: string;
}

/**
 * The signed-in shopper's wishlists, loaded when a heart first opens the dialog and kept in step with every
 * answer; null until then.
 */
export const $wishlists = atom<WishlistState | null>(null);

/**
 * Whether each product (by id) is in any list, as the server last said: seeded from each heart's server
 * props, replaced only by a successful answer, so a heart never flips before the server agrees.
 */
export const $hearts = map<Record<number, boolean>>({});

/** The state the dialog keeps from the server's answer to `GET /api/wishlist`. */
export const fromAnswer = (answer: Pick<Wishlists, 'WishlistCategories' | 'items'>): WishlistState => ({
  categories: answer.WishlistCategories,
  items: answer.items,
});

/** The dialog's rows: Default first (named in the page's language), then the shopper's lists in the server's order. */
export const entriesOf = (state: WishlistState | null, say: SayWishlist): ListEntry[] => [{ id: null, name: say('wishlist.default') }, ...(state?.categories ?? [])];

/** The heart's name, by where the product stands: 'Add to wishlist: Atta' or 'In your wishlist: Atta'. */
export const heartName = (on: boolean, productName: string, say: SayWishlist) => say(on ? 'wishlist.heartIn' : 'wishlist.heartAdd', { name: productName });

/** A list's row's name, for what pressing it does: 'Add to Festive' or 'Remove from Festive'. */
export const rowName = (held: boolean, list: string, say: SayWishlist) => say(held ? 'wishlist.removeFrom' : 'wishlist.addTo', { list });

/** Whether a list (null: Default) holds a product. */
export const holds = (state: WishlistState | null, productId: number, listId: number | null) =>
  state?.items.some((item) => item.product_id === productId && item.wishlist_category_id === listId) ?? false;

/** The state after a toggle's answer: the product sits in exactly the lists the answer names. */
export const withToggle = (state: WishlistState, answer: WishlistUpdated): WishlistState => ({
  ...state,
  items: [
    ...state.items.filter((item) => item.product_id !== answer.product_id),
    ...answer.lists.map((list) => ({ product_id: answer.product_id, wishlist_category_id: list })),
  ],
});

/** The state after a list was created: it joins the end of the rows. */
export const withCategory = (state: WishlistState, created: WishlistCategory): WishlistState => ({
  ...state,
  categories: [...state.categories.filter((c) => c.id !== created.id), created],
});

/** Seeds a product's heart from server props, unless an answer already set it (an answer is newer than the page). */
export function seedHeart(productId: number, on: boolean) {
  if ($hearts.get()[productId] === undefined) $hearts.setKey(productId, on);
}

/** Keeps a toggle's answer: the product's heart and its lists. */
export function acceptToggle(answer: WishlistUpdated) {
  $hearts.setKey(answer.product_id, answer.wishlist);
  const state = $wishlists.get();
  if (state) $wishlists.set(withToggle(state, answer));
}

/** Keeps a created list. */
export function acceptCategory(created: WishlistCategory) {
  const state = $wishlists.get();
  $wishlists.set(withCategory(state ?? { categories: [], items: [] }, created));
}
