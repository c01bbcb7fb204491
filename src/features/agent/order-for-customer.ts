import { map } from 'nanostores';
import type { Address, AddressBody } from '../../contract/address';
import type { AgentOrderPlaced } from '../../contract/agent';
import type { Cart, CartItem } from '../../contract/cart';
import type { Pack, Product } from '../../contract/catalogue';
import { MAX_LINE_QUANTITY } from '../../contract/constants';
import type { PaymentMethodCode } from '../../contract/order';
import { agentApi, type AgentApi } from '../../lib/api/agent';
import { api } from '../../lib/api/browser';
import { ApiCallError, type ApiClient } from '../../lib/api/client';
import { fieldErrors } from '../../lib/api/form-call';
import { errorMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/money';
import { safeUrl } from '../../lib/safe-url';
import { checkoutBlock } from '../cart/checkout-block';
import { deliveryWindow, lineReasons } from '../checkout/checkout';
import { plural } from '../../lib/plural';

/**
 * Ordering for a customer (issue 15): the sales agent's page at /account/dashboard/customers/{id}/order. The
 * (agent, customer) cart lives here, never in `$cart` (the agent's own cart stays untouched); every cart answer
 * replaces it. Components only render this state and call the functions below.
 */

/** Whose order it is. */
export interface CustomerRef {
  id: number;
  name: string;
  phone: string;
}

export interface OrderForCustomerState {
  customer: CustomerRef;
  cart: Cart;
  addresses: Address[];
  addressId: number | null;
  payment: string | null;
  note: string;
  /** The call in flight that blocks the form: re-pricing for an address, saving an address, placing. */
  busy: 'pricing' | 'address' | 'placing' | null;
  /** Packs with a cart call in flight (their steppers wait). */
  pendingPacks: number[];
  /**
   * Why the last call about a pack failed, or did less than asked ('At most 10 per order'), by pack id, shown
   * beside the pack (search result or line).
   */
  packErrors: Record<number, string>;
  /** Why choosing or saving an address failed. */
  addressError: string | null;
  /** Why the order was refused (beside Place order), and the reasons per line it gave. */
  error: string | null;
  lineErrors: Record<number, string>;
  /** One key per attempt at this order, kept across its retries; a new one for the next order. */
  idempotencyKey: string;
  placed: AgentOrderPlaced | null;
}

export interface CatalogueSearchState {
  q: string;
  page: number;
  perPage: number;
  results: Product[];
  total: number;
  busy: boolean;
  error: string | null;
}

/** The calls the page makes: the agent's for the customer, and the catalogue's product search. */
export type OrderForCustomerApi = Pick<AgentApi, 'agentCart' | 'agentCartAdd' | 'agentCartRemove' | 'agentCreateAddress' | 'agentPlaceOrder'> &
  Pick<ApiClient, 'products'>;
export const orderForCustomerApi = (): OrderForCustomerApi => ({ products: api().products, ...agentApi() });

/** How long the search waits after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PER_PAGE = 8;

/** Empty until the island seeds it from its props (`seedOrderForCustomer`); the island draws its props till then. */
export const $orderForCustomer = map<OrderForCustomerState>({} as OrderForCustomerState);
export const $catalogueSearch = map<CatalogueSearchState>({ q: '', page: 1, perPage: SEARCH_PER_PAGE, results: [], total: 0, busy: false, error: null });

/** A fresh Idempotency-Key (a UUID; without crypto.randomUUID, as on a plain-http test host, a random one). */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The state the page starts with, from its server-rendered props. */
export function initialOrderState(props: Pick<OrderForCustomerState, 'customer' | 'cart' | 'addresses' | 'addressId' | 'idempotencyKey'>): OrderForCustomerState {
  return { ...props, payment: null, note: '', busy: null, pendingPacks: [], packErrors: {}, addressError: null, error: null, lineErrors: {}, placed: null };
}

export function seedOrderForCustomer(state: OrderForCustomerState, search: Omit<CatalogueSearchState, 'busy' | 'error'>) {
  $orderForCustomer.set(state);
  $catalogueSearch.set({ ...search, busy: false, error: null });
}

// ---- Plain functions (what the components show) ----

/** '1 product', '3 products'. */
export const productCount = (count: number): string => plural(count, 'product', 'products');

/** How many of a pack the order holds (0 when none). */
export const quantityInCart = (cart: Cart, packId: number): number => cart.items.find((i) => i.pack_id === packId)?.quantity ?? 0;

/** Whether a pack can take one more (in stock and under the line limit). */
export const canAddMore = (pack: Pick<Pack, 'in_stock'>, quantity: number): boolean => pack.in_stock && quantity < MAX_LINE_QUANTITY;

/** A typed quantity as the whole number typed (setQuantity refuses one below 1 and caps one above the limit), or null when it is no number. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*-?\d{1,6}\s*$/.test(text)) return null;
  return Number(text);
}

/** What a typed quantity below 1 is told. */
export const QUANTITY_TOO_LOW = 'Type a quantity of 1 or more (Remove takes the product out)';

/** The most a pack's line may hold, when the API refused a quantity as over it (its answer says so), else null. */
export function refusedOverLimit(failure: unknown): number | null {
  const most = failure instanceof ApiCallError ? (failure.body as { max_quantity?: unknown } | null)?.max_quantity : undefined;
  return typeof most === 'number' && Number.isInteger(most) && most >= 1 ? most : null;
}

/** One payment choice as the agent reads it: cash on delivery, or a payment link through a provider. */
export interface PaymentOption {
  code: string;
  title: string;
  detail: string;
}

/** The cart's payment methods (what the server allows for this order and address) in the agent's words. */
export function paymentOptions(methods: Cart['paymentMethods'], customerName: string): PaymentOption[] {
  return methods.map((m) => {
    if (m.code === 'cod') return { code: m.code, title: 'Cash on delivery', detail: `${customerName} pays when the order arrives.` };
    if (m.code === 'razorpay') return { code: m.code, title: 'Send a payment link (Razorpay)', detail: 'UPI, cards, netbanking and wallets. You share the link; the order waits for the payment.' };
    if (m.code === 'stripe') return { code: m.code, title: 'Send a payment link (Stripe)', detail: 'Credit or debit card. You share the link; the order waits for the payment.' };
    return { code: m.code, title: m.name, detail: m.description };
  });
}

/** When the order arrives, once it is priced for an address: each delivery's date and window ('Nov 25, 2026, 7:00 AM – 11:00 AM'). */
export function deliveryWindows(cart: Cart): string[] {
  if (!cart.pincode) return [];
  return [...new Set(cart.grouped_items.map((group) => deliveryWindow(group)).filter((w): w is string => w !== null))];
}

/** A nudge the agent can pass on (add a little more for free delivery), when the order is otherwise ready. */
export const deliveryNudge = (cart: Cart): string | null =>
  cart.pincode && cart.serviceable && cart.delivery_charge > 0 ? cart.deliveryMessage : null;

/** Why 'Place order' is disabled, in the agent's words, or null when the order can be placed. */
export function placeBlock(state: Pick<OrderForCustomerState, 'cart' | 'addressId' | 'payment'>): string | null {
  const { cart, addressId, payment } = state;
  if (cart.items.length === 0) return 'Add products to the order';
  if (!addressId) return 'Choose or add a delivery address';
  const cartBlock = checkoutBlock(cart);
  if (cartBlock) return cartBlock.replace('your attention above before checkout', 'attention before you place the order');
  if (!payment) return 'Choose how the customer pays';
  if (!cart.paymentMethods.some((m) => m.code === payment)) return 'This way of paying is not offered for this order; choose another';
  return null;
}

/** The customer's 10-digit mobile number, from however it is stored (+91, spaces), or null. */
export function indianMobile(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** The payment link of a placed order as a safe http(s) address, or null. */
export const paymentLinkOf = (placed: Pick<AgentOrderPlaced, 'payment_link'>): string | null => safeUrl(placed.payment_link, 'web');

/** The message the agent sends with a payment link. */
export function paymentMessage(customerName: string, placed: Pick<AgentOrderPlaced, 'ordernumber' | 'total'>, link: string): string {
  return `Hello ${customerName}, your order ${placed.ordernumber} for ${formatRupees(placed.total)} is ready. Please pay here: ${link}`;
}

/** 'Share on WhatsApp': a wa.me chat with the customer's number and the message, or null without a valid number or link. */
export function whatsappShareUrl(customer: Pick<CustomerRef, 'name' | 'phone'>, placed: Pick<AgentOrderPlaced, 'ordernumber' | 'total' | 'payment_link'>): string | null {
  const mobile = indianMobile(customer.phone);
  const link = paymentLinkOf(placed);
  if (!mobile || !link) return null;
  return safeUrl(`https://wa.me/91${mobile}?text=${encodeURIComponent(paymentMessage(customer.name, placed, link))}`, 'web');
}

// ---- Actions ----

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

// ---- Catalogue search ----

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let searches = 0;

/** Searches the catalogue now (page `page` of `q`); an answer older than the newest search is dropped. */
export async function searchProducts(client: OrderForCustomerApi, q: string, page = 1) {
  clearTimeout(searchTimer);
  const call = ++searches;
  const { perPage } = $catalogueSearch.get();
  $catalogueSearch.set({ ...$catalogueSearch.get(), q, page, busy: true, error: null });
  try {
    const list = await client.products({ q: q.trim() || undefined, page, perPage });
    if (call === searches) $catalogueSearch.set({ ...$catalogueSearch.get(), results: list.data, total: list.meta.total, busy: false });
  } catch (failure) {
    if (call === searches) $catalogueSearch.set({ ...$catalogueSearch.get(), busy: false, error: errorMessage(failure) });
  }
}

/** The search box changed: the text shows at once, the search runs once typing pauses for `delay` ms. */
export function typeSearch(client: OrderForCustomerApi, q: string, delay = SEARCH_DEBOUNCE_MS) {
  clearTimeout(searchTimer);
  $catalogueSearch.setKey('q', q);
  searchTimer = setTimeout(() => void searchProducts(client, q, 1), delay);
}

/** The URL that keeps the search (reload and back show the same results): the page's path with ?q&page. */
export function searchUrl(path: string, q: string, page: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
