import { describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { ApiCallError } from '../../lib/api/client';
import { $cart } from '../cart/store';
import { $checkout, chooseAddress, placeOrder, seedCheckout, type CheckoutApi } from './store';

const cartFor = (pincode: string, methods: string[]) => ({ pincode, items: [], paymentMethods: methods.map((code) => ({ code, name: code, description: '' })) }) as unknown as Cart;

/** A client whose calls are counted; each answers what the test gives it. */
function client(answers: Partial<Record<keyof CheckoutApi, (...args: never[]) => Promise<unknown>>>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const proxy = new Proxy({}, {
    get: (_, name: string) => (...args: unknown[]) => {
      calls.push({ name, args });
      return (answers as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
    },
  });
  return { api: proxy as CheckoutApi, calls };
}

describe('the checkout store', () => {
  it('places the order once however often Place Order is pressed, with the attempt’s one key', async () => {
    seedCheckout({ addresses: [], addressId: 3, payment: 'cod', idempotencyKey: 'key-1' });
    let answer!: (value: unknown) => void;
    const { api, calls } = client({ createOrder: () => new Promise((resolve) => (answer = resolve)) });
    const first = placeOrder(api, ' Ring twice ');
    const second = placeOrder(api, 'Ring twice');
    answer({ id: 9, ordernumber: 'AF-000009', total: 450, payOptions: null });
    expect(await first).toBe('/order/success/AF-000009');
    expect(await second).toBeNull();
    expect(calls).toEqual([{ name: 'createOrder', args: [{ address_id: 3, payment: 'cod', note: 'Ring twice' }, 'key-1'] }]);
  });

  it('keeps the refusal’s reason and its reasons per line, and lets the shopper try again', async () => {
    seedCheckout({ addresses: [], addressId: 3, payment: 'cod', idempotencyKey: 'key-2' });
    const refusal = new ApiCallError(422, 'Some items cannot be ordered', { message: 'Some items cannot be ordered', lines: [{ pack_id: 7, message: 'Only 1 left' }] });
    const { api } = client({ createOrder: () => Promise.reject(refusal) });
    expect(await placeOrder(api, '')).toBeNull();
    expect($checkout.get()).toMatchObject({ busy: null, error: 'Some items cannot be ordered', lineErrors: { 7: 'Only 1 left' } });
  });

  it('choosing an address prices the cart for it, and drops a method that address does not allow', async () => {
    seedCheckout({ addresses: [], addressId: 3, payment: 'cod', idempotencyKey: 'key-3' });
    const { api, calls } = client({ cart: async () => cartFor('600001', ['razorpay', 'stripe']) });
    await chooseAddress(api, 5);
    expect(calls).toEqual([{ name: 'cart', args: [{ address_id: 5, groupby_delivery: 'true' }] }]);
    expect($cart.get()?.pincode).toBe('600001');
    expect($checkout.get()).toMatchObject({ addressId: 5, payment: null, busy: null });
  });
});
