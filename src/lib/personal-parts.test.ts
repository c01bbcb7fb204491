import { describe, expect, it } from 'vitest';
import type { Init, Pack } from '../contract';
import { differs, type PersonalPart } from './personal-parts';

const pack = (pack_id: number) => ({ pack_id, warehouse_id: 1 }) as Pack;
const shopper = (over: Partial<Pick<Init, 'user' | 'cart' | 'pincode'>> = {}) =>
  ({ user: null, cart: { items: [] } as unknown as Init['cart'], pincode: null, ...over }) as Pick<Init, 'user' | 'cart' | 'pincode'>;
const inCart = (...ids: number[]) => ({ items: ids.map((pack_id) => ({ pack_id, quantity: 1 })) }) as unknown as Init['cart'];
const signedIn = { name: 'Asha' } as unknown as Init['user'];

const DELIVERY_PARTS: PersonalPart[] = [
  { name: 'pincode-button', props: { compact: true } },
  { name: 'pincode-form' },
  { name: 'deliverable-filter' },
  { name: 'card-delivery', props: { warehouseId: 2 } },
  { name: 'delivery-note', props: { packs: [pack(7)] } },
];

describe('which personal parts differ from a visitor’s', () => {
  it('a guest without anything sees the visitor’s page', () => {
    const parts: PersonalPart[] = [{ name: 'account' }, { name: 'cart-button' }, { name: 'add-to-cart', props: { packs: [pack(7)], productName: 'Rice' } }, ...DELIVERY_PARTS];
    expect(parts.filter((part) => differs(part, shopper()))).toEqual([]);
  });

  it('the pincode’s button and form, the "Deliverable to" filter and every delivery promise, once a pincode is chosen', () => {
    expect(DELIVERY_PARTS.filter((part) => differs(part, shopper({ pincode: '560001' })))).toEqual(DELIVERY_PARTS);
    expect(differs({ name: 'cart-button' }, shopper({ pincode: '560001' }))).toBe(false);
  });

  it('a card’s stepper only when one of its packs is in the cart; the account parts once signed in', () => {
    const card: PersonalPart = { name: 'add-to-cart', props: { packs: [pack(7), pack(8)], productName: 'Rice' } };
    expect(differs(card, shopper({ cart: inCart(9) }))).toBe(false);
    expect(differs(card, shopper({ cart: inCart(8) }))).toBe(true);
    expect(differs({ name: 'account' }, shopper({ user: signedIn }))).toBe(true);
    expect(differs({ name: 'heart', props: { productId: 1, productName: 'Rice', on: false } }, shopper({ user: signedIn }))).toBe(true);
  });
});
