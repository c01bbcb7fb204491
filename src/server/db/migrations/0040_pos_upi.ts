import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * UPI at the point of sale (docs/pos.md#upi), on both backends: a UPI payment of a sale is paid through a
 * single-use dynamic QR code of the payment provider, for its exact amount.
 *
 * - pos_payments.provider, provider_ref: the provider (razorpay) and its QR code (qr_…) the customer scans;
 *   provider_payment_id: the provider's payment (pay_…) that paid it, for a refund through the provider;
 *   qr_image_url, qr_intent: the provider's image of the QR and its upi:// text (when the provider gives it);
 *   qr_pay_page: demo mode only, the simulator's page where its customer pays the QR;
 *   qr_close_by: when the provider closes the QR unpaid; checked_at: when the provider was last asked about it
 *   (the till's polling asks it at most every few seconds); paid_at: when the provider said it was paid.
 * - pos_payments.state gains 'cancelled': a UPI wait the till gave up (its QR closed), never paid.
 * - pos_payments_provider_ref, unique: one payment per QR code (NULLs never collide on either backend).
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    for (const column of ['provider', 'provider_ref', 'provider_payment_id', 'qr_image_url', 'qr_intent', 'qr_pay_page', 'qr_close_by', 'checked_at', 'paid_at']) {
      await db.schema.alterTable('pos_payments').addColumn(column, 'text').execute();
    }
    await db.schema.createIndex('pos_payments_provider_ref').on('pos_payments').column('provider_ref').unique().execute();
  });
}
