/** Shared by the order-for-customer tests: carts, addresses, a customer, a recording client, a seeded store. */
import type { Address } from '../../contract/address';
import type { Cart, CartItem } from '../../contract/cart';
import { initialOrderState, seedOrderForCustomer, type OrderForCustomerApi } from './order-for-customer';

export const methods = (...codes: string[]) => codes.map((code) => ({ code, name: code, description: `${code} words` }));
export const line = (pack_id: number, extra: Partial<CartItem> = {}) => ({ pack_id, warehouse_id: 1, quantity: 1, valid: true, message: null, name: `Pack ${pack_id}`, pack: '1 kg', ...extra }) as CartItem;
export const cartOf = (extra: Partial<Cart> = {}) => ({ pincode: '560001', serviceable: true, deliveryMessage: null, items: [], total: 0, paymentMethods: methods('cod', 'razorpay'), ...extra }) as Cart;
export const address = (id: number, extra: Partial<Address> = {}) => ({ id, name: 'Asha', pincode: '560001', is_default: false, ...extra }) as Address;
export const customer = { id: 42, name: 'Asha Verma', phone: '9000020100' };

/** A client whose calls are recorded; each answers what the test gives it. */
export function client(answers: Partial<Record<keyof OrderForCustomerApi, (...args: never[]) => Promise<unknown>>>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const proxy = new Proxy({}, {
    get: (_, name: string) => (...args: unknown[]) => {
      calls.push({ name, args });
      return (answers as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
    },
  });
  return { api: proxy as OrderForCustomerApi, calls };
}

export function seed(extra: Partial<ReturnType<typeof initialOrderState>> = {}) {
  seedOrderForCustomer(
    { ...initialOrderState({ customer, cart: cartOf({ items: [line(7)], total: 120 }), addresses: [address(3)], addressId: 3, idempotencyKey: 'key-1' }), ...extra },
    { q: '', page: 1, perPage: 8, results: [], total: 0 },
  );
}
