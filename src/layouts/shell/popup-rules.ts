/** The promotional popup's rules (docs/product.md#promotional-popup). */

export const POPUP_DELAY_MS = 5000;
export const POPUP_DEFAULT_DURATION_S = 5;
export const POPUP_STORAGE_KEY = 'popupShown';
/** The popup appears only on these pages. */
export const POPUP_PATHS = ['/', '/products'];

/** Whether the popup may show: on / or /products, and, with `once`, only if the stored marker is for another image. */
export function popupAllowed(path: string, popup: { image: string; once: boolean }, storedMarker: string | null): boolean {
  if (!POPUP_PATHS.includes(path.replace(/\/+$/, '') || '/')) return false;
  return !popup.once || storedMarker !== popup.image;
}
