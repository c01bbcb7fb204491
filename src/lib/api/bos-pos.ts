import type { BosSalesQuery } from '../../contract/bos-sales';
import type { PosTillListQuery } from '../../contract/pos';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The back office's point-of-sale and sales calls (docs/back-office.md#tills, #sales-figures), and the receipt a
 * customer's link opens (docs/pos.md#the-receipt-link). The pages read them on the server: no island carries them.
 */
export function createBosPosApi(send: Send, check: CheckAnswer) {
  const { call } = createCaller(send, check);
  return {
    /** The website's tills, newest first, with their Z-reports once closed. */
    bosTills: (query: Partial<PosTillListQuery> = {}) => call('PosTillList', `/bos/pos/tills${queryString(query)}`),
    /** One till, with its Z-report once closed. */
    bosTill: (id: number) => call('PosTillWithReport', `/bos/pos/tills/${id}`),
    /** The day's, 7 days' and 30 days' sales by channel, ending on `date` (today in India by default). */
    bosSales: (query: Partial<BosSalesQuery> = {}) => call('BosSalesFigures', `/bos/sales${queryString(query)}`),
    /** A sale's receipt by its link's token: no sign-in (a 404 for any token that is not one). */
    posReceipt: (token: string) => call('PosReceipt', `/receipts/${encodeURIComponent(token)}`),
  };
}
