import { beforeEach, describe, expect, it } from 'vitest';
import { $hearts, $wishlists, acceptCategory, acceptToggle, entriesOf, holds, seedHeart, withCategory, withToggle, type WishlistState } from './store';

const state: WishlistState = {
  categories: [{ id: 7, name: 'Monthly staples' }],
  items: [
    { product_id: 1, wishlist_category_id: null },
    { product_id: 2, wishlist_category_id: 7 },
  ],
};

describe('wishlist store logic', () => {
  beforeEach(() => {
    $hearts.set({});
    $wishlists.set(null);
  });

  it('lists Default first, then the shopper’s lists', () => {
    expect(entriesOf(state)).toEqual([{ id: null, name: 'Default' }, { id: 7, name: 'Monthly staples' }]);
    expect(entriesOf(null)).toEqual([{ id: null, name: 'Default' }]);
  });

  it('tells which list holds a product', () => {
    expect(holds(state, 1, null)).toBe(true);
    expect(holds(state, 1, 7)).toBe(false);
    expect(holds(state, 2, 7)).toBe(true);
    expect(holds(null, 1, null)).toBe(false);
  });

  it('puts a product in exactly the lists a toggle answer names, leaving other products alone', () => {
    const added = withToggle(state, { product_id: 1, wishlist: true, lists: [null, 7] });
    expect(holds(added, 1, null) && holds(added, 1, 7)).toBe(true);
    const removed = withToggle(added, { product_id: 1, wishlist: false, lists: [] });
    expect(removed.items).toEqual([{ product_id: 2, wishlist_category_id: 7 }]);
  });

  it('adds a created list once, at the end', () => {
    const next = withCategory(state, { id: 9, name: 'Festive' });
    expect(entriesOf(withCategory(next, { id: 9, name: 'Festive' })).map((e) => e.name)).toEqual(['Default', 'Monthly staples', 'Festive']);
  });

  it('a heart takes its server props, but an answer already kept wins over a later seed', () => {
    seedHeart(5, false);
    expect($hearts.get()[5]).toBe(false);
    acceptToggle({ product_id: 5, wishlist: true, lists: [null] });
    seedHeart(5, false); // a heart for the same product hydrating later, from the page's older props
    expect($hearts.get()[5]).toBe(true);
  });

  it('a toggle answer updates the loaded lists; a created list joins them', () => {
    $wishlists.set(state);
    acceptToggle({ product_id: 3, wishlist: true, lists: [7] });
    expect(holds($wishlists.get(), 3, 7)).toBe(true);
    acceptCategory({ id: 11, name: 'Party' });
    expect(entriesOf($wishlists.get()).at(-1)).toEqual({ id: 11, name: 'Party' });
  });
});
