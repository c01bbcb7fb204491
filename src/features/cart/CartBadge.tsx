import type { ReactNode } from 'react';
import { useCart } from './use-cart';
import { cartSay, type CartWords } from './words';

interface Props {
  /** The server's item count. */
  quantity: number;
  /** The cart icon (server-rendered). */
  children?: ReactNode;
  /** The cart's words in the page's language (Hindi pages); English when left out. */
  words?: CartWords;
}

/** The header's cart button: opens 'Cart Summary' (a native popover, so it works before hydration) and shows the item count above 0. */
export default function CartBadge({ quantity: initial, children, words }: Props) {
  const say = cartSay(words);
  const cart = useCart();
  const quantity = cart ? cart.quantity : initial;
  return (
    <button type="button" commandfor="cart-panel" command="show-modal" popoverTarget="cart-panel" data-cart-button className="relative flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full bg-primary px-3 py-2 text-sm font-medium text-primary-foreground" aria-label={quantity > 0 ? say('cart.cartItems', { count: quantity }) : say('cart.cart')}>
      {children}
      <span className="hidden sm:inline">{say('cart.cart')}</span>
      {quantity > 0 && <span className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 text-foreground" data-cart-badge>{quantity}</span>}
    </button>
  );
}
