/** The search field takes the focus this long after a page shows (docs/product.md#header). */
export const SEARCH_FOCUS_DELAY_MS = 300;

/**
 * After 300 ms, focuses the page's visible search field, but only where the pointer is fine (a mouse or
 * trackpad: no on-screen keyboard pops up on a phone) and only if the shopper has not focused anything yet. The
 * focus wakes nothing (search.ts): the search box hydrates when the shopper types or presses in it.
 * Returns a function that cancels it (before the client router swaps the page).
 */
export function autofocusSearch(doc: Document = document): () => void {
  if (!doc.defaultView?.matchMedia('(pointer: fine)').matches) return () => {};
  const timer = setTimeout(() => {
    if (doc.activeElement !== doc.body) return;
    const field = [...doc.querySelectorAll<HTMLInputElement>('[data-search-form] input')].find((input) => input.checkVisibility());
    field?.focus({ preventScroll: true });
  }, SEARCH_FOCUS_DELAY_MS);
  return () => clearTimeout(timer);
}
