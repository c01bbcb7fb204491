import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Cart } from '../../contract/cart';
import { $cart, seedCart } from './store';

/**
 * The cart an island draws: null on the server and during hydration (the island then draws its
 * server-rendered props, so hydration matches the HTML), then `$cart` once hydrated. With `seed`, the
 * page's full cart fills an empty store.
 */
export function useCart(seed?: Cart): Cart | null {
  const cart = useStore($cart);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (seed) seedCart(seed);
    setHydrated(true);
  }, []);
  return hydrated ? cart : null;
}
