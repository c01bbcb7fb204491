/**
 * The back office's order calls on both backends: who may call them, every move and every refusal, two staff
 * racing on one order, bulk moves that meet an order moved meanwhile, part refunds (racing ones never pass the
 * payment), refunds that need a person, the timeline and one audit row per action, and the shopper told at each step.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { BosBulkResult, BosConflict, BosOrderDetail, BosOrderQueue, BosQueueOptions, BosRefund, BosRefundList } from '../../src/contract/bos-orders';
import { Invoice } from '../../src/contract';
import { PaymentStarted } from '../../src/contract/payment';
import { expireUnpaidOrders } from '../../src/server/orders/lifecycle';
import type { ProviderName } from '../../src/server/orders/payments/providers';
import { orderKit, type Shopper } from './order-kit';
import { moneyKept, press } from './payment-kit';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';

const ADMIN = '9876500003';
const SUPER = '9876500004';
const SHOPPER = '9876500001';
const AGENT = '9876500002';

let staffCount = 0;
/** A new administrator with these permissions, signed in. */
async function staffWith(shop: TestShop, permissions: string[], hasAdminAccess = 1): Promise<Visitor & { userId: number; name: string }> {
  staffCount += 1;
  const phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(staffCount).padStart(6, '0')}`;
  const name = `Staff ${staffCount}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name, email: `staff${staffCount}.${phone}@example.com`, phone, has_admin_access: hasAdminAccess, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Object.assign(await signedIn(shop, phone), { userId: id, name });
}

describeApi('back office: orders and refunds', (shop) => {
  const { db, freshPack, stockOf, statusOf, shopper, add, placed, detail } = orderKit(shop);
  const everyOrderKeptWhatItWasPaid = moneyKept(shop);
  afterEach(() => void vi.restoreAllMocks());
  // The seeded administrator signs in once (sign-in codes are limited per phone and hour).
  let signedInAdmin: Promise<Visitor> | undefined;
  const seededAdmin = () => (signedInAdmin ??= signedIn(shop(), ADMIN));

  const move = (v: Visitor, id: number, body: Record<string, unknown>) => v.post(`/bos/orders/${id}/status`, body);
  const staffDetail = async (v: Visitor, id: number) => BosOrderDetail.parse(await (await v.get(`/bos/orders/${id}`)).json());
  const auditRows = (orderId: number) => db().selectFrom('staff_audit').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  /** The messages about an order the demo outbox holds for a phone (not its sign-in codes), oldest first. */
  const outboxTo = async (to: string, ordernumber: string) =>
    (await db().selectFrom('outbox').select(['body', 'created_at']).where('recipient', '=', to).execute())
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((r) => r.body)
      .filter((body) => body.includes(ordernumber));

  /** A cash-on-delivery order of a new shopper, placed: its id, number, the shopper and the pack. */
  async function codOrder(quantity = 2) {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, quantity);
    const created = await placed(v, 'cod');
    return { v, p, id: created.id, ordernumber: created.ordernumber };
  }

  /** An order paid online through the simulator's hosted page (placed by its webhook). */
  async function paidOrder(provider: ProviderName = 'razorpay', quantity = 3): Promise<{ v: Shopper; id: number; ref: string; total: number }> {
    const v = await shopper();
    const p = await freshPack(12_345);
    await add(v, p, quantity);
    const created = await placed(v, provider);
    const started = PaymentStarted.parse(await (await v.post(`/payments/${provider}/start`, { order_id: created.id })).json());
    await press(shop(), started.hosted_url!, 'succeed');
    expect((await detail(v, created.id)).status).toBe('placed');
    const ref = started.provider === 'razorpay' ? started.checkout.order_id : started.checkout.payment_intent;
    const { total_paise } = await db().selectFrom('orders').select('total_paise').where('id', '=', created.id).executeTakeFirstOrThrow();
    return { v, id: created.id, ref, total: total_paise };
  }

  it('answers every back-office call 401 signed out and 403 to shoppers, agents and administrators without an order permission; order:view reads only', async () => {
    const { id } = await codOrder();
    const calls: [string, string, unknown?][] = [
      ['GET', '/bos/orders'],
      ['GET', '/bos/orders/filters'],
      ['GET', `/bos/orders/${id}`],
      ['GET', '/bos/refunds?state=failed'],
      ['GET', '/bos/refunds/count'],
      ['POST', `/bos/orders/${id}/status`, { to: 'confirmed' }],
      ['POST', '/bos/orders/status', { ids: [id], to: 'confirmed' }],
      ['POST', `/bos/orders/${id}/refunds`, { amount_paise: 100, reason: 'x' }],
      ['POST', '/bos/refunds/1/retry', {}],
      ['POST', '/bos/refunds/1/mark-refunded', { reference: 'UTR1' }],
    ];
    const call = (v: Visitor, [method, path, body]: (typeof calls)[number]) => (method === 'GET' ? v.get(path) : v.post(path, body));
    const visitor = await shop().visitor().start();
    for (const c of calls) {
      const r = await call(visitor, c);
      expect(r.status, c[1]).toBe(401);
      expect(await r.json()).toMatchObject({ message: 'Please log in to continue' });
    }
    const refused = [await signedIn(shop(), SHOPPER), await signedIn(shop(), AGENT), await staffWith(shop(), ['website_setting:view']), await staffWith(shop(), ['order:manage'], 0)];
    for (const v of refused) {
      for (const c of calls) {
        const r = await call(v, c);
        expect(r.status, c[1]).toBe(403);
        expect(await r.json()).toMatchObject({ message: 'You do not have permission to do this' });
      }
    }
    const viewer = await staffWith(shop(), ['order:view']);
    expect((await viewer.get('/bos/orders')).status).toBe(200);
    expect((await viewer.get('/bos/orders/filters')).status).toBe(200);
    expect((await viewer.get(`/bos/orders/${id}`)).status).toBe(200);
    expect((await viewer.get('/bos/refunds')).status).toBe(200);
    for (const c of calls.filter(([method]) => method === 'POST')) expect((await call(viewer, c)).status, c[1]).toBe(403);
    expect(await statusOf(id)).toBe('placed');
    expect(await auditRows(id)).toEqual([]);
    // The seeded administrator and the super administrator may act.
    expect((await move(await seededAdmin(), id, { to: 'confirmed' })).status).toBe(200);
    expect((await move(await signedIn(shop(), SUPER), id, { to: 'packed' })).status).toBe(200);
  });

  it('runs an order from placed to delivered (cash collected), with the timeline, one audit row per move, and the shopper told', async () => {
    const admin = await seededAdmin();
    const { v, id, ordernumber } = await codOrder();
    const { total_paise: due } = await db().selectFrom('orders').select('total_paise').where('id', '=', id).executeTakeFirstOrThrow();
    const phone = (await db().selectFrom('users').select('phone').where('id', '=', v.userId).executeTakeFirstOrThrow()).phone;

    for (const body of [{ to: 'confirmed' }, { to: 'packed' }, { to: 'out_for_delivery', rider_name: 'Suresh', rider_phone: '9000000001' }, { to: 'delivered', collected_paise: due }]) {
      const r = await move(admin, id, body);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(await r.json()).toMatchObject({ id, ordernumber, status: body.to });
      expect((await detail(v, id)).status).toBe(body.to);
    }
    const seen = await staffDetail(admin, id);
    expect(seen.timeline.map((e) => [e.actor.kind, e.from, e.to])).toEqual([
      ['shopper', null, 'placed'],
      ['staff', 'placed', 'confirmed'],
      ['staff', 'confirmed', 'packed'],
      ['staff', 'packed', 'out_for_delivery'],
      ['staff', 'out_for_delivery', 'delivered'],
    ]);
    expect(seen.timeline[1]!.actor.name).toBe('Meera Iyer');
    expect(seen.timeline[3]!.details).toMatchObject({ rider_name: 'Suresh', rider_phone: '9000000001' });
    expect(seen.timeline[4]!.details).toMatchObject({ collected_paise: due, due_paise: due });
    expect(seen.audit.map((a) => [a.user.name, a.action, a.before, (a.after as { status: string }).status])).toEqual([
      ['Meera Iyer', 'order.confirmed', { status: 'placed' }, 'confirmed'],
      ['Meera Iyer', 'order.packed', { status: 'confirmed' }, 'packed'],
      ['Meera Iyer', 'order.out_for_delivery', { status: 'packed' }, 'out_for_delivery'],
      ['Meera Iyer', 'order.delivered', { status: 'out_for_delivery' }, 'delivered'],
    ]);
    expect(seen.payment).toMatchObject({ method: 'cod', state: 'paid', captured_paise: due });
    expect(seen.next).toEqual([]);
    // Told at confirm, out for delivery (with the rider and the cash to keep ready) and delivered; not at packing.
    const told = await outboxTo(phone, ordernumber);
    expect(told).toHaveLength(3);
    expect(told[0]).toMatch(new RegExp(`has confirmed your order ${ordernumber}`));
    // The delivery day as people write it, not as the database keeps it.
    expect(told[0]).toMatch(/It will be delivered on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M\./);
    expect(told[1]).toMatch(new RegExp(`${ordernumber} .* is out for delivery with Suresh \\(9000000001\\)\\. Please keep ₹[\\d,.]+ ready\\.`));
    expect(told[2]).toMatch(new RegExp(`${ordernumber} has been delivered`));
  });

  it('refuses a move not from the status before it (409 with the status and who set it), and cash on delivery without the amount or a note for a different one', async () => {
    const admin = await seededAdmin();
    const { id, ordernumber } = await codOrder();
    const skipped = await move(admin, id, { to: 'packed' });
    expect(skipped.status).toBe(409);
    const body = BosConflict.parse(await skipped.json());
    expect(body.status).toBe('placed');
    expect(body.set_by).toMatchObject({ kind: 'shopper' });
    expect(body.message).toMatch(new RegExp(`^Order ${ordernumber} is placed \\(set by Shopper \\d+ at .*\\); it cannot be moved to packed$`));
    for (const to of ['confirmed', 'packed', 'out_for_delivery']) expect((await move(admin, id, { to })).status).toBe(200);
    const again = BosConflict.parse(await (await move(admin, id, { to: 'out_for_delivery' })).json());
    expect(again).toMatchObject({ status: 'out_for_delivery', set_by: { kind: 'staff', name: 'Meera Iyer' } });
    // Too late to cancel once it left.
    expect((await move(admin, id, { to: 'cancelled', reason: 'Customer asked' })).status).toBe(409);
    const { total_paise: due } = await db().selectFrom('orders').select('total_paise').where('id', '=', id).executeTakeFirstOrThrow();
    const noAmount = await move(admin, id, { to: 'delivered' });
    expect(noAmount.status).toBe(422);
    expect((await noAmount.json()).message).toMatch(/^Enter the cash collected \(₹[\d,.]+ was due\)$/);
    const short = await move(admin, id, { to: 'delivered', collected_paise: due - 500 });
    expect(short.status).toBe(422);
    expect((await short.json()).message).toMatch(/was collected: add a note saying why$/);
    expect(await statusOf(id)).toBe('out_for_delivery');
    const noted = await move(admin, id, { to: 'delivered', collected_paise: due - 500, note: 'Customer had no change; ₹5 waived' });
    expect(noted.status).toBe(200);
    expect((await staffDetail(admin, id)).timeline.at(-1)).toMatchObject({ note: 'Customer had no change; ₹5 waived', details: { collected_paise: due - 500, due_paise: due } });
    // Bad input is 400 and changes nothing.
    for (const bad of [{ to: 'placed' }, { to: 'shipped' }, { to: 'delivered', collected_paise: -1 }, { to: 'out_for_delivery', rider_phone: '12' }]) expect((await move(admin, id, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await move(admin, 99_999_999, { to: 'confirmed' })).status).toBe(404);
    expect(await auditRows(id)).toHaveLength(4);
  });

  it("cancels with a reason from any status before out for delivery (packed too, which a shopper cannot): stock back, the shopper told", async () => {
    const admin = await seededAdmin();
    const { v, p, id, ordernumber } = await codOrder(3);
    const before = await stockOf(p.id);
    for (const to of ['confirmed', 'packed']) expect((await move(admin, id, { to })).status).toBe(200);
    // The shopper can no longer cancel a packed order.
    const late = await v.post(`/order/cancel/${id}`, {});
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(`Order ${ordernumber} is packed and can no longer be cancelled`);
    const noReason = await move(admin, id, { to: 'cancelled' });
    expect(noReason.status).toBe(422);
    expect(await statusOf(id)).toBe('packed');
    expect((await move(admin, id, { to: 'cancelled', reason: 'Out of the rice the customer wanted' })).status).toBe(200);
    expect(await statusOf(id)).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(before + 3);
    const audit = await auditRows(id);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['order.confirmed', null],
      ['order.packed', null],
      ['order.cancelled', 'Out of the rice the customer wanted'],
    ]);
    const phone = (await db().selectFrom('users').select('phone').where('id', '=', v.userId).executeTakeFirstOrThrow()).phone;
    expect((await outboxTo(phone, ordernumber)).at(-1)).toMatch(new RegExp(`has cancelled your order ${ordernumber}: Out of the rice the customer wanted\\.$`));
  });

  it('lets one of two staff racing on an order win; the other gets 409 with who set it', async () => {
    const [a, b] = [await staffWith(shop(), ['order:manage']), await staffWith(shop(), ['order:manage'])];
    const { id } = await codOrder();
    const answers = await Promise.all([move(a, id, { to: 'confirmed' }), move(b, id, { to: 'confirmed' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    const winner = answers[0]!.status === 200 ? a : b;
    expect(BosConflict.parse(await loser.json())).toMatchObject({ status: 'confirmed', set_by: { kind: 'staff', name: winner.name } });
    expect(await auditRows(id)).toHaveLength(1);
    expect((await staffDetail(a, id)).timeline.filter((e) => e.to === 'confirmed')).toHaveLength(1);
  });

  it('moves many orders at once, reporting (not overwriting) one moved meanwhile and one of another status', async () => {
    const admin = await seededAdmin();
    const other = await staffWith(shop(), ['order:manage']);
    const orders = [await codOrder(1), await codOrder(1), await codOrder(1), await codOrder(1)];
    const [first, second, third, fourth] = orders.map((o) => o.id) as [number, number, number, number];
    expect((await move(other, third, { to: 'confirmed' })).status).toBe(200);
    expect((await move(other, fourth, { to: 'cancelled', reason: 'Duplicate order' })).status).toBe(200);
    const r = await admin.post('/bos/orders/status', { ids: [first, second, third, fourth, 99_999_999], to: 'confirmed' });
    expect(r.status).toBe(200);
    const result = BosBulkResult.parse(await r.json());
    expect(result.moved.map((m) => [m.id, m.status])).toEqual([
      [first, 'confirmed'],
      [second, 'confirmed'],
    ]);
    expect(result.refused.map((x) => [x.id, x.status, x.set_by?.name ?? null])).toEqual([
      [third, 'confirmed', other.name],
      [fourth, 'cancelled', other.name],
      [99_999_999, null, null],
    ]);
    expect(await statusOf(fourth)).toBe('cancelled');
    expect((await auditRows(third)).map((a) => a.user_id)).toEqual([other.userId]);
    // The shoppers of the orders moved are told, once each.
    for (const o of orders.slice(0, 2)) {
      const phone = (await db().selectFrom('users').select('phone').where('id', '=', o.v.userId).executeTakeFirstOrThrow()).phone;
      expect(await outboxTo(phone, o.ordernumber)).toEqual([expect.stringMatching(new RegExp(`has confirmed your order ${o.ordernumber}`))]);
    }
    expect((await admin.post('/bos/orders/status', { ids: [first], to: 'delivered' })).status).toBe(400);
    expect((await admin.post('/bos/orders/status', { ids: [], to: 'packed' })).status).toBe(400);
  });

  it('lists the queue by tab with counts, filters and pages', async () => {
    const admin = await seededAdmin();
    const a = await codOrder(1);
    const b = await codOrder(1);
    expect((await move(admin, b.id, { to: 'confirmed' })).status).toBe(200);
    const queue = async (query: string) => {
      const r = await admin.get(`/bos/orders?${query}`);
      expect(r.status, query).toBe(200);
      return BosOrderQueue.parse(await r.json());
    };
    const toConfirm = await queue(`tab=to_confirm&q=${a.ordernumber}`);
    expect(toConfirm.data.map((o) => o.id)).toEqual([a.id]);
    expect(toConfirm.meta.counts).toMatchObject({ to_confirm: 1, to_pack: 0 });
    expect((await queue(`tab=to_pack&q=${b.ordernumber.toLowerCase()}`)).data.map((o) => o.id)).toEqual([b.id]);
    const all = await queue('tab=to_confirm&perPage=100');
    expect(all.data.map((o) => o.id)).toContain(a.id);
    expect(all.data.every((o) => o.status === 'placed')).toBe(true);
    expect(all.meta.total).toBe(all.meta.counts.to_confirm);
    const row = all.data.find((o) => o.id === a.id)!;
    expect(row).toMatchObject({ pincode: '560001', payment_method: 'cod', payment_state: 'on_delivery' });
    expect(row.delivery.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Oldest delivery window first.
    const dates = all.data.map((o) => o.delivery.date ?? '9999');
    expect(dates).toEqual([...dates].sort());
    // Filters narrow; a pincode not delivered to has nothing; by the shopper's phone.
    expect((await queue(`pincode=110001&q=${a.ordernumber}`)).meta.total).toBe(0);
    expect((await queue(`pincode=560001&q=${a.ordernumber}`)).meta.total).toBe(1);
    expect((await queue(`payment_method=razorpay&q=${a.ordernumber}`)).meta.total).toBe(0);
    expect((await queue(`payment_state=on_delivery&date=${row.delivery.date}&window=${encodeURIComponent(row.delivery.start!)}&q=${a.ordernumber}`)).meta.total).toBe(1);
    const phone = (await db().selectFrom('users').select('phone').where('id', '=', a.v.userId).executeTakeFirstOrThrow()).phone;
    expect((await queue(`q=${phone}`)).data.map((o) => o.id)).toEqual([a.id]);
    expect((await queue('tab=to_confirm&perPage=1&page=2')).data).toHaveLength(all.meta.total > 1 ? 1 : 0);
    for (const bad of ['tab=nope', 'date=26-11-2026', 'perPage=1000', 'pincode=12']) expect((await admin.get(`/bos/orders?${bad}`)).status, bad).toBe(400);
  });

  it('keeps the delivery pincode and first delivery on the order at checkout, and filters and sorts the queue on them', async () => {
    const admin = await seededAdmin();
    const { id, ordernumber } = await codOrder(1);
    const kept = await db().selectFrom('orders').select(['del_pincode', 'del_date', 'del_start_time', 'del_end_time']).where('id', '=', id).executeTakeFirstOrThrow();
    const first = await db().selectFrom('order_lines').select(['del_date', 'del_start_time', 'del_end_time']).where('order_id', '=', id).orderBy('del_date').orderBy('id').executeTakeFirstOrThrow();
    expect(first.del_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(kept).toEqual({ del_pincode: '560001', ...first });
    // The queue reads the order's columns: changed there, the filters and the row follow.
    await db().updateTable('orders').set({ del_pincode: '400001', del_date: '2031-01-02', del_start_time: '9:00 AM', del_end_time: '1:00 PM' }).where('id', '=', id).execute();
    const found = async (query: string) => BosOrderQueue.parse(await (await admin.get(`/bos/orders?${query}&q=${ordernumber}`)).json());
    expect((await found('pincode=400001')).data.map((o) => o.delivery)).toEqual([{ date: '2031-01-02', start: '9:00 AM', end: '1:00 PM' }]);
    expect((await found('pincode=560001')).meta.total).toBe(0);
    expect((await found(`date=2031-01-02&window=${encodeURIComponent('9:00 AM')}`)).meta.total).toBe(1);
    expect((await found(`date=${first.del_date}`)).meta.total).toBe(0);
  });

  it('counts and lists the cancelled and payment-failed tabs, and the listing without a tab, over the last 7 days', async () => {
    const admin = await seededAdmin();
    // One after another (an array's elements are evaluated in order).
    const orders = [await codOrder(1), await codOrder(1), await codOrder(1), await codOrder(1), await codOrder(1), await codOrder(1)] as const;
    const [cancelledNow, cancelledLong, failedNow, failedLong, deliveredLong, placedLong] = orders;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const set = (o: (typeof orders)[number], status: 'cancelled' | 'payment_failed' | 'delivered' | 'placed', days: number) =>
      db().updateTable('orders').set({ status, status_at: daysAgo(days) }).where('id', '=', o.id).execute();
    await set(cancelledNow, 'cancelled', 2);
    await set(cancelledLong, 'cancelled', 8);
    await set(failedNow, 'payment_failed', 0);
    await set(failedLong, 'payment_failed', 30);
    await set(deliveredLong, 'delivered', 8);
    await set(placedLong, 'placed', 30);
    const queue = async (o: (typeof orders)[number], tab?: string) => {
      const r = await admin.get(`/bos/orders?q=${o.ordernumber}${tab ? `&tab=${tab}` : ''}`);
      expect(r.status).toBe(200);
      const q = BosOrderQueue.parse(await r.json());
      return { listed: q.data.map((row) => row.id), cancelled: q.meta.counts.cancelled, failed: q.meta.counts.payment_failed, total: q.meta.total };
    };
    expect(await queue(cancelledNow, 'cancelled')).toMatchObject({ listed: [cancelledNow.id], cancelled: 1 });
    expect(await queue(cancelledLong, 'cancelled')).toMatchObject({ listed: [], cancelled: 0 });
    expect(await queue(failedNow, 'payment_failed')).toMatchObject({ listed: [failedNow.id], failed: 1 });
    expect(await queue(failedLong, 'payment_failed')).toMatchObject({ listed: [], failed: 0 });
    // Without a tab: every open order however old, and what closed in the last 7 days.
    expect(await queue(placedLong)).toMatchObject({ listed: [placedLong.id], total: 1 });
    expect(await queue(cancelledNow)).toMatchObject({ listed: [cancelledNow.id], total: 1 });
    for (const o of [cancelledLong, failedLong, deliveredLong]) expect(await queue(o)).toMatchObject({ listed: [], total: 0 });
  });

  it('offers the warehouses, agents, zones and windows the filters choose from, and filters by zone or pincode, warehouse and agent', async () => {
    const admin = await seededAdmin();
    const metro = await codOrder(1);
    // Extended areas pay online only: an order waiting for its payment is in the queue all the same.
    const far = await shopper('600001');
    await add(far, await freshPack(20_000), 1);
    const extended = await placed(far, 'razorpay');
    const agent = await db().selectFrom('users').select(['id', 'name']).where('phone', '=', AGENT).executeTakeFirstOrThrow();
    // As if the sales agent had placed the first order for its customer.
    await db().updateTable('orders').set({ agent_id: agent.id }).where('id', '=', metro.id).execute();

    const r = await admin.get('/bos/orders/filters');
    expect(r.status).toBe(200);
    const options = BosQueueOptions.parse(await r.json());
    const zone = (name: string) => options.zones.find((z) => z.name === name)!;
    expect(zone('Metro').pincodes).toEqual(expect.arrayContaining(['560001', '400001']));
    expect(zone('Metro').pincodes).not.toContain('600001');
    expect(zone('Extended').pincodes).toContain('600001');
    // Pincodes not delivered to are in no zone.
    expect(options.zones.flatMap((z) => z.pincodes)).not.toContain('799001');
    const blr = options.warehouses.find((w) => w.code === 'BLR')!;
    expect(blr.name).toBe('Bengaluru Central');
    expect(options.agents).toContainEqual(agent);
    expect(options.windows).toEqual([{ start: '7:00 AM', end: '11:00 AM' }]);

    const found = async (query: string) => {
      const answer = await admin.get(`/bos/orders?${query}`);
      expect(answer.status, query).toBe(200);
      return BosOrderQueue.parse(await answer.json()).data.map((o) => o.ordernumber);
    };
    const both = (query: string) => Promise.all([found(`${query}&q=${metro.ordernumber}`), found(`${query}&q=${extended.ordernumber}`)]);
    expect(await both(`zone=${zone('Metro').id}`)).toEqual([[metro.ordernumber], []]);
    expect(await both(`zone=${zone('Extended').id}`)).toEqual([[], [extended.ordernumber]]);
    expect(await both('pincode=600001')).toEqual([[], [extended.ordernumber]]);
    expect(await both('pincode=560001')).toEqual([[metro.ordernumber], []]);
    expect(await both(`zone=${zone('Metro').id}&pincode=600001`)).toEqual([[], []]);
    expect(await both(`warehouse=${blr.id}`)).toEqual([[metro.ordernumber], [extended.ordernumber]]);
    const other = options.warehouses.find((w) => w.id !== blr.id)!;
    expect(await both(`warehouse=${other.id}`)).toEqual([[], []]);
    expect(await both(`agent=${agent.id}`)).toEqual([[metro.ordernumber], []]);
    // The counts follow the zone too.
    const counted = BosOrderQueue.parse(await (await admin.get(`/bos/orders?zone=${zone('Extended').id}&q=${metro.ordernumber}`)).json());
    expect(counted.meta.counts.to_confirm).toBe(0);
    expect(BosOrderQueue.parse(await (await admin.get(`/bos/orders?zone=${zone('Metro').id}&q=${metro.ordernumber}`)).json()).meta.counts.to_confirm).toBe(1);
    for (const bad of ['zone=abc', 'zone=0', 'warehouse=-1', 'agent=x']) expect((await admin.get(`/bos/orders?${bad}`)).status, bad).toBe(400);
  });

  it('refunds part of a paid order (lines or an amount, optionally back to stock), never more than was paid; a cancel then refunds the rest', async () => {
    const admin = await seededAdmin();
    const { v, id, total } = await paidOrder('razorpay', 3);
    const order = await staffDetail(admin, id);
    const line = order.lines[0]!;
    const pack = line.pack_id;
    const stock = await stockOf(pack);
    const one = await admin.post(`/bos/orders/${id}/refunds`, { lines: [{ line_id: line.id, quantity: 1 }], reason: 'One packet torn', restock: false });
    expect(one.status).toBe(201);
    const refund = BosRefund.parse(await one.json());
    const unit = Math.round((line.amount_paise - line.discount_paise) / 3);
    expect(refund).toMatchObject({ kind: 'part', amount_paise: unit, status: 'processed', lines: [{ line_id: line.id, quantity: 1, amount_paise: unit }] });
    expect(await stockOf(pack)).toBe(stock);
    const back = await admin.post(`/bos/orders/${id}/refunds`, { lines: [{ line_id: line.id, quantity: 1 }], reason: 'Short-picked', restock: true });
    expect(back.status).toBe(201);
    expect(await stockOf(pack)).toBe(stock + 1);
    // A line never refunds more than it holds less what it refunded.
    const tooMany = await admin.post(`/bos/orders/${id}/refunds`, { lines: [{ line_id: line.id, quantity: 2 }], reason: 'x' });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).message).toMatch(/1 of 3 can still be refunded$/);
    // Never more than is left of the payment.
    const refunded = 2 * unit;
    const over = await admin.post(`/bos/orders/${id}/refunds`, { amount_paise: total - refunded + 1, reason: 'Goodwill' });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ refundable_paise: total - refunded });
    for (const bad of [{ reason: 'x' }, { amount_paise: 100, lines: [{ line_id: line.id, quantity: 1 }], reason: 'x' }, { amount_paise: 100 }, { amount_paise: 100, reason: 'x', restock: true }]) {
      expect((await admin.post(`/bos/orders/${id}/refunds`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const seen = await staffDetail(admin, id);
    expect(seen.refunded_paise).toBe(refunded);
    expect(seen.payment).toMatchObject({ captured_paise: total, refunded_paise: refunded });
    expect(seen.lines[0]!.refunded_quantity).toBe(2);
    expect(seen.timeline.filter((e) => e.kind === 'refund').map((e) => e.note)).toEqual(['One packet torn', 'Short-picked']);
    // The shopper's order and invoice show what came back.
    expect((await detail(v, id)).refunded).toBe(refunded / 100);
    const invoice = Invoice.parse(await (await v.get(`/orders/${id}/invoice`)).json());
    expect([invoice.total, invoice.refunded, invoice.net_paid]).toEqual([total / 100, refunded / 100, (total - refunded) / 100]);
    expect(seen.audit.map((a) => a.action)).toEqual(['refund.created', 'refund.created']);
    // Cancelled now: the rest of the payment goes back, and the one unit left on the order returns to stock (the restocked one is not given back twice).
    expect((await move(admin, id, { to: 'cancelled', reason: 'Customer no longer home' })).status).toBe(200);
    expect(await stockOf(pack)).toBe(stock + 3);
    const after = await staffDetail(admin, id);
    expect(after.refunds.map((r) => [r.kind, r.amount_paise])).toEqual([
      ['part', unit],
      ['part', unit],
      ['whole', total - refunded],
    ]);
    expect(after.refunded_paise).toBe(total);
    expect(await detail(v, id)).toMatchObject({ status: 'cancelled', refunded: total / 100 });
  });

  it('never refunds more than the payment when ten part refunds race', async () => {
    const admin = await seededAdmin();
    const { id, total } = await paidOrder('stripe', 2);
    const each = Math.floor(total / 4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.post(`/bos/orders/${id}/refunds`, { amount_paise: each, reason: 'Goodwill' })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6);
    const rows = await db().selectFrom('refunds').select('amount_paise').where('order_id', '=', id).execute();
    expect(rows.reduce((sum, r) => sum + r.amount_paise, 0)).toBe(4 * each);
    expect(4 * each).toBeLessThanOrEqual(total);
    expect(await auditRows(id)).toHaveLength(4);
  });

  it('refuses a part refund of an order with no payment to refund (cash on delivery)', async () => {
    const admin = await seededAdmin();
    const { id } = await codOrder();
    const r = await admin.post(`/bos/orders/${id}/refunds`, { amount_paise: 100, reason: 'x' });
    expect(r.status).toBe(409);
    expect((await r.json()).message).toMatch(/has no payment to refund \(it is placed, cash on delivery\)$/);
  });

  it('lists refunds that need a person, sends a failed one again, and records one refunded by hand', async () => {
    const admin = await seededAdmin();
    const { id } = await paidOrder('razorpay', 2);
    // The provider refuses both for good (a 400: it will not change on a retry).
    const refusing = vi
      .spyOn(shop().app.payments.simulators.find((s) => s.name === 'razorpay')!.app, 'fetch')
      .mockImplementation(async () => Response.json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The account is closed' } }, { status: 400 }));
    const made = BosRefund.parse(await (await admin.post(`/bos/orders/${id}/refunds`, { amount_paise: 1000, reason: 'Damaged' })).json());
    const other = BosRefund.parse(await (await admin.post(`/bos/orders/${id}/refunds`, { amount_paise: 500, reason: 'Late' })).json());
    refusing.mockRestore();
    expect([made.status, other.status]).toEqual(['failed', 'failed']);
    expect(made.last_error).toMatch(/account is closed/);
    const count = async () => (await (await admin.get('/bos/refunds/count')).json()).needs_hand as number;
    const failed = BosRefundList.parse(await (await admin.get('/bos/refunds?state=failed')).json());
    expect(failed.data.map((r) => r.id)).toEqual(expect.arrayContaining([made.id, other.id]));
    expect(failed.data.every((r) => r.status === 'failed')).toBe(true);
    const needing = await count();
    expect(failed.meta.needs_hand).toBe(needing);

    const retried = await admin.post(`/bos/refunds/${made.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(BosRefund.parse(await retried.json())).toMatchObject({ id: made.id, status: 'processed', last_error: null });
    expect((await admin.post(`/bos/refunds/${made.id}/retry`, {})).status).toBe(409);
    expect((await admin.post(`/bos/refunds/${made.id}/mark-refunded`, { reference: 'UTR123' })).status).toBe(409);

    const byHand = await admin.post(`/bos/refunds/${other.id}/mark-refunded`, { reference: 'UTR 4455 NEFT' });
    expect(byHand.status).toBe(200);
    expect(BosRefund.parse(await byHand.json())).toMatchObject({ status: 'processed', manual_reference: 'UTR 4455 NEFT' });
    expect(await count()).toBe(needing - 2);
    expect((await admin.post(`/bos/refunds/${other.id}/mark-refunded`, {})).status).toBe(400);
    expect((await admin.post('/bos/refunds/99999999/retry', {})).status).toBe(404);
    const audit = (await staffDetail(admin, id)).audit.map((a) => a.action);
    expect(audit).toEqual(['refund.created', 'refund.created', 'refund.retried', 'refund.marked_refunded']);
  });

  it('does not show or move another website\'s orders', async () => {
    const admin = await seededAdmin();
    const { id } = await codOrder();
    const elsewhere = await signedIn(shop(), ADMIN, 'shop2.localhost');
    expect((await elsewhere.get(`/bos/orders/${id}`)).status).toBe(404);
    expect((await move(elsewhere, id, { to: 'confirmed' })).status).toBe(404);
    expect(await statusOf(id)).toBe('placed');
    expect((await staffDetail(admin, id)).status).toBe('placed');
  });

  it('keeps the timeline of changes made outside the back office: the shopper, the provider\'s webhook, the sweeper', async () => {
    const admin = await seededAdmin();
    const paid = await paidOrder('stripe', 1);
    expect((await staffDetail(admin, paid.id)).timeline.map((e) => [e.actor.kind, e.from, e.to])).toEqual([
      ['shopper', null, 'pending_payment'],
      ['provider', 'pending_payment', 'placed'],
    ]);
    const unpaid = await shopper();
    await add(unpaid, await freshPack(10_000), 1);
    const waiting = await placed(unpaid, 'razorpay');
    expect(await expireUnpaidOrders(shop().deps, new Date(Date.now() + 48 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    const { v, id } = await codOrder();
    expect((await v.post(`/order/cancel/${id}`, {})).status).toBe(200);
    const timeline = async (orderId: number) => (await staffDetail(admin, orderId)).timeline.map((e) => [e.actor.kind, e.actor.id, e.from, e.to, e.note]);
    expect(await timeline(waiting.id)).toEqual([
      ['shopper', unpaid.userId, null, 'pending_payment', null],
      ['sweeper', null, 'pending_payment', 'payment_failed', 'The payment time ran out'],
    ]);
    expect(await timeline(id)).toEqual([
      ['shopper', v.userId, null, 'placed', null],
      ['shopper', v.userId, 'placed', 'cancelled', null],
    ]);
    // No staff acted: no audit rows.
    expect(await auditRows(id)).toEqual([]);
  });

  it('every order: captured − refunded = what the order kept', () => everyOrderKeptWhatItWasPaid());
});
