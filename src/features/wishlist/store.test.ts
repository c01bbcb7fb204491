import { beforeEach, describe, expect, it } from 'vitest';
import { islandWords } from '../../lib/i18n/island-words';
import { wishlist } from '../../lib/i18n/messages/en/wishlist';
import { english, speak } from '../../lib/i18n/words';
import { $hearts, $wishlists, acceptCategory, acceptToggle, entriesOf, heartName, holds, rowName, seedHeart, withCategory, withToggle, type WishlistState } from './store';

const say = speak(english(wishlist));
const hindi = speak(islandWords('hi', wishlist)!);

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
    expect(entriesOf(state, say)).toEqual([{ id: null, name: 'Default' }, { id: 7, name: 'Monthly staples' }]);
    expect(entriesOf(null, say)).toEqual([{ id: null, name: 'Default' }]);
  });

  it('names Default in the page’s language, the shopper’s own lists as they wrote them', () => {
    expect(entriesOf(state, hindi)).toEqual([{ id: null, name: 'डिफ़ॉल्ट' }, { id: 7, name: 'Monthly staples' }]);
  });

  it('names the heart and each row for what they do, in both languages', () => {
    expect(heartName(false, 'Atta', say)).toBe('Add to wishlist: Atta');
    expect(heartName(true, 'Atta', say)).toBe('In your wishlist: Atta');
    expect(rowName(false, 'Festive', say)).toBe('Add to Festive');
    expect(rowName(true, 'Festive', say)).toBe('Remove from Festive');
    expect(heartName(false, 'Atta', hindi)).toBe('विशलिस्ट में डालें: Atta');
    expect(heartName(true, 'Atta', hindi)).toBe('आपकी विशलिस्ट में है: Atta');
    expect(rowName(false, 'डिफ़ॉल्ट', hindi)).toBe('डिफ़ॉल्ट में डालें');
    expect(rowName(true, 'Festive', hindi)).toBe('Festive से हटाएँ');
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
    expect(entriesOf(withCategory(next, { id: 9, name: 'Festive' }), say).map((e) => e.name)).toEqual(['Default', 'Monthly staples', 'Festive']);
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
    expect(entriesOf($wishlists.get(), say).at(-1)).toEqual({ id: 11, name: 'Party' });
  });
});
