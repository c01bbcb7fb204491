import type { AddressBody, ContactKind, OrderCreateBody, OrderListQuery, PaymentConfirmBody, PaymentMethodCode, PaymentProviderName } from '../../contract';
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
    /** Puts the order's lines still sold back in the cart; `skipped` says which could not be and why. */
    reorder: (id: number) => call('Reordered', `/orders/${id}/reorder`, post({})),
    invoice: (id: number) => call('Invoice', `/orders/${id}/invoice`),
    profile: () => call('Profile', '/profile'),
    updateProfile: (name: string) => call('Profile', '/profile', post({ name }, 'PUT')),
    /** Sends a code to a new phone or email (or the unverified email); nothing changes until verifyContact. */
    requestContactCode: (kind: ContactKind, value: string) => call('CodeSent', '/profile/contact', post({ kind, value })),
    verifyContact: (kind: ContactKind, code: string) => call('Profile', '/profile/contact/verify', post({ kind, code })),
  };
}
export type OrdersApi = ReturnType<typeof createOrdersApi>;

/** The orders calls for islands (checkout, payment), beside `api()` of browser.ts. */
export const ordersApi = () => createOrdersApi(pageSend(), isJsonObject);
