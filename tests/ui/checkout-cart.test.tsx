// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '../../src/contract/cart';
import AddToCart from '../../src/features/cart/AddToCart';
import CartLine from '../../src/features/cart/CartLine';
import CartPanel from '../../src/features/cart/CartPanel';
import { $cart } from '../../src/features/cart/store';
import DeliveryGroups from '../../src/features/checkout/DeliveryGroups';
import PaymentChoice from '../../src/features/checkout/PaymentChoice';
import { islandWords } from '../../src/lib/i18n/island-words';
import { cart as cartWords } from '../../src/lib/i18n/messages/en/cart';

afterEach(() => {
  cleanup();
  $cart.set(null);
});

const item = (over: Partial<CartItem> = {}): CartItem => ({
  pack_id: 7, slug: 'toor-dal', image: '/no-image.png', name: 'Toor Dal', pack: '1 kg', quantity: 1, max_per_order: 5, price: 150, act_price: 160, amount: 150,
  discount: 0, valid: true, message: null, warehouse_id: 1, delivery_charge_id: 1, del_date: '2026-11-26', del_start_time: '7:00 AM', del_end_time: '11:00 AM', ...over,
});

describe('checkout: payment methods', () => {
  it('lists cash on delivery above its limit, not selectable, with the server’s reason', () => {
    const reason = 'Cash on delivery is available for orders up to ₹5,000; please pay online';
    render(
      <PaymentChoice
        methods={[{ code: 'razorpay', name: 'UPI, Cards, Netbanking and Wallets', description: 'Pay online securely with Razorpay' }]}
        unavailable={[{ code: 'cod', name: 'Cash on Delivery', description: 'Pay in cash or UPI when your order arrives', reason }]}
        chosen={null}
        disabled={false}
        onChoose={() => {}}
      />,
    );
    const cod = screen.getByRole('radio', { name: /Cash on Delivery/ });
    expect(cod).toHaveProperty('disabled', true);
    expect(cod.closest('label')!.textContent).toContain(reason);
    expect(screen.getByRole('radio', { name: /UPI/ })).toHaveProperty('disabled', false);
  });
});

describe('checkout: deliveries to a pincode that is not served', () => {
  it('claims no delivery charge and says beside each line why it cannot come', () => {
    const why = 'Sorry, we do not deliver to 799001 yet';
    const lines = [item({ valid: false, message: why, amount: 150 }), item({ pack_id: 8, name: 'Ghee', valid: false, message: why })];
    const cart = { pincode: '799001', items: lines, grouped_items: [{ delivery_charge_id: null, delivery_charge: 0, del_date: null, del_start_time: null, del_end_time: null, items: lines }] } as unknown as Cart;
    render(<DeliveryGroups cart={cart} lineErrors={{}} />);
    const group = screen.getByRole('region', { name: 'Delivery 1 of 1' });
    expect(group.textContent).not.toContain('Free delivery');
    expect(within(group).getByText('Delivery not available to 799001')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((p) => p.textContent)).toEqual([why, why]);
  });

  it('the cart panel (opened from the checkout) says the same, not Free', () => {
    const why = 'Sorry, we do not deliver to 799001 yet';
    const cart = { pincode: '799001', amount: 0, discount: 0, delivery_charge: 0, total: 0, offercode: null, serviceable: false, deliveryMessage: why, items: [item({ valid: false, message: why })] } as unknown as Cart;
    render(<CartPanel cart={cart} xsrf="t" back="/checkout" />);
    const totals = screen.getByText('Delivery').nextElementSibling!;
    expect(totals.textContent).toBe('not available to 799001');
  });
});

describe('the + stepper at the per-order limit', () => {
  it('in the cart panel: + is aria-disabled (keeping the focus) and a note says the most one order may hold', () => {
    const { rerender } = render(<CartLine item={item({ quantity: 4 })} xsrf="t" back="/" />);
    expect(screen.getByRole('button', { name: 'Add one more Toor Dal' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByText('Max 5 per order')).toBeNull();
    rerender(<CartLine item={item({ quantity: 5 })} xsrf="t" back="/" />);
    expect(screen.getByRole('button', { name: 'Add one more Toor Dal' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Max 5 per order')).toBeTruthy();
  });

  it('on a product card: from the page’s figures, then from the cart the server answered', () => {
    render(<AddToCart pack="7:1" productName="Toor Dal" quantities={{ 7: 5 }} limits={{ 7: 5 }} back="/" />);
    expect(screen.getByRole('button', { name: 'Add one more Toor Dal' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Max 5 per order')).toBeTruthy();
    act(() => $cart.set({ items: [item({ quantity: 2, max_per_order: 3 })] } as Cart));
    expect(screen.queryByText(/per order/)).toBeNull();
    act(() => $cart.set({ items: [item({ quantity: 3, max_per_order: 3 })] } as Cart));
    expect(screen.getByRole('button', { name: 'Add one more Toor Dal' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Max 3 per order')).toBeTruthy();
  });
});

describe('the cart in Hindi', () => {
  const words = islandWords('hi', cartWords);
  const cart = { pincode: null, amount: 300, discount: 0, delivery_charge: 0, total: 300, offercode: null, serviceable: false, deliveryMessage: null, items: [item({ quantity: 5 })] } as unknown as Cart;

  it('the panel draws its lines, totals, coupon field and buttons in the words it is given, links in the page’s language', () => {
    render(<CartPanel cart={cart} xsrf="t" back="/hi/products" words={words} base="/hi" />);
    expect(screen.getByRole('list', { name: 'आपके कार्ट का सामान' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Toor Dal, 1 kg की मात्रा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'एक और Toor Dal डालें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toor Dal को कार्ट से हटाएँ' }).textContent).toBe('हटाएँ');
    expect(screen.getByText('एक ऑर्डर में अधिकतम 5')).toBeTruthy();
    expect(screen.getByLabelText('कूपन कोड')).toHaveProperty('placeholder', 'कूपन कोड');
    expect(screen.getByRole('button', { name: 'कूपन लगाएँ' })).toBeTruthy();
    expect(screen.getByText('सामान का कुल')).toBeTruthy();
    expect(screen.getByText('कुल राशि')).toBeTruthy();
    expect(screen.getByText('डिलीवरी पिनकोड ज़रूरी है')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'चेकआउट करें' })).toHaveProperty('disabled', true);
    expect(screen.getByText('आगे बढ़ने के लिए डिलीवरी पिनकोड चुनें')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Toor Dal' }).getAttribute('href')).toBe('/hi/products/toor-dal');
    expect(document.body.textContent).not.toMatch(/Items Total|Apply|Remove|Continue to Checkout|Max 5/);
  });

  it('an empty panel, and Add to Cart on a card, in Hindi; English when no words are given', () => {
    render(<CartPanel cart={{ ...cart, items: [] }} xsrf="t" back="/hi" words={words} />);
    expect(screen.getByText('कार्ट खाली है')).toBeTruthy();
    cleanup();
    render(<AddToCart productName="Toor Dal" pack="7:1" back="/hi/products" words={words} />);
    expect(screen.getByRole('button', { name: 'कार्ट में डालें' })).toBeTruthy();
    cleanup();
    render(<AddToCart productName="Toor Dal" pack="7:1" back="/hi/products" soldOut words={words} />);
    expect(screen.getByText('स्टॉक में नहीं')).toBeTruthy();
    cleanup();
    render(<AddToCart productName="Toor Dal" pack="7:1" back="/products" />);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });
});
