/**
 * The back office's delivery zones on both backends (docs/back-office-delivery.md): who may call them, every rule
 * of a zone and every refusal (nothing changed, no audit row), pasting pincodes (bad ones, new ones without a
 * city, one in another zone named, two zones racing for the same pincodes), removing a pincode or a zone, one
 * audit row per change, and each change live on the shopper's next request: the pincode check, the cart's charge,
 * free delivery, minimum order, window and cash on delivery, and the listing's "deliverable" filter.
 */
import { expect, it } from 'vitest';
import { PincodeCheck, ProductList } from '../../src/contract';
import { BosPincodesAdded, BosZone, BosZoneDetail, BosZoneList, BosZonePincodes, BosZoneRemoved, type BosZoneBody } from '../../src/contract/bos-delivery';
import { indiaDate } from '../../src/lib/india-time';
import { orderKit } from './order-kit';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';

const ADMIN = '9876500003';
const SHOPPER = '9876500001';

let staffCount = 0;
/** A new user with these permissions (an administrator unless said otherwise), signed in. */
async function staffWith(shop: TestShop, permissions: string[], hasAdminAccess = 1): Promise<Visitor & { userId: number }> {
  staffCount += 1;
  const phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(staffCount + 500).padStart(6, '0')}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Zone Staff ${staffCount}`, email: `zones${staffCount}.${phone}@example.com`, phone, has_admin_access: hasAdminAccess, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Object.assign(await signedIn(shop, phone), { userId: id });
}

const put = (v: Visitor, path: string, body: unknown) => v.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const del = (v: Visitor, path: string) => v.request(path, { method: 'DELETE' });

let names = 0;
/** A zone body with a name of its own: ₹40 below ₹600, minimum ₹120, next day, 8–12, COD with the shop's limit. */
const zoneBody = (change: Partial<BosZoneBody> = {}): BosZoneBody => ({
  name: `Test zone ${++names}`,
  charge_paise: 4000,
  free_above_paise: 60_000,
  min_order_paise: 12_000,
  cod_allowed: true,
  cod_limit_paise: null,
  lead_days: 1,
  window_start: '08:00',
  window_end: '12:00',
  warehouse_ids: [],
  ...change,
});

describeApi('back office: delivery zones', (shop) => {
  const { db, freshPack, shopper, add, cartFor } = orderKit(shop);
  let signedInAdmin: Promise<Visitor> | undefined;
  const admin = () => (signedInAdmin ??= signedIn(shop(), ADMIN));
  const warehouse = async (code: string) => (await db().selectFrom('warehouses').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const zoneCount = async () => Number((await db().selectFrom('delivery_zones').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const auditOf = (zoneId: number) => db().selectFrom('staff_audit').selectAll().where('subject_kind', '=', 'zone').where('subject_id', '=', zoneId).orderBy('id').execute();
  const allZoneAudit = async () => Number((await db().selectFrom('staff_audit').select((eb) => eb.fn.countAll().as('n')).where('subject_kind', '=', 'zone').executeTakeFirstOrThrow()).n);
  const zoneOfPincode = async (pincode: string) => (await db().selectFrom('pincodes').select(['zone_id', 'serviceable']).where('pincode', '=', pincode).executeTakeFirst()) ?? null;
  const metroId = async () => (await db().selectFrom('delivery_zones').select('id').where('name', '=', 'Metro').executeTakeFirstOrThrow()).id;

  async function created(v: Visitor, change: Partial<BosZoneBody> = {}): Promise<BosZone> {
    const r = await v.post('/bos/zones', zoneBody(change));
    expect(r.status, await r.clone().text()).toBe(201);
    return BosZone.parse(await r.json());
  }
  async function pasted(v: Visitor, zoneId: number, body: Record<string, unknown>): Promise<BosPincodesAdded> {
    const r = await v.post(`/bos/zones/${zoneId}/pincodes`, body);
    expect(r.status, await r.clone().text()).toBe(200);
    return BosPincodesAdded.parse(await r.json());
  }
  /** A visitor whose session chose this pincode (the pincode dialog's call). */
  async function visitorAt(pincode: string) {
    const v = await shop().visitor().start();
    const r = await v.get(`/check/pincode/${pincode}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return v;
  }

  it('answers 401 signed out and 403 to shoppers, to administrators without delivery:manage and to a non-administrator holding it; nothing changes', async () => {
    const zone = await created(await admin());
    const calls: [string, string, unknown?][] = [
      ['GET', '/bos/zones'],
      ['POST', '/bos/zones', zoneBody()],
      ['GET', `/bos/zones/${zone.id}`],
      ['PUT', `/bos/zones/${zone.id}`, zoneBody({ name: 'Taken over' })],
      ['DELETE', `/bos/zones/${zone.id}`],
      ['GET', `/bos/zones/${zone.id}/pincodes`],
      ['POST', `/bos/zones/${zone.id}/pincodes`, { pincodes: '799001' }],
      ['DELETE', `/bos/zones/${zone.id}/pincodes/799001`],
    ];
    const send = (v: Visitor, [method, path, body]: [string, string, unknown?]) =>
      method === 'GET' ? v.get(path) : method === 'POST' ? v.post(path, body) : method === 'PUT' ? put(v, path, body) : del(v, path);
    const zonesBefore = await zoneCount();
    const auditBefore = await allZoneAudit();
    const signedOut = await shop().visitor().start();
    const people: [string, Visitor, number][] = [
      ['signed out', signedOut, 401],
      ['a shopper', await signedIn(shop(), SHOPPER), 403],
      ['an administrator with order:manage only', await staffWith(shop(), ['order:manage', 'coupon:manage', 'catalogue:manage', 'people:manage']), 403],
      ['a non-administrator holding delivery:manage', await staffWith(shop(), ['delivery:manage'], 0), 403],
    ];
    for (const [who, v, status] of people) {
      for (const call of calls) {
        const r = await send(v, call);
        expect(r.status, `${who}: ${call[0]} ${call[1]}`).toBe(status);
      }
    }
    expect(await zoneCount()).toBe(zonesBefore);
    expect(await allZoneAudit()).toBe(auditBefore);
    expect(await zoneOfPincode('799001')).toEqual({ zone_id: null, serviceable: 0 });
    const kept = BosZoneDetail.parse(await (await (await admin()).get(`/bos/zones/${zone.id}`)).json()).zone;
    expect(kept.name).toBe(zone.name);

    // An administrator holding delivery:manage alone may.
    const clerk = await staffWith(shop(), ['delivery:manage']);
    expect((await clerk.get('/bos/zones')).status).toBe(200);
    expect((await clerk.post('/bos/zones', zoneBody())).status).toBe(201);
  });

  it('makes a zone with every setting, lists and finds it, and writes one audit row', async () => {
    const v = await admin();
    const blr = await warehouse('BLR');
    const zone = await created(v, { name: '  Whitefield Express ', charge_paise: 2500, free_above_paise: 0, min_order_paise: 0, cod_allowed: false, cod_limit_paise: 150_000, lead_days: 0, window_start: '18:00', window_end: '21:30', warehouse_ids: [blr] });
    expect(zone).toEqual({
      id: expect.any(Number), name: 'Whitefield Express', charge_paise: 2500, free_above_paise: 0, min_order_paise: 0, cod_allowed: false, cod_limit_paise: 150_000,
      lead_days: 0, window_start: '18:00', window_end: '21:30', warehouse_ids: [blr], pincode_count: 0,
    });
    const audit = await auditOf(zone.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'zone.created', subject_kind: 'zone', subject_id: zone.id, order_id: null, before_json: 'null' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ name: 'Whitefield Express', charge_paise: 2500, window_start: '18:00', warehouse_ids: [blr] });

    const list = BosZoneList.parse(await (await v.get('/bos/zones?q=whitefield')).json());
    expect(list.data.map((z) => z.id)).toEqual([zone.id]);
    expect(list.warehouses.map((w) => w.code).sort()).toEqual(['BLR', 'DEL', 'MUM']);
    expect(list.default_cod_limit_paise).toBe(500_000);
    // A pincode finds the zone it is in.
    const byPincode = BosZoneList.parse(await (await v.get('/bos/zones?q=560034')).json());
    expect(byPincode.data.map((z) => z.name)).toEqual(['Metro']);
    // Bounded pages.
    expect((await v.get('/bos/zones?perPage=101')).status).toBe(400);
    const first = BosZoneList.parse(await (await v.get('/bos/zones?perPage=1')).json());
    expect(first.data).toHaveLength(1);
    expect(first.meta.total).toBe(await zoneCount());
  });

  it('refuses a bad zone with the field at fault, and makes or changes nothing', async () => {
    const v = await admin();
    const zone = await created(v);
    const zonesBefore = await zoneCount();
    const auditBefore = await allZoneAudit();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ charge_paise: -100 }, 'charge_paise', 'Delivery charge must not be negative'],
      [{ free_above_paise: -1 }, 'free_above_paise', 'Free delivery from must not be negative'],
      [{ min_order_paise: -5000 }, 'min_order_paise', 'Minimum order must not be negative'],
      [{ charge_paise: 12.5 }, 'charge_paise', 'Delivery charge must be a whole number of paise'],
      [{ charge_paise: '40' }, 'charge_paise', 'Delivery charge must be an amount in paise'],
      [{ cod_limit_paise: -1 }, 'cod_limit_paise', 'Cash on delivery limit must not be negative'],
      [{ cod_limit_paise: 50 }, 'cod_limit_paise', 'Cash on delivery limit must be at least ₹1'],
      [{ lead_days: -1 }, 'lead_days', 'Lead days must not be negative'],
      [{ lead_days: 31 }, 'lead_days', 'Lead days must be at most 30'],
      [{ window_start: '7am' }, 'window_start', 'Window start must be a time as HH:MM, 24-hour (07:00, 18:30)'],
      [{ window_start: '13:00', window_end: '09:00' }, 'window_end', 'Window end must be after its start'],
      [{ window_start: '09:00', window_end: '09:00' }, 'window_end', 'Window end must be after its start'],
      [{ name: '   ' }, 'name', 'Zone name is required'],
      [{ name: 'x'.repeat(61) }, 'name', 'Zone name is too long (at most 60 characters)'],
      [{ name: 'Evil\u202ename' }, 'name', 'Zone name must not contain text-direction controls'],
      [{ name: 'metro' }, 'name', 'There is already a zone named metro'],
      [{ warehouse_ids: [9999] }, 'warehouse_ids', 'No such warehouse: #9999'],
      [{ warehouse_ids: [1, 1] }, 'warehouse_ids', 'A warehouse is chosen twice'],
      [{ cod_allowed: 'yes' }, 'cod_allowed', 'Cash on delivery must be true or false'],
    ];
    for (const [change, field, message] of refusals) {
      for (const [what, r] of [
        ['POST', await v.post('/bos/zones', zoneBody(change as Partial<BosZoneBody>))],
        ['PUT', await put(v, `/bos/zones/${zone.id}`, zoneBody({ name: zone.name, ...(change as Partial<BosZoneBody>) }))],
      ] as const) {
        expect(r.status, `${what} ${JSON.stringify(change)}`).toBe(400);
        const body = await r.json();
        expect(body.errors?.[field], `${what} ${JSON.stringify(change)}: ${JSON.stringify(body)}`).toEqual([message]);
      }
    }
    expect(await zoneCount()).toBe(zonesBefore);
    expect(await allZoneAudit()).toBe(auditBefore);
    expect(BosZoneDetail.parse(await (await v.get(`/bos/zones/${zone.id}`)).json()).zone).toEqual(zone);
    expect((await put(v, '/bos/zones/999999', zoneBody())).status).toBe(404);
    expect((await v.get('/bos/zones/999999')).status).toBe(404);
  });

  it('changes a zone with one audit row of before and after; a change to nothing writes none', async () => {
    const v = await admin();
    const zone = await created(v);
    const body = zoneBody({ name: `${zone.name} renamed`, charge_paise: 1500, window_start: '06:30', window_end: '09:00', warehouse_ids: [await warehouse('MUM')] });
    const r = await put(v, `/bos/zones/${zone.id}`, body);
    expect(r.status, await r.clone().text()).toBe(200);
    const after = BosZone.parse(await r.json());
    expect(after).toMatchObject({ name: body.name, charge_paise: 1500, window_start: '06:30', window_end: '09:00', warehouse_ids: body.warehouse_ids });
    const rows = await auditOf(zone.id);
    expect(rows.map((a) => a.action)).toEqual(['zone.created', 'zone.updated']);
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ name: zone.name, charge_paise: 4000, window_start: '08:00', warehouse_ids: [] });
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ name: body.name, charge_paise: 1500, window_start: '06:30' });
    expect((await put(v, `/bos/zones/${zone.id}`, body)).status).toBe(200);
    expect(await auditOf(zone.id)).toHaveLength(2);
  });

  it('adds pasted pincodes: bad ones and new ones without their city are refused whole; one in another zone is refused by name, the rest added', async () => {
    const v = await admin();
    const zone = await created(v);
    const auditBefore = (await auditOf(zone.id)).length;
    const refuse = async (body: Record<string, unknown>, field: string, message: string | RegExp) => {
      const r = await v.post(`/bos/zones/${zone.id}/pincodes`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((await r.json()).errors?.[field]?.[0]).toMatch(message);
    };
    await refuse({ pincodes: '799001, 56000, 0560001, abcdef' }, 'pincodes', 'These are not pincodes (6 digits, not starting with 0): 56000, 0560001, abcdef');
    await refuse({ pincodes: ' , \n ' }, 'pincodes', 'Paste at least one pincode');
    await refuse({ pincodes: '' }, 'pincodes', 'Pincodes is required');
    await refuse({ pincodes: Array.from({ length: 2001 }, (_, i) => String(300_000 + i)).join(' ') }, 'pincodes', 'Paste at most 2,000 pincodes at a time (2,001 pasted)');
    await refuse({ pincodes: '799001 641001\n641002' }, 'city', 'New to the shop: 641001 and 641002. Give the city and state they are in, or leave them out.');
    await refuse({ pincodes: '641001', city: 'Coimbatore', state: 'Tamilnadu' }, 'state', 'State must be one of India’s states and union territories');
    expect(await zoneOfPincode('641001')).toBeNull();
    expect(await zoneOfPincode('799001')).toEqual({ zone_id: null, serviceable: 0 });
    expect(await auditOf(zone.id)).toHaveLength(auditBefore);

    // Separated by commas, spaces and new lines, one written the Indian way, one twice, one in Metro.
    const answer = await pasted(v, zone.id, { pincodes: '799001,744101\n641 001  641002;\t641001\n560001', city: 'Coimbatore', state: 'Tamil Nadu' });
    const metro = await metroId();
    expect(answer.added).toEqual(['641001', '641002', '744101', '799001']);
    expect(answer.already).toEqual([]);
    expect(answer.refused).toEqual([{ pincode: '560001', reason: 'other_zone', zone: { id: metro, name: 'Metro' }, message: '560001 is in zone Metro' }]);
    expect(answer.message).toBe(`4 pincodes added to ${zone.name}. 1 pincode refused: 560001 is in zone Metro.`);
    expect(answer.zone.pincode_count).toBe(4);
    expect(await zoneOfPincode('560001')).toEqual({ zone_id: metro, serviceable: 1 });
    // A new pincode takes the city and state given; a known one keeps its own.
    const rows = await db().selectFrom('pincodes').select(['pincode', 'city', 'state']).where('pincode', 'in', ['641001', '799001']).orderBy('pincode').execute();
    expect(rows).toEqual([{ pincode: '641001', city: 'Coimbatore', state: 'Tamil Nadu' }, { pincode: '799001', city: 'Agartala', state: 'Tripura' }]);
    const audit = await auditOf(zone.id);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)!.action).toBe('zone.pincodes_added');
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ pincode_count: 4, added: ['641001', '641002', '744101', '799001'], new_pincodes: { city: 'Coimbatore', state: 'Tamil Nadu' } });

    // Again: those in it already are said so, and nothing new is audited.
    const again = await pasted(v, zone.id, { pincodes: '641001 641002' });
    expect(again).toMatchObject({ added: [], already: ['641001', '641002'], refused: [] });
    expect(again.message).toBe(`No pincode added to ${zone.name}. 641001 and 641002 were in it already.`);
    expect(await auditOf(zone.id)).toHaveLength(auditBefore + 1);

    const listed = BosZonePincodes.parse(await (await v.get(`/bos/zones/${zone.id}/pincodes?perPage=2`)).json());
    expect(listed).toEqual({ data: [{ pincode: '641001', city: 'Coimbatore', state: 'Tamil Nadu' }, { pincode: '641002', city: 'Coimbatore', state: 'Tamil Nadu' }], meta: { total: 4 } });
    const found = BosZonePincodes.parse(await (await v.get(`/bos/zones/${zone.id}/pincodes?q=agar`)).json());
    expect(found.data.map((p) => p.pincode)).toEqual(['799001']);
    expect((await v.post('/bos/zones/999999/pincodes', { pincodes: '641003', city: 'Coimbatore', state: 'Tamil Nadu' })).status).toBe(404);
    expect(await zoneOfPincode('641003')).toBeNull();
  });

  it('never puts a pincode in two zones: two zones pasting the same pincodes at once share them out, each refused by name', async () => {
    const v = await admin();
    const other = await staffWith(shop(), ['delivery:manage']);
    const a = await created(v);
    const b = await created(v);
    const pincodes = Array.from({ length: 40 }, (_, i) => String(682_001 + i));
    const body = { pincodes: pincodes.join('\n'), city: 'Kochi', state: 'Kerala' };
    const [ra, rb] = await Promise.all([pasted(v, a.id, body), pasted(other, b.id, body)]);
    expect([...ra.added, ...rb.added].sort()).toEqual(pincodes);
    expect(ra.added.filter((p) => rb.added.includes(p))).toEqual([]);
    expect(ra.refused.map((r) => r.pincode).sort()).toEqual(rb.added);
    expect(ra.refused.every((r) => r.zone?.id === b.id && r.message === `${r.pincode} is in zone ${b.name}`)).toBe(true);
    expect(rb.refused.every((r) => r.zone?.id === a.id)).toBe(true);
    const held = await db().selectFrom('pincodes').select(['pincode', 'zone_id']).where('pincode', 'in', pincodes).execute();
    expect(held).toHaveLength(40);
    for (const row of held) expect(row.zone_id).toBe(ra.added.includes(row.pincode) ? a.id : b.id);
  });

  it('removes a pincode, and a zone, each after saying what happens: the pincodes are kept by the shop but no longer delivered', async () => {
    const v = await admin();
    const zone = await created(v, { warehouse_ids: [await warehouse('BLR')] });
    await pasted(v, zone.id, { pincodes: '560100 560102 560103', city: 'Bengaluru', state: 'Karnataka' });
    const shopperAt = await visitorAt('560100');
    expect(PincodeCheck.parse(await (await shopperAt.get('/check/pincode/560102')).json()).serviceable).toBe(true);

    const r = await del(v, `/bos/zones/${zone.id}/pincodes/560102`);
    expect(r.status).toBe(200);
    const removed = BosZoneRemoved.parse(await r.json());
    expect(removed).toMatchObject({ message: `560102 removed from ${zone.name}: it is no longer delivered.`, released: 1 });
    expect(removed.zone!.pincode_count).toBe(2);
    const gone = await shopperAt.get('/check/pincode/560102');
    expect(gone.status).toBe(422);
    expect((await gone.json()).message).toBe('Sorry, we do not deliver to 560102 (Bengaluru) yet');
    const notThere = await del(v, `/bos/zones/${zone.id}/pincodes/560102`);
    expect(notThere.status).toBe(404);
    expect((await notThere.json()).message).toBe(`560102 is not in zone ${zone.name}`);
    expect((await del(v, `/bos/zones/${zone.id}/pincodes/560001`)).status).toBe(404);
    expect(await zoneOfPincode('560001')).toEqual({ zone_id: await metroId(), serviceable: 1 });
    expect((await del(v, `/bos/zones/${zone.id}/pincodes/abc`)).status).toBe(400);

    const d = await del(v, `/bos/zones/${zone.id}`);
    expect(d.status).toBe(200);
    expect(BosZoneRemoved.parse(await d.json())).toEqual({ message: `Zone ${zone.name} removed. Its 2 pincodes are no longer delivered.`, zone: null, released: 2 });
    expect(await zoneOfPincode('560100')).toEqual({ zone_id: null, serviceable: 0 });
    expect(await db().selectFrom('warehouse_zones').selectAll().where('zone_id', '=', zone.id).execute()).toEqual([]);
    expect((await shopperAt.get('/check/pincode/560100')).status).toBe(422);
    expect((await v.get(`/bos/zones/${zone.id}`)).status).toBe(404);
    expect((await del(v, `/bos/zones/${zone.id}`)).status).toBe(404);
    const audit = await auditOf(zone.id);
    expect(audit.map((a) => a.action)).toEqual(['zone.created', 'zone.pincodes_added', 'zone.pincode_removed', 'zone.deleted']);
    expect(JSON.parse(audit[2]!.before_json!)).toEqual({ pincode: '560102', zone_id: zone.id });
    expect(JSON.parse(audit[3]!.before_json!)).toMatchObject({ name: zone.name, pincodes: ['560100', '560103'] });
    expect(audit[3]!.after_json).toBe('null');
    // The freed pincodes can go to another zone.
    const next = await created(v);
    expect((await pasted(v, next.id, { pincodes: '560100' })).added).toEqual(['560100']);
  });

  it("is live on the shopper's next request: the pincode check, charge, free delivery, minimum order, window and cash on delivery", async () => {
    const v = await admin();
    const blr = await warehouse('BLR');
    // A new area, unknown to the shop until pasted in.
    const pincode = '562106';
    const before = await (await shop().visitor().start()).get(`/check/pincode/${pincode}`);
    expect(before.status).toBe(404);
    const body = zoneBody({ charge_paise: 4500, free_above_paise: 100_000, min_order_paise: 5000, lead_days: 2, window_start: '09:00', window_end: '13:00', warehouse_ids: [blr], cod_limit_paise: 200_000 });
    const zone = await created(v, body);
    await pasted(v, zone.id, { pincodes: pincode, city: 'Bengaluru', state: 'Karnataka' });
    const check = await (await shop().visitor().start()).get(`/check/pincode/${pincode}`);
    expect(check.status).toBe(200);
    expect(PincodeCheck.parse(await check.json())).toEqual({ pincode, serviceable: true, city: 'Bengaluru', state: 'Karnataka', message: `Delivering to ${pincode}, Bengaluru` });

    const buyer = await shopper(pincode);
    const p = await freshPack(10_000);
    await db().updateTable('packs').set({ price_paise: 30_000 }).where('id', '=', p.id).execute();
    await add(buyer, p, 1);
    let cart = await cartFor(buyer, buyer.address.id);
    expect(cart).toMatchObject({ amount: 300, delivery_charge: 45, total: 345, serviceable: true, deliveryMessage: 'Add ₹700.00 more for free delivery' });
    expect(cart.delivery_info).toEqual([{ delivery_charge_id: zone.id, charge: 45, free_above: 1000, min_order: 50, message: 'Add ₹700.00 more for free delivery' }]);
    expect(cart.items[0]).toMatchObject({ del_date: indiaDate(new Date(), 2), del_start_time: '9:00 AM', del_end_time: '1:00 PM' });
    expect(cart.paymentMethods.map((m) => m.code)).toEqual(['cod', 'razorpay', 'stripe']);

    // A lower charge and a window moved: the next cart says so.
    const put1 = await put(v, `/bos/zones/${zone.id}`, { ...body, name: zone.name, charge_paise: 2000, window_start: '17:00', window_end: '20:30', lead_days: 1 });
    expect(put1.status).toBe(200);
    cart = await cartFor(buyer, buyer.address.id);
    expect(cart).toMatchObject({ delivery_charge: 20, total: 320 });
    expect(cart.items[0]).toMatchObject({ del_date: indiaDate(new Date(), 1), del_start_time: '5:00 PM', del_end_time: '8:30 PM' });

    // Free delivery from ₹250; a minimum order above the cart; a COD limit below its total; then no COD at all.
    await put(v, `/bos/zones/${zone.id}`, { ...body, name: zone.name, free_above_paise: 25_000 });
    cart = await cartFor(buyer, buyer.address.id);
    expect(cart).toMatchObject({ delivery_charge: 0, total: 300, deliveryMessage: 'Free delivery' });
    await put(v, `/bos/zones/${zone.id}`, { ...body, name: zone.name, min_order_paise: 40_000 });
    cart = await cartFor(buyer, buyer.address.id);
    expect(cart).toMatchObject({ serviceable: false, deliveryMessage: 'Add ₹100.00 more to order (minimum order ₹400.00)' });
    await put(v, `/bos/zones/${zone.id}`, { ...body, name: zone.name, cod_limit_paise: 25_000 });
    cart = await cartFor(buyer, buyer.address.id);
    expect(cart.paymentMethods.map((m) => m.code)).toEqual(['razorpay', 'stripe']);
    expect(cart.unavailablePaymentMethods.map((m) => m.reason)).toEqual(['Cash on delivery is available for orders up to ₹250; please pay online']);
    await put(v, `/bos/zones/${zone.id}`, { ...body, name: zone.name, cod_allowed: false });
    cart = await cartFor(buyer, buyer.address.id);
    expect(cart.unavailablePaymentMethods.map((m) => m.reason)).toEqual(['Cash on delivery is not available at this address; please pay online']);
    // Back to the shop's own limit (₹5,000): COD again.
    await put(v, `/bos/zones/${zone.id}`, { ...body, name: zone.name, cod_limit_paise: null });
    expect((await cartFor(buyer, buyer.address.id)).paymentMethods.map((m) => m.code)).toEqual(['cod', 'razorpay', 'stripe']);

    // The pincode taken out: the cart no longer delivers there.
    await del(v, `/bos/zones/${zone.id}/pincodes/${pincode}`);
    cart = await cartFor(buyer, buyer.address.id);
    expect(cart).toMatchObject({ serviceable: false, delivery_charge: 0, deliveryMessage: `Sorry, we do not deliver to ${pincode} yet` });
  });

  it("follows the zone's warehouses in the listing's deliverable filter and the cards, on the next request", async () => {
    const v = await admin();
    const [blr, mum] = [await warehouse('BLR'), await warehouse('MUM')];
    const zone = await created(v, { warehouse_ids: [blr], lead_days: 1 });
    await pasted(v, zone.id, { pincodes: '403001', city: 'Panaji', state: 'Goa' });
    const shopperAt = await visitorAt('403001');
    /** Active products with a pack from one of these warehouses, from the tables. */
    const countFrom = async (ids: number[]) =>
      Number(
        (
          await db()
            .selectFrom('products as p')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('p.is_active', '=', 1)
            .where(({ exists, selectFrom }) => exists(selectFrom('packs as pk').select('pk.id').whereRef('pk.product_id', '=', 'p.id').where('pk.warehouse_id', 'in', ids)))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deliverable = async () => ProductList.parse(await (await shopperAt.get('/products?deliverable=1&perPage=1')).json()).meta.total;
    expect(await deliverable()).toBe(await countFrom([blr]));
    const r = await put(v, `/bos/zones/${zone.id}`, zoneBody({ name: zone.name, warehouse_ids: [mum] }));
    expect(r.status).toBe(200);
    expect(await deliverable()).toBe(await countFrom([mum]));
    expect(await countFrom([mum])).not.toBe(await countFrom([blr]));
    // A card of a Bengaluru pack is no longer deliverable there; a Mumbai one is, in the zone's window.
    const packFrom = (id: number) => db().selectFrom('packs as pk').innerJoin('products as p', 'p.id', 'pk.product_id').select(['p.slug', 'pk.id']).where('pk.warehouse_id', '=', id).where('p.is_active', '=', 1).orderBy('pk.id').executeTakeFirstOrThrow();
    const deliveryOf = async (pack: { slug: string; id: number }) =>
      ((await (await shopperAt.get(`/products/${pack.slug}`)).json()) as { packs: { pack_id: number; delivery?: unknown }[] }).packs.find((x) => x.pack_id === pack.id)!.delivery;
    expect(await deliveryOf(await packFrom(blr))).toEqual({ deliverable: false, date: null, start: null, end: null });
    expect(await deliveryOf(await packFrom(mum))).toEqual({ deliverable: true, date: indiaDate(new Date(), 2), start: '8:00 AM', end: '12:00 PM' });
    // No warehouse at all: the pincode is delivered to, but nothing reaches it.
    await put(v, `/bos/zones/${zone.id}`, zoneBody({ name: zone.name, warehouse_ids: [] }));
    expect(await deliverable()).toBe(0);
  });

  it("raises the page generation with every zone change (the new columns included), so the page cache follows", async () => {
    const v = await admin();
    const generation = async () => Number((await db().selectFrom('page_generation').select('generation').where('id', '=', 1).executeTakeFirstOrThrow()).generation);
    const zone = await created(v);
    const g0 = await generation();
    await put(v, `/bos/zones/${zone.id}`, zoneBody({ name: zone.name, window_end: '12:30' }));
    const g1 = await generation();
    expect(g1).toBeGreaterThan(g0);
    await put(v, `/bos/zones/${zone.id}`, zoneBody({ name: zone.name, window_end: '12:30', cod_limit_paise: 99_900 }));
    expect(await generation()).toBeGreaterThan(g1);
    // Reading a zone, or a paste that adds nothing (the zone's row taken all the same), raises nothing.
    const g2 = await generation();
    await v.get(`/bos/zones/${zone.id}`);
    expect((await pasted(v, zone.id, { pincodes: '560001' })).added).toEqual([]);
    expect(await generation()).toBe(g2);
  });

  it("lists the zones' windows in the order queue's filters", async () => {
    const v = await admin();
    await created(v, { window_start: '16:00', window_end: '19:00' });
    const r = await v.get('/bos/orders/filters');
    expect(r.status).toBe(200);
    const { windows } = (await r.json()) as { windows: { start: string; end: string }[] };
    expect(windows).toEqual(expect.arrayContaining([{ start: '7:00 AM', end: '11:00 AM' }, { start: '4:00 PM', end: '7:00 PM' }]));
    expect(windows.map((w) => w.start).indexOf('7:00 AM')).toBeLessThan(windows.map((w) => w.start).indexOf('4:00 PM'));
  });

});
