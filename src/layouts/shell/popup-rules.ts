/** The promotional popup's rules (docs/product.md#promotional-popup). */

export const POPUP_DELAY_MS = 5000;
export const POPUP_DEFAULT_DURATION_S = 5;
export const POPUP_STORAGE_KEY = 'popupShown';
/** The popup appears only on these pages. */
const POPUP_PATHS = ['/', '/products'];

/**
 * Whether the popup is drawn on this page: / or /products (the server decides; with `once`, the browser's script
 * then shows it only if the stored marker is for another image).
 */
export function popupOnPage(path: string): boolean {
  return POPUP_PATHS.includes(path.replace(/\/+$/, '') || '/');
}
