import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PosSaleBody } from '../../contract/pos';
import { OUTBOX, OutboxFullError, backoffMs, openOutbox, type OutboxCounts } from './offline-queue';

/** A sale of `quantity` of pack 1 paid in cash, so each test's sales can be told apart. */
const sale = (quantity: number): PosSaleBody => ({ till_id: 1, lines: [{ pack_id: 1, quantity }], payments: [{ mode: 'cash', amount: 100 }] });

interface Call {
  path: string;
  method: string | undefined;
  key: string | null;
  quantity: number;
  signal: AbortSignal | null | undefined;
}

/**
 * A stand-in for the API: records each call and answers from `answers` in turn (a status, 'network' for a fetch
 * that throws, or 'hang' for one that answers only when its signal aborts it).
 */
function fakeApi(...answers: Array<number | 'network' | 'hang'>) {
  const calls: Call[] = [];
  let inFlight = 0;
  let most = 0;
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body)) as PosSaleBody;
    calls.push({ path, method: init.method, key: new Headers(init.headers).get('Idempotency-Key'), quantity: body.lines[0]!.quantity, signal: init.signal });
    inFlight += 1;
    most = Math.max(most, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const answer = answers.shift() ?? 201;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'hang') {
        await new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      const payload = Number(answer) < 300 ? { order_id: body.lines[0]!.quantity } : { message: `refused ${String(answer)}` };
      return new Response(JSON.stringify(payload), { status: Number(answer), headers: { 'Content-Type': 'application/json' } });
    } finally {
      inFlight -= 1;
    }
  };
  return { calls, send, mostAtOnce: () => most };
}

let dbNumber = 0;
/** An outbox in a database of its own, with a clock the test moves. */
function outbox(api: ReturnType<typeof fakeApi>, options: { timeoutMs?: number } = {}) {
  const clock = { now: 1_000_000 };
  const counts: OutboxCounts[] = [];
  const name = `pos-outbox-test-${(dbNumber += 1)}`;
  const box = openOutbox({ send: api.send, name, now: () => clock.now, onChange: (c) => counts.push(c), ...options });
  return { box, clock, counts, name };
}

describe('the outbox of sales', () => {
  it('keeps each sale with a fresh idempotency key, in the order they were made', async () => {
    const { box, counts } = outbox(fakeApi());
    const first = await box.enqueue(sale(1));
    const second = await box.enqueue(sale(2));
    expect(first.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.key).not.toBe(first.key);
    expect((await box.waiting()).map((s) => s.body.lines[0]!.quantity)).toEqual([1, 2]);
    expect(counts.at(-1)).toEqual({ waiting: 2, refused: 0 });
  });

  it('sends them in order, one at a time, each with its key, and drops each once the server has it', async () => {
    const api = fakeApi(201, 200, 201);
    const { box, counts } = outbox(api);
    const keys = [];
    for (const q of [1, 2, 3]) keys.push((await box.enqueue(sale(q))).key);
    const result = await box.flush();
    expect(api.calls.map((c) => [c.path, c.method, c.key, c.quantity])).toEqual([
      ['/pos/sales', 'POST', keys[0], 1],
      ['/pos/sales', 'POST', keys[1], 2],
      ['/pos/sales', 'POST', keys[2], 3],
    ]);
    expect(api.mostAtOnce()).toBe(1);
    expect(api.calls.every((c) => c.signal instanceof AbortSignal)).toBe(true);
    expect(result).toMatchObject({ sent: [{ key: keys[0], answer: { order_id: 1 } }, { key: keys[1] }, { key: keys[2] }], stopped: null });
    expect(await box.waiting()).toEqual([]);
    expect(counts.at(-1)).toEqual({ waiting: 0, refused: 0 });
  });

  it('keeps a sale the network lost, stops there (order holds), and sends it again later with the same key', async () => {
    const api = fakeApi('network', 201, 201);
    const { box, clock } = outbox(api);
    const first = await box.enqueue(sale(1));
    await box.enqueue(sale(2));
    expect(await box.flush()).toMatchObject({ sent: [], stopped: 'network' });
    expect(api.calls).toHaveLength(1);
    const [kept] = await box.waiting();
    expect(kept).toMatchObject({ key: first.key, attempts: 1, next_try_at: clock.now + OUTBOX.firstRetryMs });

    // Before its time nothing is sent; when the network returns the screen forces a try at once.
    expect(await box.flush()).toMatchObject({ sent: [], stopped: 'backoff' });
    expect(api.calls).toHaveLength(1);
    clock.now += OUTBOX.firstRetryMs;
    const later = await box.flush();
    expect(later.sent.map((s) => s.key)[0]).toBe(first.key);
    expect(api.calls.map((c) => c.key)[1]).toBe(first.key);
    expect(await box.waiting()).toEqual([]);
  });

  it('a forced flush ignores the backoff', async () => {
    const api = fakeApi('network', 201);
    const { box } = outbox(api);
    await box.enqueue(sale(1));
    await box.flush();
    expect(await box.flush({ force: true })).toMatchObject({ stopped: null });
    expect(api.calls).toHaveLength(2);
  });

  it('backs off 2 s, 4 s, 8 s … up to 5 minutes', () => {
    expect([1, 2, 3, 4, 8, 9, 50].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000]);
  });

  it('takes a call that never answers as lost when its time is up', async () => {
    const api = fakeApi('hang');
    const { box } = outbox(api, { timeoutMs: 30 });
    await box.enqueue(sale(1));
    expect(await box.flush()).toMatchObject({ stopped: 'network' });
    expect(await box.waiting()).toHaveLength(1);
  });

  it('retries later on the server\'s trouble (5xx, 408, 429) without losing the sale', async () => {
    for (const status of [500, 503, 408, 429]) {
      const api = fakeApi(status);
      const { box } = outbox(api);
      await box.enqueue(sale(1));
      expect(await box.flush()).toMatchObject({ sent: [], stopped: 'server' });
      expect(await box.waiting()).toMatchObject([{ attempts: 1 }]);
      expect(await box.refused()).toEqual([]);
    }
  });

  it('holds every sale when the session has ended (401, 403): signing in again sends them', async () => {
    const api = fakeApi(401, 201);
    const { box } = outbox(api);
    await box.enqueue(sale(1));
    expect(await box.flush()).toMatchObject({ sent: [], stopped: 'signed-out' });
    expect(await box.refused()).toEqual([]);
    expect(await box.flush({ force: true })).toMatchObject({ stopped: null });
    expect(await box.waiting()).toEqual([]);
  });

  it('sets aside a sale sent to a till closed meanwhile (409): no retry opens it again', async () => {
    const api = fakeApi(409, 201);
    const { box } = outbox(api);
    await box.enqueue(sale(1));
    await box.enqueue(sale(2));
    expect(await box.flush()).toMatchObject({ sent: [{ answer: { order_id: 2 } }], refused: [{ refusal: { status: 409, message: 'refused 409' } }], stopped: null });
  });

  it('sets a sale the server refuses aside for the cashier, with its reason, and goes on with the next', async () => {
    const api = fakeApi(422, 201);
    const { box, counts } = outbox(api);
    const refusedSale = await box.enqueue(sale(1));
    await box.enqueue(sale(2));
    const result = await box.flush();
    expect(result).toMatchObject({ sent: [{ answer: { order_id: 2 } }], refused: [{ key: refusedSale.key }], stopped: null });
    const [aside] = await box.refused();
    expect(aside).toMatchObject({ key: refusedSale.key, refusal: { status: 422, message: 'refused 422' }, body: sale(1) });
    expect(await box.waiting()).toEqual([]);
    expect(counts.at(-1)).toEqual({ waiting: 0, refused: 1 });
    // It goes only when the cashier has seen it and says so.
    await box.dismiss(refusedSale.key);
    expect(await box.refused()).toEqual([]);
    expect(counts.at(-1)).toEqual({ waiting: 0, refused: 0 });
  });

  it('runs one flush at a time: a second call shares the first', async () => {
    const api = fakeApi(201, 201);
    const { box } = outbox(api);
    await box.enqueue(sale(1));
    await box.enqueue(sale(2));
    const [a, b] = await Promise.all([box.flush(), box.flush()]);
    expect(a).toBe(b);
    expect(api.calls).toHaveLength(2);
  });

  it('is kept on the device: another outbox on the same database finds the waiting sales', async () => {
    const api = fakeApi();
    const { box, name } = outbox(api);
    await box.enqueue(sale(7));
    const reopened = openOutbox({ send: api.send, name });
    expect((await reopened.waiting()).map((s) => s.body)).toEqual([sale(7)]);
  });

  it(`refuses sale ${OUTBOX.maxKept + 1} with a message the cashier can act on`, async () => {
    const { box } = outbox(fakeApi());
    for (let i = 0; i < OUTBOX.maxKept; i += 1) await box.enqueue(sale((i % 999) + 1));
    await expect(box.enqueue(sale(1))).rejects.toThrow(OutboxFullError);
    await expect(box.enqueue(sale(1))).rejects.toThrow(`${OUTBOX.maxKept} sales are waiting to be sent`);
    expect(await box.waiting()).toHaveLength(OUTBOX.maxKept);
  });
});
