import { REDIRECT_KEY } from '../../lib/guards';

/**
 * Saves the path a guard turned the shopper away from (the URL's `redirect`) in session storage under the
 * product's redirect-after-login key (docs/product.md#routes), and returns what is saved there now. Storage can be off
 * (private mode): the URL still carries the path then, and null is returned.
 */
export function rememberWantedPath(search: string = location.search): string | null {
  const wanted = new URLSearchParams(search).get('redirect');
  try {
    if (wanted) sessionStorage.setItem(REDIRECT_KEY, wanted);
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}

/** Forgets the remembered path (the shopper has sent their code). */
export function forgetWantedPath(): void {
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Storage is off: nothing was kept.
  }
}
