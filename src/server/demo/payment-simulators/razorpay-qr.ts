import { createHmac } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { escapeHtml } from '../../../lib/escape-html';
import type { RazorpayKeys } from '../../config';
import { deliverWebhook, newId, nowSeconds, page, pageToken, qrSvg, rupees, SIM_BASE, simStore, tokenMatches, type SimulatorContext } from './common';
import type { SimPayment } from './razorpay';

/** A QR code of Razorpay's QR Codes API, as the simulator keeps it (with `image_content`, its upi:// text). */
interface QrCode {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string | null;
  usage: 'single_use' | 'multiple_use';
  type: 'upi_qr';
  image_url: string;
  image_content: string;
  payment_amount: number;
  status: 'active' | 'closed';
  description: string | null;
  fixed_amount: boolean;
  payments_amount_received: number;
  payments_count_received: number;
  notes: Record<string, string>;
  customer_id: null;
  close_by: number | null;
  closed_at: number | null;
  close_reason: 'on_demand' | 'paid' | null;
}

/** A QR code's record: the code, the payments made to it and their refunds (the refund routes find them by pointer). */
interface QrRecord {
  qr: QrCode;
  payments: SimPayment[];
}

const QR_BASE = `${SIM_BASE}/razorpay/qr`;
/** Razorpay refuses a close_by sooner than this after now. */
const MIN_CLOSE_BY_S = 15 * 60;

/** The page where the demo's customer "scans and pays" a QR code: its token binds it to that code. */
const razorpayQrPage = (keys: () => RazorpayKeys) => (qrId: string) => `${QR_BASE}/${qrId}?${new URLSearchParams({ token: pageToken(keys().keySecret, qrId) })}`;

/** A QR code as it is now: one whose close_by has passed is closed (Razorpay closes it then). */
function current(qr: QrCode): QrCode {
  if (qr.status === 'active' && qr.close_by !== null && qr.close_by <= nowSeconds()) return { ...qr, status: 'closed', closed_at: qr.close_by, close_reason: null };
  return qr;
}

/**
 * Razorpay's QR Codes API, simulated (the slice the point of sale uses): POST /v1/payments/qr_codes (upi_qr,
 * single_use, fixed_amount with payment_amount, close_by at least 15 minutes ahead, notes), GET …/{id},
 * GET …/{id}/payments, POST …/{id}/close; and a page for the demo where the customer's UPI app "pays" a code,
 * which captures the payment, closes the code (close_reason paid) and sends Razorpay's signed webhooks
 * payment.captured and qr_code.credited.
 */
export function mountQrCodes(
  app: Hono,
  ctx: SimulatorContext,
  keys: () => RazorpayKeys,
  fail: (c: Context, status: 400 | 401 | 404, description: string) => Response,
  pointTo: (paymentId: string, recordId: string) => Promise<unknown>,
) {
  const store = simStore<QrRecord>(ctx.deps, 'razorpay');

  app.post('/v1/payments/qr_codes', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || body.type !== 'upi_qr') return fail(c, 400, 'The type field is invalid: only upi_qr is simulated');
    if (body.usage !== 'single_use' && body.usage !== 'multiple_use') return fail(c, 400, 'The usage field is invalid');
    const fixed = body.fixed_amount === true;
    const amount = Number(body.payment_amount);
    if (fixed && (!Number.isSafeInteger(amount) || amount < 100)) return fail(c, 400, 'The payment amount must be atleast INR 1.00');
    const closeBy = body.close_by === undefined || body.close_by === null ? null : Number(body.close_by);
    if (closeBy !== null && (!Number.isSafeInteger(closeBy) || closeBy < nowSeconds() + MIN_CLOSE_BY_S - 5)) return fail(c, 400, 'close_by should be at least 15 minutes after current time');
    const notes = body.notes && typeof body.notes === 'object' ? Object.fromEntries(Object.entries(body.notes).map(([k, v]) => [k, String(v)])) : {};
    const id = newId('qr_', 14);
    const label = notes.ordernumber ?? id;
    const qr: QrCode = {
      id,
      entity: 'qr_code',
      created_at: nowSeconds(),
      name: typeof body.name === 'string' ? body.name.slice(0, 40) : null,
      usage: body.usage,
      type: 'upi_qr',
      // Razorpay's is a short link to the QR's image; the simulator's is the page its customer pays on.
      image_url: razorpayQrPage(keys)(id),
      image_content: `upi://pay?${new URLSearchParams({ pa: 'shop.simulator@razorpay', pn: 'Storefront (simulated)', tr: id, tn: `Sale ${label}`, ...(fixed ? { am: (amount / 100).toFixed(2) } : {}), cu: 'INR' })}`,
      payment_amount: fixed ? amount : 0,
      status: 'active',
      description: typeof body.description === 'string' ? body.description.slice(0, 200) : null,
      fixed_amount: fixed,
      payments_amount_received: 0,
      payments_count_received: 0,
      notes,
      customer_id: null,
      close_by: closeBy,
      closed_at: null,
      close_reason: null,
    };
    await store.create(id, { qr, payments: [] }, null);
    return c.json(qr);
  });

  app.get('/v1/payments/qr_codes/:id', async (c) => {
    const found = await store.get(c.req.param('id'));
    return found?.qr ? c.json(current(found.qr)) : fail(c, 400, 'The id provided does not exist');
  });

  app.get('/v1/payments/qr_codes/:id/payments', async (c) => {
    const found = await store.get(c.req.param('id'));
    if (!found?.qr) return fail(c, 400, 'The id provided does not exist');
    return c.json({ entity: 'collection', count: found.payments.length, items: [...found.payments].reverse() });
  });

  app.post('/v1/payments/qr_codes/:id/close', async (c) => {
    const out: { refusal?: string } = {};
    const updated = await store.update(c.req.param('id'), (rec) => {
      if (!rec.qr) return (out.refusal = 'The id provided does not exist'), rec;
      const qr = current(rec.qr);
      if (qr.status === 'closed') return (out.refusal = 'The QR code is already closed'), rec;
      return { ...rec, qr: { ...qr, status: 'closed', closed_at: nowSeconds(), close_reason: 'on_demand' } };
    });
    if (!updated?.qr || out.refusal) return fail(c, 400, out.refusal ?? 'The id provided does not exist');
    return c.json(updated.qr);
  });

  // The demo's customer: the QR as their UPI app shows it, and what the app answers.
  app.get('/qr/:id', async (c) => {
    const id = c.req.param('id');
    const found = await store.get(id);
    if (!found?.qr || !tokenMatches(keys().keySecret, id, c.req.query('token'))) return page(c, 'QR code not found', '<h1>This QR code is not valid</h1>', 404);
    return page(c, 'Pay a UPI QR code (simulated)', await qrPage(current(found.qr), c.req.query('token')!));
  });

  app.post('/qr/:id', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const token = String(form.token ?? '');
    if (!tokenMatches(keys().keySecret, id, token)) return page(c, 'QR code not found', '<h1>This QR code is not valid</h1>', 404);
    if (form.action !== 'succeed') return page(c, 'Unknown action', '<h1>Unknown action</h1>', 400);
    let payment: SimPayment | undefined;
    const updated = await store.update(id, (rec) => {
      const qr = rec.qr ? current(rec.qr) : undefined;
      // A closed code takes no payment (the UPI app says so); a single-use one closes once paid.
      if (!qr || qr.status === 'closed') return rec;
      payment = {
        id: newId('pay_', 14),
        entity: 'payment',
        amount: qr.payment_amount,
        currency: 'INR',
        status: 'captured',
        amount_refunded: 0,
        refund_status: null,
        order_id: null,
        method: 'upi',
        vpa: 'customer@upi',
        captured: true,
        notes: {},
        error_code: null,
        error_description: null,
        error_reason: null,
        created_at: nowSeconds(),
      };
      const paid = { ...qr, payments_amount_received: qr.payments_amount_received + qr.payment_amount, payments_count_received: qr.payments_count_received + 1 };
      return { ...rec, qr: qr.usage === 'single_use' ? { ...paid, status: 'closed', closed_at: nowSeconds(), close_reason: 'paid' } : paid, payments: [...rec.payments, payment] };
    });
    if (!updated?.qr) return page(c, 'QR code not found', '<h1>This QR code is not valid</h1>', 404);
    if (payment) {
      await pointTo(payment.id, id);
      await sendWebhook(c.req.raw, 'payment.captured', { payment: { entity: payment } });
      await sendWebhook(c.req.raw, 'qr_code.credited', { payment: { entity: payment }, qr_code: { entity: updated.qr } });
    }
    return c.redirect(`${QR_BASE}/${id}?${new URLSearchParams({ token })}`, 303);
  });

  async function sendWebhook(from: Request, event: string, payload: Record<string, unknown>) {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_Simulator00001', event, contains: Object.keys(payload), payload, created_at: nowSeconds() });
    const signature = createHmac('sha256', keys().webhookSecret).update(body).digest('hex');
    await deliverWebhook(ctx, from, 'razorpay', body, { 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': newId('', 14) });
  }
}

async function qrPage(qr: QrCode, token: string): Promise<string> {
  const label = escapeHtml(qr.notes.ordernumber ?? qr.id);
  if (qr.status === 'closed') {
    const why = qr.close_reason === 'paid' ? `Paid: ${rupees(qr.payments_amount_received)} received.` : 'This QR code is closed: it takes no payment.';
    return `<h1>Sale ${label}</h1><p class="amount" data-qr-state="${qr.close_reason === 'paid' ? 'paid' : 'closed'}">${why}</p>`;
  }
  return `<h1>Sale ${label}: scan to pay</h1>
<p class="amount">${rupees(qr.payment_amount)}</p>
<div class="qr" role="img" aria-label="UPI QR code for ${rupees(qr.payment_amount)}">${await qrSvg(qr.image_content)}</div>
<p class="muted">${escapeHtml(qr.image_content)}</p>
<p class="muted">In real life the customer scans this with a UPI app and approves the payment there. Here:</p>
<form method="post" action="${QR_BASE}/${qr.id}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button class="ok" name="action" value="succeed">Pay ${rupees(qr.payment_amount)} with a UPI app</button></form>`;
}
