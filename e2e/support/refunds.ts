import { expect, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db';
import { bosCall } from './back-office';

/**
 * Runs `work` while the simulated Razorpay refuses every refund of an order's payment, as a real one does for a
 * payment refunded elsewhere: the simulator's record of it (in the browser tests' database, where the simulator
 * keeps it) says it was refunded in full, and is put back as it was afterwards, so a refund sent again goes
 * through. The shop itself is not touched: its refunds fail the way a provider's refusal makes them fail.
 */
export async function whileRazorpayRefuses<T>(orderId: number, work: () => Promise<T>): Promise<T> {
  const db = await openDatabase(process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.sqlite');
  try {
    const { payment_ref: ref } = await db.kysely.selectFrom('orders').select('payment_ref').where('id', '=', orderId).executeTakeFirstOrThrow();
    if (!ref) throw new Error(`order ${orderId} has no payment`);
    const read = async () => (await sql<{ data_json: string }>`select data_json from payment_simulations where provider = 'razorpay' and id = ${ref}`.execute(db.kysely)).rows[0]!.data_json;
    const write = (json: string) => sql`update payment_simulations set data_json = ${json} where provider = 'razorpay' and id = ${ref}`.execute(db.kysely);
    const before = await read();
    const record = JSON.parse(before) as { payments: { amount: number; amount_refunded: number; refund_status: string | null }[] };
    await write(JSON.stringify({ ...record, payments: record.payments.map((p) => ({ ...p, amount_refunded: p.amount, refund_status: 'full' })) }));
    try {
      return await work();
    } finally {
      await write(before);
    }
  } finally {
    await db.close();
  }
}

/**
 * A refund that needs a hand: staff (`page` signed in with order:manage, on a page of the shop) refund ₹1 of an
 * order paid online through the Razorpay simulator while it refuses, and the shop keeps the refund as failed.
 * Resolves to the refund's id.
 */
export async function failedRefund(page: Page, orderId: number): Promise<number> {
  return whileRazorpayRefuses(orderId, async () => {
    const staff = await bosCall(page, `/bos/orders/${orderId}/refunds`, { amount_paise: 100, reason: 'Damaged in transit' });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    expect(staff.body).toMatchObject({ status: 'failed' });
    return staff.body.id as number;
  });
}
