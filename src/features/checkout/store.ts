import { map } from 'nanostores';
import type { Address, AddressBody } from '../../contract/address';
import type { OrderCreated, PaymentMethodCode } from '../../contract/order';
import { api } from '../../lib/api/browser';
import { ApiCallError, type ApiClient } from '../../lib/api/client';
import { ordersApi, type OrdersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { callCart } from '../cart/store';
import type { Locale } from '../../lib/i18n/locales';
import { afterOrder, lineReasons } from './checkout';

/**
 * The checkout page's state: the shopper's addresses and choices, and the order being placed. The priced cart
 * itself is `$cart` (every cart answer replaces it, docs/product.md#states); choosing an address re-reads it for that
 * address. Filled from the page's server-rendered props by `seedCheckout`.
 */
export interface CheckoutState {
  addresses: Address[];
  addressId: number | null;
  payment: string | null;
  /** Which call is in flight: re-pricing for an address, saving an address, or placing the order. */
  busy: 'pricing' | 'address' | 'placing' | null;
  /** Why the last attempt failed, and the reason per line (by pack id) when lines were the trouble. */
  error: string | null;
  lineErrors: Record<number, string>;
  /** One key per checkout attempt, kept across retries of it (the server answers the same order again). */
  idempotencyKey: string;
}

/** The calls checkout makes: the cart's, and the signed-in shopper's addresses and orders. */
export type CheckoutApi = Pick<ApiClient, 'cart'> & Pick<OrdersApi, 'createAddress' | 'createOrder'>;
export const checkoutApi = (): CheckoutApi => ({ cart: api().cart, ...ordersApi() });

export const $checkout = map<CheckoutState>({ addresses: [], addressId: null, payment: null, busy: null, error: null, lineErrors: {}, idempotencyKey: '' });

export function seedCheckout(state: Pick<CheckoutState, 'addresses' | 'addressId' | 'payment' | 'idempotencyKey'>) {
  $checkout.set({ ...state, busy: null, error: null, lineErrors: {} });
}

/** Chooses the delivery address and re-reads the cart priced for it (its delivery groups, charges and payment methods). */
export async function chooseAddress(client: CheckoutApi, addressId: number) {
  $checkout.set({ ...$checkout.get(), addressId, busy: 'pricing', error: null, lineErrors: {} });
  try {
    const cart = await callCart(() => client.cart({ address_id: addressId, groupby_delivery: 'true' }));
    const { payment } = $checkout.get();
    // A method the cart no longer offers at this address (cash on delivery) is no longer chosen.
    if (payment && !cart.paymentMethods.some((m) => m.code === payment)) $checkout.setKey('payment', null);
  } catch (failure) {
    $checkout.setKey('error', errorMessage(failure));
  } finally {
    $checkout.setKey('busy', null);
  }
}

export function choosePayment(payment: string) {
  $checkout.set({ ...$checkout.get(), payment, error: null });
}

/**
 * Saves a new address and delivers to it. Resolves to the API's messages per field when it refused them
 * (shown under the fields), else to an empty object.
 */
export async function addAddress(client: CheckoutApi, body: AddressBody): Promise<Record<string, string>> {
  $checkout.set({ ...$checkout.get(), busy: 'address', error: null });
  let saved: Address;
  try {
    saved = await client.createAddress(body);
  } catch (failure) {
    $checkout.setKey('busy', null);
    const fields = (failure as ApiCallError).body as { errors?: Record<string, string[]> } | null;
    if (failure instanceof ApiCallError && fields?.errors) return Object.fromEntries(Object.entries(fields.errors).map(([k, v]) => [k, v[0] ?? '']));
    $checkout.setKey('error', errorMessage(failure));
    return {};
  }
  const others = $checkout.get().addresses.map((a) => (saved.is_default ? { ...a, is_default: false } : a));
  $checkout.setKey('addresses', [...others, saved]);
  await chooseAddress(client, saved.id);
  return {};
}

/**
 * Places the order once: a second call while one is in flight does nothing (a double click makes one order),
 * and a retry after a lost answer sends the same key, so the server answers the order it already made.
 * Resolves to where the shopper goes next (in the page's language), or null when the order was refused (the reasons are in the store).
 */
export async function placeOrder(client: CheckoutApi, note: string, locale: Locale = 'en'): Promise<string | null> {
  const state = $checkout.get();
  if (state.busy === 'placing' || !state.addressId || !state.payment) return null;
  $checkout.set({ ...state, busy: 'placing', error: null, lineErrors: {} });
  let created: OrderCreated;
  try {
    created = await client.createOrder(
      { address_id: state.addressId, payment: state.payment as PaymentMethodCode, note: note.trim() || null },
      state.idempotencyKey,
    );
  } catch (failure) {
    const body = failure instanceof ApiCallError ? failure.body : null;
    $checkout.set({ ...$checkout.get(), busy: null, error: errorMessage(failure), lineErrors: lineReasons(body) });
    return null;
  }
  // The page is left with the button still busy: nothing more may be sent from it.
  return afterOrder(created, locale);
}
