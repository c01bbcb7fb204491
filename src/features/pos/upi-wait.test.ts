import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import type { PosPayment, PosSale } from '../../contract/pos';
import { qrPath } from './qr-matrix';
import { receiptPayments } from './receipt-text';
import { $upiWait, awaitingUpi, hasUpi, pendingUpi, pollDelay, startUpiWait, upiView } from './upi-wait';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const qr = (id = 'qr_One', closeBy = '2026-11-27T10:20:00Z') => ({ id, intent: `upi://pay?pa=shop@razorpay&am=90.00&tr=${id}`, image_url: null, close_by: closeBy, pay_page: null });

function payment(over: Partial<PosPayment> = {}): PosPayment {
  return { id: 1, mode: 'upi', amount: 90, tendered: null, reference: null, state: 'pending', qr: qr(), ...over };
}

function sale(payments: PosPayment[], over: Partial<PosSale> = {}): PosSale {
  const awaiting = payments.some((p) => p.state === 'pending');
  return {
    order_id: 7,
    ordernumber: 'S-7',
    till_id: 1,
    status: awaiting ? 'pending_payment' : 'delivered',
    customer: null,
    lines: [],
    amount: 90,
    discount: 0,
    total: 90,
    offercode: null,
    payments,
    payment_state: awaiting ? 'awaiting' : 'paid',
    change_due: 0,
    stock_short: false,
    note: null,
    created_at: '2026-11-27T10:00:00Z',
    ...over,
  };
}

/** A shop that answers each call with the next of `answers` (a sale, a status and message, or a thrown error). */
function fakeShop(answers: Array<PosSale | { status: number; message: string } | Error>) {
  const calls: Array<{ path: string; method: string; body: unknown }> = [];
  const send = async (path: string, init: RequestInit) => {
    calls.push({ path, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    if ('order_id' in next) return new Response(JSON.stringify(next), { status: 200 });
    return new Response(JSON.stringify({ message: next.message }), { status: next.status });
  };
  return { send, calls };
}

/** A scheduler the test runs by hand: the delays asked for, and the next run. */
function clock() {
  const delays: number[] = [];
  let pending: (() => void) | null = null;
  return {
    delays,
    schedule: (run: () => void, ms: number) => {
      delays.push(ms);
      pending = run;
      return run;
    },
    unschedule: () => {
      pending = null;
    },
    /** Runs the scheduled poll and waits for it to settle. */
    async tick() {
      const run = pending;
      pending = null;
      run?.();
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => setTimeout(r, 0));
    },
    scheduled: () => pending !== null,
  };
}

afterEach(() => $upiWait.set(null));

describe('upiView: where the wait stands', () => {
  it('waits with the first waiting payment’s code and amount; a code past its close_by has expired', () => {
    const split = sale([payment({ id: 1, amount: 40.5 }), payment({ id: 2, amount: 49.5, qr: qr('qr_Two') })]);
    expect(upiView(split, NOW)).toEqual({ state: 'waiting', sale: split, amount_paise: 4050, qr: qr(), expired: false, problem: null });
    expect(upiView(sale([payment({ qr: qr('qr_Old', '2026-11-27T09:59:59Z') })]), NOW)).toMatchObject({ state: 'waiting', expired: true });
    expect(upiView(sale([payment({ qr: null })]), NOW, 'down')).toMatchObject({ state: 'waiting', qr: null, problem: 'down' });
  });

  it('is paid only when the shop says the UPI payment is paid; cash when it was taken instead; cancelled with the sale', () => {
    expect(upiView(sale([payment({ state: 'paid' })]), NOW)).toMatchObject({ state: 'paid', amount_paise: 9000 });
    const cash = sale([payment({ state: 'cancelled' }), payment({ id: 2, mode: 'cash', state: 'paid', tendered: 100 })]);
    expect(upiView(cash, NOW)).toMatchObject({ state: 'cash', amount_paise: 9000 });
    expect(upiView(sale([payment({ state: 'cancelled' })], { status: 'cancelled', payment_state: 'cancelled' }), NOW)).toMatchObject({ state: 'cancelled' });
  });

  it('tells a UPI sale and a waiting one apart from others', () => {
    const cash = sale([payment({ mode: 'cash', state: 'paid', qr: null })]);
    expect([hasUpi(cash), awaitingUpi(cash), hasUpi(null), awaitingUpi(undefined)]).toEqual([false, false, false, false]);
    const waiting = sale([payment()]);
    expect([hasUpi(waiting), awaitingUpi(waiting), pendingUpi(waiting).length]).toEqual([true, true, 1]);
  });

  it('polls every 2 s, slower after failures, 15 s at most', () => {
    expect([0, 1, 2, 3, 4, 10].map(pollDelay)).toEqual([2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe('startUpiWait: polling the shop until the provider says paid', () => {
  it('polls until paid, never deciding itself, and tells the receipt the new sale', async () => {
    const waiting = sale([payment()]);
    const paid = sale([payment({ state: 'paid' })]);
    const shop = fakeShop([waiting, new TypeError('Failed to fetch'), paid]);
    const c = clock();
    const told: PosSale[] = [];
    const wait = startUpiWait({ send: shop.send, sale: waiting, onSale: (s) => told.push(s), now: () => NOW, schedule: c.schedule, unschedule: c.unschedule });
    expect($upiWait.get()).toMatchObject({ state: 'waiting', amount_paise: 9000 });
    await c.tick();
    expect($upiWait.get()).toMatchObject({ state: 'waiting', problem: null });
    await c.tick();
    expect($upiWait.get()).toMatchObject({ state: 'waiting', problem: expect.stringContaining('UPI needs the network') });
    await c.tick();
    expect($upiWait.get()).toMatchObject({ state: 'paid' });
    expect(c.delays).toEqual([2000, 2000, 4000]);
    expect(c.scheduled()).toBe(false);
    expect(shop.calls.map((x) => `${x.method} ${x.path}`)).toEqual(['GET /pos/sales/7', 'GET /pos/sales/7', 'GET /pos/sales/7']);
    expect(told.at(-1)).toEqual(paid);
    wait.stop();
  });

  it('asks for a QR code at once when the sale has none, and says why when the provider is down', async () => {
    const none = sale([payment({ qr: null })]);
    const shop = fakeShop([{ status: 502, message: 'The payment provider could not be reached' }]);
    const c = clock();
    const wait = startUpiWait({ send: shop.send, sale: none, now: () => NOW, schedule: c.schedule, unschedule: c.unschedule });
    await new Promise((r) => setTimeout(r, 0));
    expect(shop.calls).toEqual([{ path: '/pos/sales/7/upi', method: 'POST', body: {} }]);
    expect($upiWait.get()).toMatchObject({ state: 'waiting', qr: null, problem: 'The payment provider could not be reached' });
    wait.stop();
  });

  it('gives up the wait as the cashier chooses: cash with what was tendered, or the sale cancelled', async () => {
    const waiting = sale([payment()]);
    const inCash = sale([payment({ state: 'cancelled' }), payment({ id: 2, mode: 'cash', state: 'paid', tendered: 100, qr: null })]);
    const shop = fakeShop([inCash]);
    const c = clock();
    const wait = startUpiWait({ send: shop.send, sale: waiting, now: () => NOW, schedule: c.schedule, unschedule: c.unschedule });
    await wait.cancel('cash', 10000);
    expect(shop.calls).toEqual([{ path: '/pos/sales/7/upi/cancel', method: 'POST', body: { then: 'cash', tendered: 100 } }]);
    expect($upiWait.get()).toMatchObject({ state: 'cash' });
    wait.stop();
  });

  it('shows paid when cancelling finds the provider was paid meanwhile (409), and stops once stopped', async () => {
    const waiting = sale([payment()]);
    const paid = sale([payment({ state: 'paid' })]);
    const shop = fakeShop([{ status: 409, message: 'The provider says this sale is paid: nothing to cancel' }, paid]);
    const c = clock();
    const wait = startUpiWait({ send: shop.send, sale: waiting, now: () => NOW, schedule: c.schedule, unschedule: c.unschedule });
    await wait.cancel('cancel');
    expect(shop.calls.map((x) => x.path)).toEqual(['/pos/sales/7/upi/cancel', '/pos/sales/7']);
    expect($upiWait.get()).toMatchObject({ state: 'paid' });
    wait.stop();
    await wait.poll();
    expect(shop.calls).toHaveLength(2);
  });
});

describe('qrPath: the QR code as one SVG path', () => {
  it('draws exactly the library’s dark modules, inside a quiet zone', () => {
    const text = 'upi://pay?pa=shop@razorpay&am=130.50&cu=INR&tr=qr_Test';
    const { size, d } = qrPath(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 8);
    const dark = new Set<string>();
    for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) for (let i = 0; i < Number(m[3]); i += 1) dark.add(`${Number(m[1]) - 4 + i},${Number(m[2]) - 4}`);
    let expected = 0;
    for (let y = 0; y < modules.size; y += 1) for (let x = 0; x < modules.size; x += 1) if (modules.get(y, x)) (expected += 1, expect(dark.has(`${x},${y}`)).toBe(true));
    expect(dark.size).toBe(expected);
  });
});

describe("receiptPayments: what a UPI sale's receipt prints", () => {
  it("prints the shop's payments: UPI awaiting, or given up and taken in cash (the cancelled UPI left off)", () => {
    const ticket = { payments: [{ method: 'upi' as const, amount_paise: 9000 }] } as Parameters<typeof receiptPayments>[0];
    expect(receiptPayments(ticket, null)).toEqual([{ label: 'UPI', paise: 9000 }]);
    expect(receiptPayments(ticket, sale([payment()]))).toEqual([{ label: 'UPI (awaiting)', paise: 9000 }]);
    const inCash = sale([payment({ state: 'cancelled' }), payment({ id: 2, mode: 'cash', state: 'paid', tendered: 100, qr: null })]);
    expect(receiptPayments(ticket, inCash)).toEqual([{ label: 'Cash tendered', paise: 10000 }]);
  });
});
