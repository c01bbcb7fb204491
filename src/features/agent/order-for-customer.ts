import { map } from 'nanostores';
import type { Address } from '../../contract/address';
import type { AgentOrderPlaced } from '../../contract/agent';
import type { Cart } from '../../contract/cart';
import type { Product } from '../../contract/catalogue';
import { agentApi, type AgentApi } from '../../lib/api/agent';
import { api } from '../../lib/api/browser';
import type { ApiClient } from '../../lib/api/client';

/**
 * Ordering for a customer (docs/sales-agents.md): the sales agent's page at /account/dashboard/customers/{id}/order. The
 * (agent, customer) cart lives here, never in `$cart` (the agent's own cart stays untouched); every cart answer
 * replaces it. Components only render this state (order-for-customer-view.ts says what they show) and call the
 * functions of order-for-customer-actions.ts and order-for-customer-search.ts.
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
