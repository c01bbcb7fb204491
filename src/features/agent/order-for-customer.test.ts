import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../contract/address';
import type { Cart, CartItem } from '../../contract/cart';
import { ApiCallError } from '../../lib/api/client';
import {
  $catalogueSearch,
  $orderForCustomer,
  addAddress,
  addPack,
  chooseAddress,
  deliveryNudge,
  deliveryWindows,
  indianMobile,
  initialOrderState,
  parseQuantity,
  paymentOptions,
  placeBlock,
  placeOrder,
  removeOne,
  searchProducts,
  searchUrl,
  seedOrderForCustomer,
  setQuantity,
  startAnotherOrder,
  typeSearch,
  whatsappShareUrl,
  type OrderForCustomerApi,
} from './order-for-customer';

const methods = (...codes: string[]) => codes.map((code) => ({ code, name: code, description: `${code} words` }));
const line = (pack_id: number, extra: Partial<CartItem> = {}) => ({ pack_id, warehouse_id: 1, quantity: 1, valid: true, message: null, name: `Pack ${pack_id}`, pack: '1 kg', ...extra }) as CartItem;
const cartOf = (extra: Partial<Cart> = {}) => ({ pincode: '560001', serviceable: true, deliveryMessage: null, items: [], total: 0, paymentMethods: methods('cod', 'razorpay'), ...extra }) as Cart;
const address = (id: number, extra: Partial<Address> = {}) => ({ id, name: 'Asha', pincode: '560001', is_default: false, ...extra }) as Address;
const customer = { id: 42, name: 'Asha Verma', phone: '9000020100' };

/** A client whose calls are recorded; each answers what the test gives it. */
function client(answers: Partial<Record<keyof OrderForCustomerApi, (...args: never[]) => Promise<unknown>>>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const proxy = new Proxy({}, {
    get: (_, name: string) => (...args: unknown[]) => {
      calls.push({ name, args });
      return (answers as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
    },
  });
  return { api: proxy as OrderForCustomerApi, calls };
}

function seed(extra: Partial<ReturnType<typeof initialOrderState>> = {}) {
  seedOrderForCustomer(
    { ...initialOrderState({ customer, cart: cartOf({ items: [line(7)], total: 120 }), addresses: [address(3)], addressId: 3, idempotencyKey: 'key-1' }), ...extra },
    { q: '', page: 1, perPage: 8, results: [], total: 0 },
  );
}

describe('ordering for a customer: what the page shows', () => {
  it('says why Place order waits, in the agent’s words', () => {
    const ready = { cart: cartOf({ items: [line(7)] }), addressId: 3, payment: 'cod' };
    expect(placeBlock({ ...ready, cart: cartOf() })).toBe('Add products to the order');
    expect(placeBlock({ ...ready, addressId: null })).toBe('Choose or add a delivery address');
    expect(placeBlock({ ...ready, cart: cartOf({ items: [line(7, { valid: false, message: 'Only 2 left' })] }) })).toBe('1 item needs attention before you place the order');
    expect(placeBlock({ ...ready, cart: cartOf({ items: [line(7)], serviceable: false, deliveryMessage: 'We do not deliver to 110001 yet' }) })).toBe('We do not deliver to 110001 yet');
    expect(placeBlock({ ...ready, payment: null })).toBe('Choose how the customer pays');
    expect(placeBlock({ ...ready, payment: 'stripe' })).toMatch(/not offered/);
    expect(placeBlock(ready)).toBeNull();
  });

  it('names the ways to pay as cash on delivery or a payment link, in the order the server allows them', () => {
    expect(paymentOptions(methods('razorpay', 'cod', 'other'), 'Asha').map((o) => o.title)).toEqual(['Send a payment link (Razorpay)', 'Cash on delivery', 'other']);
    expect(paymentOptions(methods('cod'), 'Asha')[0]!.detail).toBe('Asha pays when the order arrives.');
  });

  it('reads a typed quantity as a whole number, as typed (the order decides what it takes)', () => {
    expect(parseQuantity(' 24 ')).toBe(24);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity('999')).toBe(999);
    expect(parseQuantity('-1')).toBe(-1);
    expect(parseQuantity('2.5')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('ten')).toBeNull();
  });

  it('shares a payment link on WhatsApp with the customer’s number and an encoded message, and only a safe link', () => {
    const placed = { ordernumber: 'AF-000012', total: 1499.5, payment_link: 'http://shop.test/checkout/razorpay/12' };
    const url = new URL(whatsappShareUrl({ name: 'Asha Verma', phone: '+91 90000 20100' }, placed)!);
    expect(url.origin + url.pathname).toBe('https://wa.me/919000020100');
    expect(url.searchParams.get('text')).toBe('Hello Asha Verma, your order AF-000012 for ₹1,499.50 is ready. Please pay here: http://shop.test/checkout/razorpay/12');
    expect(whatsappShareUrl({ name: 'A', phone: '12345' }, placed)).toBeNull();
    expect(whatsappShareUrl(customer, { ...placed, payment_link: 'javascript:alert(1)' })).toBeNull();
    expect(indianMobile('09000020100')).toBe('9000020100');
  });

  it('says when the order arrives once it has an address, and the nudge to free delivery', () => {
    const group = (del_date: string | null, start: string | null = '07:00 AM', end: string | null = '11:00 AM') => ({ del_date, del_start_time: start, del_end_time: end, items: [] });
    const cart = cartOf({ grouped_items: [group('2026-11-25', '7:00 AM', '11:00 AM'), group('2026-11-25', '7:00 AM', '11:00 AM'), group('2026-11-26', null, null)] as never });
    expect(deliveryWindows(cart)).toEqual(['Nov 25, 2026, 7:00 AM – 11:00 AM', 'Nov 26, 2026']);
    expect(deliveryWindows({ ...cart, pincode: null })).toEqual([]);
    expect(deliveryNudge(cartOf({ delivery_charge: 30, deliveryMessage: 'Add ₹50.00 more for free delivery' }))).toBe('Add ₹50.00 more for free delivery');
    expect(deliveryNudge(cartOf({ delivery_charge: 0, deliveryMessage: 'Free delivery' }))).toBeNull();
  });

  it('keeps the search in the page’s address', () => {
    expect(searchUrl('/x/order', '  toor dal ', 2)).toBe('/x/order?q=toor+dal&page=2');
    expect(searchUrl('/x/order', '', 1)).toBe('/x/order');
  });
});

describe('ordering for a customer: the store', () => {
  beforeEach(() => seed());

  it('adds a pack to the customer’s cart for the chosen address, and the answer replaces the cart', async () => {
    const answer = cartOf({ items: [line(7), line(9)], total: 300 });
    const { api, calls } = client({ agentCartAdd: async () => answer });
    expect(await addPack(api, { pack_id: 9, warehouse_id: 2 })).toBe(true);
    expect(calls).toEqual([{ name: 'agentCartAdd', args: [42, { pack_id: 9, warehouse_id: 2 }, 3] }]);
    expect($orderForCustomer.get().cart).toBe(answer);
    expect($orderForCustomer.get().pendingPacks).toEqual([]);
  });

  it('sends one call per pack at a time, and says a refusal beside the pack', async () => {
    let answer!: (cart: Cart) => void;
    const { api, calls } = client({ agentCartAdd: () => new Promise((r) => (answer = r)), agentCartRemove: () => Promise.reject(new ApiCallError(422, 'Only 1 left', { message: 'Only 1 left' })) });
    const first = addPack(api, { pack_id: 7, warehouse_id: 1 });
    expect($orderForCustomer.get().pendingPacks).toEqual([7]);
    expect(await addPack(api, { pack_id: 7, warehouse_id: 1 })).toBe(false);
    answer(cartOf());
    await first;
    expect(calls).toHaveLength(1);
    expect(await removeOne(api, 7)).toBe(false);
    expect($orderForCustomer.get().packErrors).toEqual({ 7: 'Only 1 left' });
  });

  it('a typed quantity sets the line; below 1 is refused with a message, and the line stays', async () => {
    const { api, calls } = client({ agentCartAdd: async () => cartOf(), agentCartRemove: async () => cartOf() });
    expect(await setQuantity(api, line(7, { quantity: 2 }), 24)).toBe(true);
    expect(await setQuantity(api, line(7, { quantity: 2 }), 2)).toBe(true);
    for (const typed of [0, -3]) {
      expect(await setQuantity(api, line(7, { quantity: 2 }), typed)).toBe(false);
      expect($orderForCustomer.get().packErrors).toEqual({ 7: 'Type a quantity of 1 or more (Remove takes the product out)' });
    }
    expect(calls).toEqual([{ name: 'agentCartAdd', args: [42, { pack_id: 7, warehouse_id: 1, quantity: 24 }, 3] }]);
    // The next call about the pack forgets the message.
    await setQuantity(api, line(7, { quantity: 2 }), 3);
    expect($orderForCustomer.get().packErrors).toEqual({});
  });

  it("a typed quantity above the pack's limit sets the line to the limit, with a note", async () => {
    const limit = new ApiCallError(400, 'You can add at most 10 of this item', { message: 'You can add at most 10 of this item', max_quantity: 10 });
    const capped = cartOf({ items: [line(7, { quantity: 10 })] });
    const { api, calls } = client({ agentCartAdd: (_id: never, body: { quantity: number }) => (body.quantity > 10 ? Promise.reject(limit) : Promise.resolve(capped)) });
    expect(await setQuantity(api, line(7, { quantity: 1 }), 25)).toBe(true);
    expect(calls.map((c) => c.args[1])).toEqual([
      { pack_id: 7, warehouse_id: 1, quantity: 25 },
      { pack_id: 7, warehouse_id: 1, quantity: 10 },
    ]);
    expect($orderForCustomer.get()).toMatchObject({ cart: capped, pendingPacks: [], packErrors: { 7: 'At most 10 per order' } });

    // Above the line limit every pack has: the most a line holds is sent, and said; at it already, nothing is sent.
    calls.length = 0;
    const { api: open, calls: sent } = client({ agentCartAdd: async () => cartOf({ items: [line(7, { quantity: 50 })] }) });
    expect(await setQuantity(open, line(7, { quantity: 1 }), 80)).toBe(true);
    expect(sent.map((c) => (c.args[1] as { quantity: number }).quantity)).toEqual([50]);
    expect($orderForCustomer.get().packErrors).toEqual({ 7: 'At most 50 per order' });
    expect(await setQuantity(open, line(7, { quantity: 50 }), 60)).toBe(true);
    expect(sent).toHaveLength(1);
    expect($orderForCustomer.get().packErrors).toEqual({ 7: 'At most 50 per order' });

    // Any other refusal (stock) stays a refusal: the line is as it was, the reason beside it.
    const { api: short } = client({ agentCartAdd: () => Promise.reject(new ApiCallError(400, 'Only 7 left in stock', { message: 'Only 7 left in stock' })) });
    expect(await setQuantity(short, line(7, { quantity: 1 }), 25)).toBe(false);
    expect($orderForCustomer.get()).toMatchObject({ cart: cartOf({ items: [line(7, { quantity: 50 })] }), packErrors: { 7: 'Only 7 left in stock' } });
  });

  it('an answer to an older cart call that arrives last does not replace a newer one', async () => {
    const answers: ((cart: Cart) => void)[] = [];
    const { api } = client({ agentCartAdd: () => new Promise((r) => answers.push(r)) });
    const older = addPack(api, { pack_id: 8, warehouse_id: 1 });
    const newer = addPack(api, { pack_id: 9, warehouse_id: 1 });
    const newest = cartOf({ total: 2 });
    answers[1]!(newest);
    await newer;
    answers[0]!(cartOf({ total: 1 }));
    await older;
    expect($orderForCustomer.get().cart).toBe(newest);
  });

  it('choosing an address prices the cart for it and drops a way to pay it does not allow', async () => {
    $orderForCustomer.setKey('payment', 'cod');
    const { api, calls } = client({ agentCart: async () => cartOf({ pincode: '600001', paymentMethods: methods('razorpay') }) });
    await chooseAddress(api, 5);
    expect(calls).toEqual([{ name: 'agentCart', args: [42, 5] }]);
    expect($orderForCustomer.get()).toMatchObject({ addressId: 5, payment: null, busy: null, cart: { pincode: '600001' } });
  });

  it('a new address is saved for the customer and delivered to; refused fields come back for the form', async () => {
    const saved = address(6, { is_default: true });
    const { api, calls } = client({ agentCreateAddress: async () => saved, agentCart: async () => cartOf() });
    expect(await addAddress(api, { name: 'Asha' } as never)).toEqual({});
    expect(calls.map((c) => c.name)).toEqual(['agentCreateAddress', 'agentCart']);
    expect($orderForCustomer.get()).toMatchObject({ addressId: 6, addresses: [{ id: 3, is_default: false }, { id: 6, is_default: true }] });

    const refusal = new ApiCallError(400, 'Check the address', { message: 'Check the address', errors: { pincode: ['Pincode must be 6 digits'] } });
    const { api: refusing } = client({ agentCreateAddress: () => Promise.reject(refusal) });
    expect(await addAddress(refusing, {} as never)).toEqual({ pincode: 'Pincode must be 6 digits' });
    expect($orderForCustomer.get().busy).toBeNull();
  });

  it('places the order once however often it is pressed, with the attempt’s one key and the note', async () => {
    $orderForCustomer.set({ ...$orderForCustomer.get(), payment: 'cod', note: ' Ring twice ' });
    let answer!: (value: unknown) => void;
    const { api, calls } = client({ agentPlaceOrder: () => new Promise((r) => (answer = r)) });
    const first = placeOrder(api);
    const second = placeOrder(api);
    const placed = { id: 9, ordernumber: 'AF-000009', total: 120, status: 'placed', payment_link: null };
    answer(placed);
    expect(await first).toBe(placed);
    expect(await second).toBeNull();
    expect(calls).toEqual([{ name: 'agentPlaceOrder', args: [42, { address_id: 3, payment: 'cod', note: 'Ring twice' }, 'key-1'] }]);
    expect($orderForCustomer.get().placed).toBe(placed);
  });

  it('a refusal keeps its reasons beside the lines, and the retry sends the same key', async () => {
    $orderForCustomer.setKey('payment', 'cod');
    const refusal = new ApiCallError(409, 'Some items cannot be ordered', { message: 'Some items cannot be ordered', lines: [{ pack_id: 7, message: 'Only 1 left' }] });
    const { api, calls } = client({ agentPlaceOrder: () => Promise.reject(refusal) });
    expect(await placeOrder(api)).toBeNull();
    expect($orderForCustomer.get()).toMatchObject({ busy: null, error: 'Some items cannot be ordered', lineErrors: { 7: 'Only 1 left' } });
    await placeOrder(api);
    expect(calls.map((c) => c.args[2])).toEqual(['key-1', 'key-1']);
  });

  it('does not send an order Place order would refuse', async () => {
    const { api, calls } = client({});
    expect(await placeOrder(api)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('another order for the customer starts empty with a new key', async () => {
    $orderForCustomer.set({ ...$orderForCustomer.get(), payment: 'cod', note: 'x', placed: { id: 1, ordernumber: 'AF-1', total: 1, status: 'placed', payment_link: null } });
    const { api } = client({ agentCart: async () => cartOf() });
    await startAnotherOrder(api);
    const state = $orderForCustomer.get();
    expect(state).toMatchObject({ placed: null, payment: null, note: '', addressId: 3, cart: { items: [] } });
    expect(state.idempotencyKey).not.toBe('key-1');
  });
});

describe('ordering for a customer: the catalogue search', () => {
  beforeEach(() => {
    seed();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('searches once typing pauses, for the last text typed', async () => {
    const { api, calls } = client({ products: async () => ({ data: [{ product_id: 1 }], meta: { total: 1 } }) });
    typeSearch(api, 'to');
    typeSearch(api, 'toor');
    expect($catalogueSearch.get().q).toBe('toor');
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toEqual([{ name: 'products', args: [{ q: 'toor', page: 1, perPage: 8 }] }]);
    expect($catalogueSearch.get()).toMatchObject({ busy: false, total: 1, results: [{ product_id: 1 }] });
  });

  it('drops an answer that arrives after a newer search’s', async () => {
    const answers: ((v: unknown) => void)[] = [];
    const { api } = client({ products: () => new Promise((r) => answers.push(r)) });
    const older = searchProducts(api, 'atta');
    const newer = searchProducts(api, 'dal');
    answers[1]!({ data: [{ product_id: 2 }], meta: { total: 1 } });
    answers[0]!({ data: [{ product_id: 1 }], meta: { total: 1 } });
    await Promise.all([older, newer]);
    expect($catalogueSearch.get()).toMatchObject({ q: 'dal', results: [{ product_id: 2 }] });
  });
});
