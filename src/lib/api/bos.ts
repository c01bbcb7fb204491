import type { BosOrderQuery, BosRefundBody, BosRefundQuery, BosStatusBody } from '../../contract/bos-orders';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The back office's order calls (docs/back-office.md): the queue, moving orders on, and refunds. A separate client, like
 * the agent's, so no shopper's page carries it.
 */
export function createBosApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    bosOrders: (query: Partial<BosOrderQuery> = {}) => call('BosOrderQueue', `/bos/orders${queryString(query)}`),
    /** What the queue's filters offer: warehouses, sales agents, delivery zones, windows. */
    bosQueueOptions: () => call('BosQueueOptions', '/bos/orders/filters'),
    bosOrder: (id: number) => call('BosOrderDetail', `/bos/orders/${id}`),
    /** Moves one order on, or cancels it (409 with its status now and who set it when the move does not start from it). */
    bosMove: (id: number, body: BosStatusBody) => call('BosMoved', `/bos/orders/${id}/status`, post(body)),
    /** The printouts (the pages pass the address's own filters on; the API judges them: a bad one is a 400). */
    bosPickList: (query: Record<string, string>) => call('BosPickList', `/bos/pick-list${queryString(query)}`),
    bosPackingSlips: (query: Record<string, string>) => call('BosPackingSlips', `/bos/packing-slips${queryString(query)}`),
    /** Moves each order alone; the answer lists what moved and what was refused (and why). */
    bosMoveMany: (ids: number[], to: 'confirmed' | 'packed' | 'out_for_delivery') => call('BosBulkResult', '/bos/orders/status', post({ ids, to })),
    /** How many refunds need a hand: the figure of the back office's header. */
    bosRefundCount: () => call('BosRefundCount', '/bos/refunds/count'),
    /** Refunds part of an order paid online (409 with refundable_paise when it is more than is left of the payment). */
    bosRefundPart: (id: number, body: BosRefundBody) => call('BosRefund', `/bos/orders/${id}/refunds`, post(body)),
    /** The website's refunds in a state, newest first, with how many need a person. */
    bosRefunds: (query: Partial<BosRefundQuery> = {}) => call('BosRefundList', `/bos/refunds${queryString(query)}`),
    /** Sends a failed refund again (409 unless it failed). */
    bosRetryRefund: (id: number) => call('BosRefund', `/bos/refunds/${id}/retry`, post({})),
    /** Records a failed refund as made by hand, with its reference (409 unless it failed). */
    bosMarkRefunded: (id: number, body: { reference: string; note?: string }) => call('BosRefund', `/bos/refunds/${id}/mark-refunded`, post(body)),
  };
}
export type BosApi = ReturnType<typeof createBosApi>;

/** The back office's calls for its islands. */
export const bosApi = () => createBosApi(pageSend(), isJsonObject);
