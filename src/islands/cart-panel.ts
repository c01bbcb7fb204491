import { api } from '../lib/api/browser';
import { errorMessage } from '../lib/errors';
import { mountToaster } from '../lib/toaster';
import { $cart, hydrateCart, setCart } from '../stores/cart';

/**
 * The cart panel, the coupon entry and the pincode dialog. After every cart change (here or in another tab)
 * the panel's HTML is fetched again from /cart/panel, so the server's one markup is all there is; the
 * coupon and pincode forms call the API directly and show its words.
 */
let version = 0;

async function refresh() {
  const slot = document.querySelector('[data-cart-panel-slot]');
  if (!slot) return;
  const mine = ++version;
  try {
    const response = await fetch(`/cart/panel?back=${encodeURIComponent(location.pathname + location.search)}`, { credentials: 'include' });
    if (response.ok && mine === version) slot.innerHTML = await response.text();
  } catch {
    // Offline: the panel keeps the last cart the server confirmed.
  }
}

function showError(form: HTMLFormElement, selector: string, message: string) {
  const box = form.querySelector<HTMLElement>(selector);
  if (box) box.textContent = message;
}

async function coupon(form: HTMLFormElement, submitter: HTMLElement | null) {
  const removing = submitter?.getAttribute('name') === 'remove';
  const code = String(new FormData(form).get('code') ?? '').trim();
  if (!removing && !code) return showError(form, '[data-coupon-error]', 'Please enter a coupon code');
  submitter?.setAttribute('aria-busy', 'true');
  try {
    setCart(removing ? await api().removeCoupon() : await api().applyCoupon(code));
  } catch (error) {
    showError(form, '[data-coupon-error]', errorMessage(error));
  } finally {
    submitter?.removeAttribute('aria-busy');
  }
}

async function pincode(form: HTMLFormElement, submitter: HTMLElement | null) {
  const value = String(new FormData(form).get('pincode') ?? '').trim();
  // Spec section 4: fewer than 6 characters is an error and no call.
  if (value.length < 6) return showError(form, '[data-pincode-error]', 'Please enter a valid pincode');
  submitter?.setAttribute('aria-busy', 'true');
  try {
    await api().checkPincode(value);
    location.reload();
  } catch (error) {
    showError(form, '[data-pincode-error]', errorMessage(error));
    submitter?.removeAttribute('aria-busy');
  }
}

let started = false;

export function enhanceCartPanel() {
  if (started) return;
  started = true;
  mountToaster();
  hydrateCart();
  $cart.listen(() => void refresh());
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (form.matches('[data-coupon-form]')) {
        event.preventDefault();
        void coupon(form, event.submitter);
      } else if (form.matches('[data-pincode-form]')) {
        event.preventDefault();
        void pincode(form, event.submitter);
      }
    },
    true, // before the client router
  );
}
