// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../src/contract/cart';
import CartBadge from '../../src/features/cart/CartBadge';
import { $cart } from '../../src/features/cart/store';

afterEach(() => {
  cleanup();
  $cart.set(null);
});

describe("the header's cart button", () => {
  it('is named with the item count in the singular for one item, in the server-rendered HTML too', () => {
    expect(renderToString(<CartBadge quantity={1} />)).toContain('aria-label="Cart, 1 item"');
    render(<CartBadge quantity={1} />);
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeTruthy();
  });

  it('says the plural for any other count, and only Cart when empty', () => {
    render(<CartBadge quantity={3} />);
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeTruthy();
    cleanup();
    render(<CartBadge quantity={0} />);
    expect(screen.getByRole('button', { name: 'Cart' })).toBeTruthy();
  });

  it('follows the cart once hydrated: a second item makes it plural, then one left singular again', () => {
    render(<CartBadge quantity={1} />);
    act(() => $cart.set({ quantity: 2 } as Cart));
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeTruthy();
    act(() => $cart.set({ quantity: 1 } as Cart));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeTruthy();
  });
});
