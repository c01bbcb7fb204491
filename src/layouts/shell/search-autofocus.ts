/** The search field takes the focus this long after a page shows (spec section 9). */
export const SEARCH_FOCUS_DELAY_MS = 300;

/**
 * After 300 ms, focuses the page's visible search field, but only where the pointer is fine (a mouse or
 * trackpad: no on-screen keyboard pops up on a phone) and only if the shopper has not focused anything yet.
 * Returns a function that cancels it (before the client router swaps the page).
 */
export function autofocusSearch(doc: Document = document): () => void {
  if (!doc.defaultView?.matchMedia('(pointer: fine)').matches) return () => {};
  const timer = setTimeout(() => {
    if (doc.activeElement && doc.activeElement !== doc.body) return;
    const field = [...doc.querySelectorAll<HTMLInputElement>('form[data-search-form] input[name="q"]')].find((input) => input.checkVisibility());
    field?.focus({ preventScroll: true });
  }, SEARCH_FOCUS_DELAY_MS);
  return () => clearTimeout(timer);
}
