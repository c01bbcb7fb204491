import type { AddressBody, AgentCustomerQuery, AgentOrderBody, AgentOrderQuery, CartAddBody, CartRemoveBody, PeriodQuery } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/order-constants';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * A sales agent's calls (docs/sales-agents.md): figures, customers, orders, and ordering for a customer. A separate client,
 * like the orders', so no shopper's page carries it.
 */
export function createAgentApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  const customer = (id: number) => `/agent/customers/${id}`;
  return {
    agentSummary: (period: PeriodQuery) => call('AgentSummary', `/agent/summary${queryString({ ...period })}`),
    agentSales: (period: PeriodQuery) => call('AgentSales', `/agent/sales${queryString({ ...period })}`),
    agentTop: (period: PeriodQuery, limit?: number) => call('AgentTop', `/agent/top${queryString({ ...period, limit })}`),
    agentCustomers: (query: Partial<AgentCustomerQuery> = {}) => call('AgentCustomerList', `/agent/customers${queryString(query)}`),
    agentCustomer: (id: number) => call('AgentCustomer', customer(id)),
    agentOrders: (query: Partial<AgentOrderQuery> = {}) => call('AgentOrderList', `/agent/orders${queryString(query)}`),
    agentOrder: (id: number) => call('AgentOrder', `/agent/orders/${id}`),
    /** The cart the agent builds for the customer, priced for one of the customer's addresses when given. */
    agentCart: (customerId: number, addressId?: number) => call('Cart', `${customer(customerId)}/cart${queryString({ address_id: addressId })}`),
    agentCartAdd: (customerId: number, body: CartAddBody, addressId?: number) =>
      call('Cart', `${customer(customerId)}/cart/add${queryString({ address_id: addressId })}`, post(body)),
    agentCartRemove: (customerId: number, body: CartRemoveBody, addressId?: number) =>
      call('Cart', `${customer(customerId)}/cart/remove${queryString({ address_id: addressId })}`, post(body)),
    agentAddresses: (customerId: number) => call('AddressList', `${customer(customerId)}/addresses`),
    agentCreateAddress: (customerId: number, body: AddressBody) => call('Address', `${customer(customerId)}/addresses`, post(body)),
    /** Places the cart as the customer's order; the same `idempotencyKey` always answers the same order. */
    agentPlaceOrder: (customerId: number, body: AgentOrderBody, idempotencyKey: string) =>
      call('AgentOrderPlaced', `${customer(customerId)}/order`, post(body, 'POST', { [IDEMPOTENCY_HEADER]: idempotencyKey })),
  };
}
export type AgentApi = ReturnType<typeof createAgentApi>;

/** The agent's calls for islands (the dashboard, ordering for a customer). */
export const agentApi = () => createAgentApi(pageSend(), isJsonObject);
