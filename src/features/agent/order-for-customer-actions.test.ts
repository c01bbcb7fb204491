import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { ApiCallError } from '../../lib/api/client';
import { $orderForCustomer } from './order-for-customer';
import { addAddress, addPack, chooseAddress, placeOrder, removeOne, setQuantity, startAnotherOrder } from './order-for-customer-actions';
import { address, cartOf, client, line, methods, seed } from './order-for-customer-kit';

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
