import { api } from '../lib/api/browser';
import { errorMessage } from '../lib/errors';

/**
 * The 'Change Location' form with JavaScript (moved unchanged from the old cart-panel script): fewer than 6
 * characters is an error and no call (spec section 4); otherwise check the pincode and reload on success.
 */
export async function submitPincode(form: HTMLFormElement, submitter: HTMLElement | null) {
  const showError = (message: string) => {
    const box = form.querySelector<HTMLElement>('[data-pincode-error]');
    if (box) box.textContent = message;
  };
  const value = String(new FormData(form).get('pincode') ?? '').trim();
  if (value.length < 6) return showError('Please enter a valid pincode');
  submitter?.setAttribute('aria-busy', 'true');
  try {
    await api().checkPincode(value);
    location.reload();
  } catch (error) {
    showError(errorMessage(error));
    submitter?.removeAttribute('aria-busy');
  }
}
