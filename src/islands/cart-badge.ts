import { $cartQuantity, hydrateCart } from '../stores/cart';

/** Keeps the header's cart badge on the cart store: the quantity shows only above 0. */
export function followCartBadge() {
  const paint = (quantity: number) => {
    for (const button of document.querySelectorAll<HTMLElement>('[data-cart-button]')) {
      const badge = button.querySelector<HTMLElement>('[data-cart-badge]');
      if (badge) {
        badge.hidden = quantity <= 0;
        badge.textContent = String(quantity);
      }
      button.setAttribute('aria-label', quantity > 0 ? `Cart, ${quantity} items` : 'Cart');
    }
  };
  hydrateCart();
  $cartQuantity.subscribe(paint);
  document.addEventListener('astro:after-swap', () => {
    hydrateCart();
    paint($cartQuantity.get());
  });
}
