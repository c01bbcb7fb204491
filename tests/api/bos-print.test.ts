/**
 * The back office's printouts on both backends: the pick list adds up every confirmed order's packs for one
 * delivery date, window and warehouse (and nothing else), less what was refunded; packing slips carry what the
 * packer and the rider need; who may read them; and a bad address is a 400.
 */
import { expect, it } from 'vitest';
import { BosPackingSlips, BosPickList } from '../../src/contract/bos-print';
import { PaymentStarted } from '../../src/contract/payment';
import { orderKit, type Pack } from './order-kit';
import { press } from './payment-kit';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';

const ADMIN = '9876500003';
const SHOPPER = '9876500001';
const AGENT = '9876500002';
/** A delivery day no seeded or other test's order has, so the lists hold only this file's orders. */
const DAY = '2031-01-15';
const MORNING = '7:00 AM';

let staffCount = 0;
async function staffWith(shop: TestShop, permissions: string[], hasAdminAccess = 1): Promise<Visitor> {
  staffCount += 1;
  const phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(staffCount).padStart(6, '0')}`;
  await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Printer ${staffCount}`, email: `printer${staffCount}.${phone}@example.com`, phone, has_admin_access: hasAdminAccess, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .execute();
  return signedIn(shop, phone);
}

describeApi('back office: pick list and packing slips', (shop) => {
  const { db, freshPack, shopper, add, placed } = orderKit(shop);
  let signedInAdmin: Promise<Visitor> | undefined;
  const admin = () => (signedInAdmin ??= signedIn(shop(), ADMIN));

  /** Places an order of these packs (cash on delivery, or paid online) and moves it to a status; its lines due on a day. */
  async function order(packs: [Pack, number][], opts: { status?: 'placed' | 'confirmed' | 'packed'; day?: string; window?: string; paid?: boolean; note?: string } = {}) {
    const v = await shopper();
    for (const [p, quantity] of packs) await add(v, p, quantity);
    const created = await placed(v, opts.paid ? 'razorpay' : 'cod', opts.note ? { note: opts.note } : {});
    if (opts.paid) {
      const started = PaymentStarted.parse(await (await v.post('/payments/razorpay/start', { order_id: created.id })).json());
      await press(shop(), started.hosted_url!, 'succeed');
    }
    await db().updateTable('order_lines').set({ del_date: opts.day ?? DAY, del_start_time: opts.window ?? MORNING, del_end_time: '11:00 AM' }).where('order_id', '=', created.id).execute();
    const a = await admin();
    const status = opts.status ?? 'confirmed';
    for (const to of status === 'placed' ? [] : status === 'confirmed' ? ['confirmed'] : ['confirmed', 'packed']) {
      const r = await a.post(`/bos/orders/${created.id}/status`, { to });
      expect(r.status, await r.clone().text()).toBe(200);
    }
    return { ...created, v };
  }
  const pickList = async (v: Visitor, query: string) => {
    const r = await v.get(`/bos/pick-list?${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return BosPickList.parse(await r.json());
  };
  const slips = async (v: Visitor, query: string) => {
    const r = await v.get(`/bos/packing-slips?${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return BosPackingSlips.parse(await r.json());
  };

  it('adds up every confirmed order\'s packs of one date, window and warehouse, by category then name; and lists the orders', async () => {
    const [rice, dal, oil] = [await freshPack(10_000), await freshPack(10_000), await freshPack(10_000)];
    const a = await order([[rice, 2], [dal, 1]]);
    const b = await order([[rice, 3], [oil, 4]]);
    // Not on the list: placed (not confirmed yet), packed already, another window, another day.
    await order([[rice, 5]], { status: 'placed' });
    await order([[rice, 6]], { status: 'packed' });
    const evening = await order([[dal, 7]], { window: '4:00 PM' });
    await order([[oil, 8]], { day: '2031-01-16' });
    const warehouse = rice.warehouse_id;

    const list = await pickList(await admin(), `date=${DAY}&window=${encodeURIComponent(MORNING)}&warehouse=${warehouse}`);
    expect(list.date).toBe(DAY);
    expect(list.window).toBe(MORNING);
    expect(list.warehouse).toMatchObject({ id: warehouse, code: 'BLR' });
    const qty = Object.fromEntries(list.packs.map((p) => [p.pack_id, [p.quantity, p.orders]]));
    expect(qty).toEqual({ [rice.id]: [5, 2], [dal.id]: [1, 1], [oil.id]: [4, 1] });
    expect(list.total_quantity).toBe(10);
    expect(list.orders.map((o) => o.id).toSorted()).toEqual([a.id, b.id].toSorted());
    expect(list.orders[0]!.delivery).toEqual({ date: DAY, start: MORNING, end: '11:00 AM' });
    // Each pack's name and size as ordered, and its product's category.
    for (const p of list.packs) {
      const row = await db()
        .selectFrom('order_lines as l')
        .innerJoin('packs as pk', 'pk.id', 'l.pack_id')
        .innerJoin('products as pr', 'pr.id', 'pk.product_id')
        .innerJoin('categories as c', 'c.id', 'pr.category_id')
        .select(['l.name', 'l.pack', 'c.name as category'])
        .where('l.pack_id', '=', p.pack_id)
        .where('l.order_id', 'in', [a.id, b.id])
        .executeTakeFirstOrThrow();
      expect(p).toMatchObject({ name: row.name, pack: row.pack, category: row.category, warehouse_id: warehouse });
    }
    const order_ = list.packs.map((p) => [p.category, p.name]);
    expect(order_).toEqual(order_.toSorted((x, y) => x[0]!.localeCompare(y[0]!, 'en-IN') || x[1]!.localeCompare(y[1]!, 'en-IN')));

    // Every window of the day: the evening order too.
    const day = await pickList(await admin(), `date=${DAY}`);
    expect(day.window).toBeNull();
    expect(day.warehouse).toBeNull();
    expect(day.packs.find((p) => p.pack_id === dal.id)).toMatchObject({ quantity: 8, orders: 2 });
    expect(day.orders.map((o) => o.id)).toContain(evening.id);
    expect(day.total_quantity).toBe(17);

    // A line from another warehouse is on that warehouse's list, not this one's.
    const other = await db().selectFrom('warehouses').select('id').where('id', '!=', warehouse).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('order_lines').set({ warehouse_id: other.id }).where('order_id', '=', b.id).where('pack_id', '=', oil.id).execute();
    const here = await pickList(await admin(), `date=${DAY}&window=${encodeURIComponent(MORNING)}&warehouse=${warehouse}`);
    expect(here.packs.map((p) => p.pack_id).toSorted()).toEqual([rice.id, dal.id].toSorted());
    expect(here.total_quantity).toBe(6);
    const there = await pickList(await admin(), `date=${DAY}&window=${encodeURIComponent(MORNING)}&warehouse=${other.id}`);
    expect(there.packs.map((p) => [p.pack_id, p.quantity])).toEqual([[oil.id, 4]]);
    expect(there.orders.map((o) => o.id)).toEqual([b.id]);

    // An empty day is an empty list.
    expect(await pickList(await admin(), 'date=2031-02-01')).toMatchObject({ packs: [], orders: [], total_quantity: 0 });
  });

  it('picks what an order still holds: a refunded line\'s units are left out', async () => {
    const day = '2031-01-20';
    const [ghee, jam] = [await freshPack(5_000), await freshPack(5_000)];
    const paid = await order([[ghee, 3], [jam, 1]], { paid: true, day });
    const line = await db().selectFrom('order_lines').select('id').where('order_id', '=', paid.id).where('pack_id', '=', ghee.id).executeTakeFirstOrThrow();
    const jamLine = await db().selectFrom('order_lines').select('id').where('order_id', '=', paid.id).where('pack_id', '=', jam.id).executeTakeFirstOrThrow();
    const r = await (await admin()).post(`/bos/orders/${paid.id}/refunds`, { lines: [{ line_id: line.id, quantity: 1 }, { line_id: jamLine.id, quantity: 1 }], reason: 'Short-picked' });
    expect(r.status, await r.clone().text()).toBe(201);
    const list = await pickList(await admin(), `date=${day}`);
    expect(list.packs.map((p) => [p.pack_id, p.quantity])).toEqual([[ghee.id, 2]]);
    const [slip] = (await slips(await admin(), `ids=${paid.id}`)).data;
    expect(slip!.lines.map((l) => [l.pack_id, l.quantity])).toEqual([[ghee.id, 2]]);
    // Paid online: nothing to collect at the door.
    expect(slip).toMatchObject({ payment_method: 'razorpay', collect_paise: 0 });
  });

  it('gives a packing slip per order: the shopper, the address, the window, the lines, the note and the cash to collect', async () => {
    const day = '2031-01-22';
    const [atta, salt] = [await freshPack(10_000), await freshPack(10_000)];
    const a = await order([[atta, 2], [salt, 1]], { day, note: 'Ring the bell twice' });
    const b = await order([[salt, 4]], { day, window: '4:00 PM' });
    const waiting = await order([[atta, 1]], { day, status: 'placed' });

    const byIds = await slips(await admin(), `ids=${b.id},${a.id},${waiting.id}`);
    expect(byIds.meta.total).toBe(3);
    // A placed order has its slip too when asked for by id.
    expect(byIds.data.map((s) => s.id).toSorted()).toEqual([a.id, b.id, waiting.id].toSorted());
    const slipA = byIds.data.find((s) => s.id === a.id)!;
    const orderA = await db().selectFrom('orders').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    const user = await db().selectFrom('users').select(['name', 'phone']).where('id', '=', orderA.user_id).executeTakeFirstOrThrow();
    expect(slipA).toMatchObject({
      ordernumber: a.ordernumber,
      status: 'confirmed',
      customer: { name: user.name, phone: user.phone },
      address: { pincode: '560001', line1: a.v.address.line1, city: a.v.address.city },
      deliveries: [{ date: day, start: MORNING, end: '11:00 AM' }],
      note: 'Ring the bell twice',
      payment_method: 'cod',
      total_paise: orderA.total_paise,
      collect_paise: orderA.total_paise,
    });
    expect(slipA.lines.map((l) => [l.pack_id, l.quantity])).toEqual([[atta.id, 2], [salt.id, 1]]);

    // By the day: confirmed orders only, each window or one.
    expect((await slips(await admin(), `date=${day}`)).data.map((s) => s.id).toSorted()).toEqual([a.id, b.id].toSorted());
    const evening = await slips(await admin(), `date=${day}&window=${encodeURIComponent('4:00 PM')}&warehouse=${salt.warehouse_id}`);
    expect(evening.data.map((s) => s.ordernumber)).toEqual([b.ordernumber]);
    expect(evening.meta.total).toBe(1);
    expect(await slips(await admin(), 'date=2031-02-02')).toEqual({ data: [], meta: { total: 0 } });

    // An order that is not this website's, or none: 404 naming it.
    const missing = await (await admin()).get(`/bos/packing-slips?ids=${a.id},999999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Order not found: 999999' });
  });

  it('answers 401 signed out and 403 to shoppers, agents and administrators without an order permission; order:view reads', async () => {
    const paths = [`/bos/pick-list?date=${DAY}`, '/bos/packing-slips?ids=1'];
    const visitor = await shop().visitor().start();
    for (const path of paths) {
      const r = await visitor.get(path);
      expect(r.status, path).toBe(401);
      expect(await r.json()).toMatchObject({ message: 'Please log in to continue' });
    }
    for (const v of [await signedIn(shop(), SHOPPER), await signedIn(shop(), AGENT), await staffWith(shop(), ['website_setting:view']), await staffWith(shop(), ['order:view'], 0)]) {
      for (const path of paths) {
        const r = await v.get(path);
        expect(r.status, path).toBe(403);
        expect(await r.json()).toMatchObject({ message: 'You do not have permission to do this' });
      }
    }
    const viewer = await staffWith(shop(), ['order:view']);
    expect((await viewer.get(`/bos/pick-list?date=${DAY}`)).status).toBe(200);
    expect((await viewer.get(`/bos/packing-slips?date=${DAY}`)).status).toBe(200);
  });

  it('publishes both calls in the OpenAPI document under the bos tag', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    for (const path of ['/bos/pick-list', '/bos/packing-slips']) {
      expect(doc.paths[`/s/api${path}`]?.get?.tags, path).toEqual(['bos']);
      expect(doc.paths[`/s/api${path}`].get.parameters.map((p: { name: string }) => p.name).toSorted(), path).toEqual(path === '/bos/pick-list' ? ['date', 'warehouse', 'window'] : ['date', 'ids', 'warehouse', 'window']);
    }
  });

  it('answers a bad address 400, saying what is wrong', async () => {
    const a = await admin();
    const bad: [string, RegExp][] = [
      ['/bos/pick-list', /date/],
      ['/bos/pick-list?date=15-01-2031', /date must be YYYY-MM-DD/],
      ['/bos/pick-list?date=2031-01-15&warehouse=0', /warehouse/i],
      ['/bos/pick-list?date=2031-01-15&warehouse=99999', /No such warehouse/],
      [`/bos/pick-list?date=2031-01-15&window=${'9'.repeat(21)}`, /Window/],
      ['/bos/packing-slips', /Give either ids or a date/],
      ['/bos/packing-slips?ids=1&date=2031-01-15', /Give either ids or a date/],
      ['/bos/packing-slips?ids=1,x', /ids must be order ids separated by commas/],
      ['/bos/packing-slips?ids=0', /ids must be order ids/],
      [`/bos/packing-slips?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`, /At most 200 orders at once/],
      ['/bos/packing-slips?ids=1&window=7:00%20AM', /window and warehouse go with a date/],
      ['/bos/packing-slips?date=2031-1-5', /date must be YYYY-MM-DD/],
    ];
    for (const [path, message] of bad) {
      const r = await a.get(path);
      expect(r.status, path).toBe(400);
      expect(JSON.stringify(await r.json()), path).toMatch(message);
    }
  });
});
