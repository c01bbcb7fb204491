import { api } from '../../lib/api/browser';
import { toast, toastError } from '../../stores/toasts';
import { $wishlists, acceptCategory, acceptToggle, fromAnswer, type SayWishlist } from './store';

/** The wishlist calls islands make; each answer goes into `$wishlists` / `$hearts`, a failure rejects. */

/** Loads the shopper's lists and what they hold into `$wishlists`. */
export async function loadWishlists() {
  $wishlists.set(fromAnswer(await api().wishlists()));
}

/** Puts a product in a list (null: Default) or takes it out; its hearts flip only once the server answers. */
export async function toggleInList(productId: number, listId: number | null) {
  acceptToggle(await api().toggleWishlist(productId, listId ?? undefined));
}

/** Creates a named list; it joins the rows of 'Add Products In Wishlist'. */
export async function createList(name: string) {
  acceptCategory(await api().createWishlist(name));
}

/** The toast after a list was created (docs/product.md#wishlist), in the page's language. */
export function toastListCreated(say: SayWishlist) {
  toast(say('wishlist.created'), 'success');
}

/** Shows a failed call as the error toast (docs/product.md#errors). */
export function toastWishlistFailure(failure: unknown) {
  toastError(failure);
}
