import { api } from '../lib/api/browser';
import { mountToaster } from '../lib/toaster';
import { $cart, hydrateCart, quantityOf, setCart } from '../stores/cart';
import { toastError } from '../stores/toasts';

/**
 * Enhances the add-to-cart forms in place (no framework: this runs on every listing, so it stays small).
 * Submitting calls the API instead of posting the page; the pressed button shows its loading state during
 * the call; the $cart store is replaced by the answer, and every form on the page shows the new quantity.
 */

/** The pack a form is about: its hidden value, or the chosen radio. */
function chosenPack(form: HTMLFormElement): { pack_id: number; warehouse_id: number } | null {
  const value = new FormData(form).get('pack');
  if (typeof value !== 'string') return null;
  const [pack_id, warehouse_id] = value.split(':').map(Number);
  return pack_id && warehouse_id ? { pack_id, warehouse_id } : null;
}

function render(form: HTMLFormElement) {
  if (!form.querySelector('[data-when]')) return;
  const pack = chosenPack(form);
  const quantity = pack ? quantityOf($cart.get(), pack.pack_id) : 0;
  const chosen = form.querySelector<HTMLInputElement>('input[name="pack"]:checked, input[type="hidden"][name="pack"]');
  const inStock = chosen?.dataset.inStock !== '0';
  form.querySelector<HTMLElement>('[data-when="sold-out"]')!.hidden = inStock || quantity > 0;
  form.querySelector<HTMLElement>('[data-when="empty"]')!.hidden = quantity > 0 || !inStock;
  form.querySelector<HTMLElement>('[data-when="in-cart"]')!.hidden = quantity === 0;
  const output = form.querySelector('[data-qty]');
  if (output) output.textContent = String(quantity);
}

const renderAll = () => document.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]').forEach(render);

/** Answers can arrive out of order when calls overlap: only the answer to the newest call is shown. */
let sent = 0;
let shown = 0;

async function submit(event: SubmitEvent) {
  const form = (event.target as Element).closest<HTMLFormElement>('form[data-add-to-cart]');
  if (!form) return;
  event.preventDefault();
  const button = event.submitter as HTMLButtonElement | null;
  const pack = chosenPack(form);
  if (!pack || button?.getAttribute('aria-busy') === 'true') return;
  const removing = (button?.getAttribute('formaction') ?? form.getAttribute('action')) === '/cart/remove';
  const removeLine = new FormData(form).get('remove') === '1';
  button?.setAttribute('aria-busy', 'true');
  if (button) button.disabled = true;
  const mine = ++sent;
  try {
    const cart = removing ? await api().removeFromCart({ pack_id: pack.pack_id, remove: removeLine }) : await api().addToCart(pack);
    if (mine > shown) {
      shown = mine;
      setCart(cart);
    }
  } catch (error) {
    toastError(error);
  } finally {
    button?.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}

let started = false;

export function enhanceAddToCart() {
  if (started) return;
  started = true;
  mountToaster();
  hydrateCart();
  $cart.listen(renderAll);
  // Capture phase: before the client router, which would otherwise post the form itself.
  document.addEventListener('submit', submit, true);
  document.addEventListener('change', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-add-to-cart]');
    if (form) render(form);
  });
  // A client-side navigation brings a new page with the server's latest cart. (Not astro:page-load: on the
  // first load it can fire after a quick shopper's first add, and would put the older cart back.)
  document.addEventListener('astro:after-swap', () => {
    hydrateCart();
    renderAll();
  });
}
