import type { AddressBody, OrderCreateBody, OrderListQuery, PaymentConfirmBody, PaymentMethodCode, PaymentProviderName } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/order-constants';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/** A signed-in shopper's calls: addresses, orders and their payments (the server's client has them too). */
export function createOrdersApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    addresses: () => call('AddressList', '/addresses'),
    createAddress: (body: AddressBody) => call('Address', '/addresses', post(body)),
    updateAddress: (id: number, body: AddressBody) => call('Address', `/addresses/${id}`, post(body, 'PUT')),
    deleteAddress: (id: number) => call('Message', `/addresses/${id}`, { method: 'DELETE' }),
    /** Places the cart as an order; the same `idempotencyKey` always answers the same order. */
    createOrder: (body: OrderCreateBody, idempotencyKey: string) => call('OrderCreated', '/order/create', post(body, 'POST', { [IDEMPOTENCY_HEADER]: idempotencyKey })),
    cancelOrder: (id: number) => call('Message', `/order/cancel/${id}`, post({})),
    orders: (query: Partial<OrderListQuery> = {}) => call('OrderList', `/orders${queryString(query)}`),
    order: (id: number) => call('Order', `/orders/${id}`),
    orderByNumber: (ordernumber: string) => call('Order', `/orders/by-number/${encodeURIComponent(ordernumber)}`),
    retryOrder: (id: number, payment: PaymentMethodCode) => call('OrderCreated', `/orders/${id}/retry`, post({ payment })),
    startPayment: (provider: PaymentProviderName, orderId: number) => call('PaymentStarted', `/payments/${provider}/start`, post({ order_id: orderId })),
    confirmPayment: (provider: PaymentProviderName, body: PaymentConfirmBody) => call('PaymentState', `/payments/${provider}/confirm`, post(body)),
    paymentStatus: (orderId: number) => call('PaymentState', `/payments/status/${orderId}`),
  };
}
export type OrdersApi = ReturnType<typeof createOrdersApi>;

/** The orders calls for islands (checkout, payment), beside `api()` of browser.ts. */
export const ordersApi = () => createOrdersApi(pageSend(), isJsonObject);
