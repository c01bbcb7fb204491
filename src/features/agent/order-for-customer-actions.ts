/** What the agent does to the customer's order: its lines, the address, the way to pay, the note, placing it. */
import type { Address, AddressBody } from '../../contract/address';
import type { AgentOrderPlaced } from '../../contract/agent';
import type { Cart, CartItem } from '../../contract/cart';
import type { Pack } from '../../contract/catalogue';
import { MAX_LINE_QUANTITY } from '../../contract/constants';
import type { PaymentMethodCode } from '../../contract/order';
import { ApiCallError } from '../../lib/api/client';
import { fieldErrors } from '../../lib/api/form-call';
import { errorMessage } from '../../lib/errors';
import { lineReasons } from '../checkout/checkout';
import { $orderForCustomer, newIdempotencyKey, type OrderForCustomerApi, type OrderForCustomerState } from './order-for-customer';
import { placeBlock, QUANTITY_TOO_LOW, refusedOverLimit } from './order-for-customer-view';

let cartCalls = 0;
let cartShown = 0;

/** Runs a cart call for one pack: its stepper waits, the answer replaces the cart, a failure is said beside the pack. */
async function cartCall(packId: number, send: (s: OrderForCustomerState) => Promise<Cart>): Promise<boolean> {
  const state = $orderForCustomer.get();
  if (state.pendingPacks.includes(packId)) return false;
  const { [packId]: _old, ...packErrors } = state.packErrors;
  const { [packId]: _line, ...lineErrors } = state.lineErrors;
  $orderForCustomer.set({ ...state, pendingPacks: [...state.pendingPacks, packId], packErrors, lineErrors, error: null });
  const call = ++cartCalls;
  try {
    const cart = await send(state);
    // An answer to an older call arriving after a newer one's would show a cart that is no longer so.
    if (call > cartShown) {
      cartShown = call;
      $orderForCustomer.setKey('cart', cart);
    }
    return true;
  } catch (failure) {
    $orderForCustomer.setKey('packErrors', { ...$orderForCustomer.get().packErrors, [packId]: errorMessage(failure) });
    return false;
  } finally {
    $orderForCustomer.setKey('pendingPacks', $orderForCustomer.get().pendingPacks.filter((id) => id !== packId));
  }
}

/** Adds one of a pack to the customer's order. */
export const addPack = (client: OrderForCustomerApi, pack: Pick<Pack, 'pack_id' | 'warehouse_id'>) =>
  cartCall(pack.pack_id, (s) => client.agentCartAdd(s.customer.id, { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }, s.addressId ?? undefined));

/** Takes one of a pack out of the order (the line goes at zero). */
export const removeOne = (client: OrderForCustomerApi, packId: number) =>
  cartCall(packId, (s) => client.agentCartRemove(s.customer.id, { pack_id: packId }, s.addressId ?? undefined));

/** Takes a whole line out of the order. */
export const removeLine = (client: OrderForCustomerApi, packId: number) =>
  cartCall(packId, (s) => client.agentCartRemove(s.customer.id, { pack_id: packId, remove: true }, s.addressId ?? undefined));

/** Says something beside a pack (search result or line). */
const notePack = (packId: number, note: string) => $orderForCustomer.setKey('packErrors', { ...$orderForCustomer.get().packErrors, [packId]: note });

/**
 * Sets a line's quantity as typed. Below 1 is refused with a message (Remove takes a line out); above the pack's
 * limit (the line limit, or the pack's own, which the API's refusal names) the line is set to the limit, and
 * beside it 'At most 10 per order'. Resolves to whether the line now holds what the agent is told it holds.
 */
export async function setQuantity(client: OrderForCustomerApi, item: Pick<CartItem, 'pack_id' | 'warehouse_id' | 'quantity'>, quantity: number): Promise<boolean> {
  if (quantity < 1) {
    notePack(item.pack_id, QUANTITY_TOO_LOW);
    return false;
  }
  let wanted = Math.min(quantity, MAX_LINE_QUANTITY);
  const add = (s: OrderForCustomerState) => client.agentCartAdd(s.customer.id, { pack_id: item.pack_id, warehouse_id: item.warehouse_id, quantity: wanted }, s.addressId ?? undefined);
  const done =
    wanted === item.quantity ||
    (await cartCall(item.pack_id, async (s) => {
      try {
        return await add(s);
      } catch (failure) {
        const most = refusedOverLimit(failure);
        if (most === null || most >= wanted) throw failure;
        wanted = most;
        return add(s);
      }
    }));
  if (done && wanted < quantity) notePack(item.pack_id, `At most ${wanted} per order`);
  return done;
}

/** Chooses the delivery address and re-reads the order priced for it (delivery, charges, payment methods). */
export async function chooseAddress(client: OrderForCustomerApi, addressId: number) {
  const state = $orderForCustomer.get();
  $orderForCustomer.set({ ...state, addressId, busy: 'pricing', addressError: null, error: null, lineErrors: {} });
  const call = ++cartCalls;
  try {
    const cart = await client.agentCart(state.customer.id, addressId);
    if (call < cartShown) return;
    cartShown = call;
    const { payment } = $orderForCustomer.get();
    // A method the order no longer offers at this address is no longer chosen.
    $orderForCustomer.set({ ...$orderForCustomer.get(), cart, payment: payment && cart.paymentMethods.some((m) => m.code === payment) ? payment : null });
  } catch (failure) {
    $orderForCustomer.setKey('addressError', errorMessage(failure));
  } finally {
    $orderForCustomer.setKey('busy', null);
  }
}

/**
 * Saves a new address for the customer and delivers there. Resolves to the API's messages per field when it
 * refused them (the form shows them under its fields), else to an empty object.
 */
export async function addAddress(client: OrderForCustomerApi, body: AddressBody): Promise<Record<string, string>> {
  const state = $orderForCustomer.get();
  $orderForCustomer.set({ ...state, busy: 'address', addressError: null });
  let saved: Address;
  try {
    saved = await client.agentCreateAddress(state.customer.id, body);
  } catch (failure) {
    $orderForCustomer.setKey('busy', null);
    const fields = fieldErrors(failure);
    if (Object.keys(fields).length) return fields;
    $orderForCustomer.setKey('addressError', errorMessage(failure));
    return {};
  }
  const others = $orderForCustomer.get().addresses.map((a) => (saved.is_default ? { ...a, is_default: false } : a));
  $orderForCustomer.setKey('addresses', [...others, saved]);
  await chooseAddress(client, saved.id);
  return {};
}

export function choosePayment(payment: string) {
  $orderForCustomer.set({ ...$orderForCustomer.get(), payment, error: null });
}

export function setNote(note: string) {
  $orderForCustomer.setKey('note', note);
}

/**
 * Places the order once: a second call while one is in flight does nothing (a double tap makes one order), and
 * a retry after a refusal or a lost answer sends the same key, so the server never makes two. Resolves to the
 * placed order, or null when it was refused (the reasons are in the store, beside the lines and the button).
 */
export async function placeOrder(client: OrderForCustomerApi): Promise<AgentOrderPlaced | null> {
  const state = $orderForCustomer.get();
  if (state.busy === 'placing' || placeBlock(state)) return null;
  $orderForCustomer.set({ ...state, busy: 'placing', error: null, lineErrors: {} });
  try {
    const placed = await client.agentPlaceOrder(
      state.customer.id,
      { address_id: state.addressId!, payment: state.payment as PaymentMethodCode, note: state.note.trim() || null },
      state.idempotencyKey,
    );
    $orderForCustomer.set({ ...$orderForCustomer.get(), busy: null, placed });
    return placed;
  } catch (failure) {
    const body = failure instanceof ApiCallError ? failure.body : null;
    $orderForCustomer.set({ ...$orderForCustomer.get(), busy: null, error: errorMessage(failure), lineErrors: lineReasons(body) });
    return null;
  }
}

/** After an order: an empty order for the same customer and address, with a new key. */
export async function startAnotherOrder(client: OrderForCustomerApi) {
  const state = $orderForCustomer.get();
  $orderForCustomer.set({ ...state, placed: null, payment: null, note: '', error: null, lineErrors: {}, packErrors: {}, idempotencyKey: newIdempotencyKey() });
  if (state.addressId) await chooseAddress(client, state.addressId);
  else $orderForCustomer.setKey('cart', await client.agentCart(state.customer.id));
}
