/**
 * The back office's coupons (docs/back-office-coupons.md): who may, every rule and refusal of a coupon's form, the
 * audit row of each change, that each change holds on the shopper's very next cart call, and the usage figures
 * (uses, customers, discount given, uses left) counted from the orders as the shop's limits count them.
 */
import { expect, it } from 'vitest';
import { Cart, Message } from '../../src/contract';
import { BosCouponDetail, BosCouponList, BosCouponOrders } from '../../src/contract/bos-coupons';
import { formatRupees, toRupees } from '../../src/lib/money';
import { orderKit } from './order-kit';
import { describeApi, newShopper, signedIn, type Visitor } from './shop';

/** The seeded administrator, Meera Iyer (coupon:manage among her permissions). */
const ADMIN = '9876500003';
const DAY = 86_400_000;

describeApi('coupons in the back office', (shop) => {
  const { db, freshPack, shopper, add, placed } = orderKit(shop);
  let staff: Visitor | undefined;
  const admin = async () => (staff ??= await signedIn(shop(), ADMIN));
  const put = (v: Visitor, path: string, body: unknown) => v.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const del = (v: Visitor, path: string) => v.request(path, { method: 'DELETE' });
  const audit = (code: string) =>
    db()
      .selectFrom('staff_audit as a')
      .innerJoin('coupons as c', 'c.id', 'a.subject_id')
      .select(['a.action', 'a.subject_kind', 'a.before_json', 'a.after_json', 'a.user_id'])
      .where('a.subject_kind', '=', 'coupon')
      .where('c.code', '=', code)
      .orderBy('a.id')
      .execute();
  const auditCount = async () => Number((await db().selectFrom('staff_audit').select((eb) => eb.fn.countAll().as('n')).where('subject_kind', '=', 'coupon').executeTakeFirstOrThrow()).n);
  const couponCount = async () => Number((await db().selectFrom('coupons').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  let made = 0;
  /** A coupon's body with a code no other test uses: ₹40 off anything, no limits. */
  const body = (extra: Record<string, unknown> = {}) => ({ code: `TEST-${++made}${shop().backend === 'sqlite' ? 'S' : 'P'}`, kind: 'flat', value: 4000, ...extra });
  async function create(extra: Record<string, unknown> = {}) {
    const r = await (await admin()).post('/bos/coupons', body(extra));
    expect(r.status, await r.clone().text()).toBe(201);
    return BosCouponDetail.parse(await r.json());
  }
  async function refusal(r: Response, status: number) {
    const answer = await r.json();
    expect(r.status, JSON.stringify(answer)).toBe(status);
    return answer as { message: string; errors?: Record<string, string[]> };
  }

  it('is for coupon:manage only: 401 signed out, 403 for a shopper and for an administrator without it', async () => {
    const { id } = await db()
      .insertInto('users')
      .values({ name: 'Order Clerk', email: 'clerk.coupons@example.com', phone: '9876511111', has_admin_access: 1, permissions_json: JSON.stringify(['order:manage']), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(0);
    const before = await couponCount();
    const calls = (v: Visitor) => [
      v.get('/bos/coupons'),
      v.post('/bos/coupons', body()),
      v.get('/bos/coupons/SAVE10'),
      put(v, '/bos/coupons/SAVE10', body({ code: 'SAVE10' })),
      v.post('/bos/coupons/SAVE10/active', { active: false }),
      del(v, '/bos/coupons/NAMASTE20'),
      v.get('/bos/coupons/SAVE10/orders'),
    ];
    const out = await shop().visitor().start();
    for (const r of await Promise.all(calls(out))) expect((await refusal(r, 401)).message).toBe('Please log in to continue');
    for (const who of [await newShopper(shop()), await signedIn(shop(), '9876511111')]) {
      for (const r of await Promise.all(calls(who))) expect((await refusal(r, 403)).message).toBe('You do not have permission to do this');
    }
    expect(await couponCount()).toBe(before);
    expect((await db().selectFrom('coupons').select('is_active').where('code', '=', 'SAVE10').executeTakeFirstOrThrow()).is_active).toBe(1);
  });

  it('lists the seeded coupons by where they stand, searches code and description, filters and pages', async () => {
    const v = await admin();
    const list = BosCouponList.parse(await (await v.get('/bos/coupons?perPage=100')).json());
    const status = Object.fromEntries(list.data.map((c) => [c.code, c.status]));
    expect(status).toMatchObject({ DIWALI100: 'expired', NEWYEAR25: 'scheduled', SAVE10: 'active', LASTONE: 'active', DAIRY15: 'active' });
    expect(list.meta.counts.all).toBe(list.meta.total);
    expect(list.meta.counts.expired).toBeGreaterThanOrEqual(1);
    const dairy = list.data.find((c) => c.code === 'DAIRY15')!;
    expect(dairy).toMatchObject({ kind: 'percent', value: 15, max_discount_paise: 7500, category: { name: 'Dairy & Bakery' }, brand: null, active: true, uses_left: null });
    expect(list.data.find((c) => c.code === 'SPARKLE20')!.brand).toMatchObject({ name: 'Sparkle Home' });

    const found = BosCouponList.parse(await (await v.get('/bos/coupons?q=diw')).json());
    expect(found.data.map((c) => c.code)).toEqual(['DIWALI100']);
    // The description is searched too, whatever its case; LIKE's wildcards are taken as they are.
    expect(BosCouponList.parse(await (await v.get(`/bos/coupons?q=${encodeURIComponent('ONE USE LEFT')}`)).json()).data.map((c) => c.code)).toEqual(['LASTONE']);
    expect(BosCouponList.parse(await (await v.get('/bos/coupons?q=%25')).json()).data.map((c) => c.code)).toEqual(
      expect.arrayContaining(['SAVE10', 'DAIRY15', 'SPARKLE20', 'NEWYEAR25']),
    );
    expect(BosCouponList.parse(await (await v.get('/bos/coupons?q=_')).json()).meta.total).toBe(0);

    const scheduled = BosCouponList.parse(await (await v.get('/bos/coupons?status=scheduled')).json());
    expect(scheduled.data.every((c) => c.status === 'scheduled')).toBe(true);
    expect(scheduled.meta.total).toBe(scheduled.meta.counts.scheduled);
    const pageOne = BosCouponList.parse(await (await v.get('/bos/coupons?perPage=2')).json());
    const pageTwo = BosCouponList.parse(await (await v.get('/bos/coupons?perPage=2&page=2')).json());
    expect(pageOne.data).toHaveLength(2);
    expect(pageTwo.data[0]!.id).toBeLessThan(pageOne.data[1]!.id);
    expect((await refusal(await v.get('/bos/coupons?perPage=101'), 400)).message).toBe('perPage must be a whole number from 1 to 100');
    expect((await refusal(await v.get('/bos/coupons?status=live'), 400)).errors).toHaveProperty('status');
  });

  it('makes a coupon from every rule, with the code as the shop applies it, and writes one audit row', async () => {
    const starts = new Date(Date.now() - DAY);
    const ends = new Date(Date.now() + 30 * DAY);
    const dairy = (await db().selectFrom('categories').select('id').where('name', '=', 'Dairy & Bakery').executeTakeFirstOrThrow()).id;
    const r = await (await admin()).post('/bos/coupons', {
      code: '  diwali-dhamaka ',
      description: 'Diwali: 10% off dairy',
      kind: 'percent',
      value: 10,
      max_discount_paise: 10000,
      min_cart_paise: 49900,
      starts_at: starts.toISOString().replace('Z', '+00:00'),
      ends_at: ends.toISOString(),
      usage_limit: 500,
      per_user_limit: 1,
      first_order_only: true,
      category_id: dairy,
    });
    expect(r.status, await r.clone().text()).toBe(201);
    const coupon = BosCouponDetail.parse(await r.json());
    expect(coupon).toMatchObject({
      code: 'DIWALI-DHAMAKA', kind: 'percent', value: 10, max_discount_paise: 10000, min_cart_paise: 49900, starts_at: starts.toISOString(), ends_at: ends.toISOString(),
      usage_limit: 500, per_user_limit: 1, first_order_only: true, category: { id: dairy, name: 'Dairy & Bakery' }, brand: null, active: true, status: 'active',
      uses: 0, uses_left: 500, discount_given_paise: 0, used: false, customers: 0, orders_total: 0, locked: [],
    });
    // Stored as the shop stores it: upper case, and moments in UTC as toISOString writes them (the cart compares them as text).
    expect(await db().selectFrom('coupons').select(['code', 'starts_at', 'first_order_only', 'is_active']).where('id', '=', coupon.id).executeTakeFirstOrThrow()).toEqual({
      code: 'DIWALI-DHAMAKA', starts_at: starts.toISOString(), first_order_only: 1, is_active: 1,
    });
    const rows = await audit('DIWALI-DHAMAKA');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'coupon.created', subject_kind: 'coupon', before_json: null });
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ code: 'DIWALI-DHAMAKA', kind: 'percent', value: 10, category_id: dairy, first_order_only: true });
  });

  it('refuses every broken rule with the field that broke it, and changes nothing', async () => {
    const v = await admin();
    const [coupons, audits] = [await couponCount(), await auditCount()];
    const fields = async (extra: Record<string, unknown>, status = 400) => (await refusal(await v.post('/bos/coupons', body(extra)), status)).errors;
    expect(await fields({ code: 'save10' }, 409)).toEqual({ code: ['A coupon with the code SAVE10 already exists'] });
    expect(await fields({ code: 'DIWALI 100' })).toEqual({ code: ['Code may have only letters, digits and single hyphens between them (like DIWALI-100)'] });
    expect(await fields({ code: 'AB' })).toEqual({ code: ['Code must be 3 to 40 characters'] });
    expect(await fields({ code: '' })).toEqual({ code: ['Code is required'] });
    expect(await fields({ kind: 'percent', value: 101 })).toEqual({ value: ['The percentage must be a whole number from 1 to 100'] });
    expect(await fields({ kind: 'percent', value: 0 })).toEqual({ value: ['The percentage must be a whole number from 1 to 100'] });
    expect(await fields({ value: 50 })).toEqual({ value: ['The discount must be from ₹1 to ₹1,00,000'] });
    expect(await fields({ value: 40.5 })).toEqual({ value: ['Enter the discount'] });
    expect(await fields({ max_discount_paise: 5000 })).toEqual({ max_discount_paise: ['A cap is only for a percentage off'] });
    expect(await fields({ min_cart_paise: -1 })).toEqual({ min_cart_paise: ['The minimum cart must be from ₹0 to ₹10,00,000'] });
    const start = new Date(Date.now() + DAY).toISOString();
    expect(await fields({ starts_at: start, ends_at: start })).toEqual({ ends_at: ['The end must be after the start'] });
    expect(await fields({ starts_at: '1 Dec 2026' })).toEqual({ starts_at: ['Enter a date and time'] });
    expect(await fields({ ends_at: new Date(Date.now() - 60_000).toISOString() }, 422)).toEqual({ ends_at: ['The end has passed: choose a later end'] });
    expect(await fields({ usage_limit: 0 })).toEqual({ usage_limit: ['Uses in all must be a whole number from 1'] });
    expect(await fields({ usage_limit: 2, per_user_limit: 3 })).toEqual({ per_user_limit: ['Uses per customer cannot be more than uses in all'] });
    expect(await fields({ category_id: 1, brand_id: 1 })).toEqual({ brand_id: ['Keep it to a category or a brand, not both'] });
    expect(await fields({ category_id: 999_999 }, 422)).toEqual({ category_id: ['That category no longer exists'] });
    expect(await fields({ brand_id: 999_999 }, 422)).toEqual({ brand_id: ['That brand no longer exists'] });
    expect(await couponCount()).toBe(coupons);
    expect(await auditCount()).toBe(audits);
  });

  it('gives a code to one of two people making it at once (the unique index), in any case', async () => {
    const v = await admin();
    const code = body().code;
    const answers = await Promise.all([v.post('/bos/coupons', body({ code })), v.post('/bos/coupons', body({ code: code.toLowerCase() }))]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await refused.json()).errors).toEqual({ code: [`A coupon with the code ${code} already exists`] });
    expect(await audit(code)).toHaveLength(1);
  });

  it('holds every change on the shopper’s next cart call: the rules, the window, switched off and on', async () => {
    const coupon = await create({ value: 5000 });
    const pack = await freshPack(30_000, 100);
    const v = await shopper();
    await add(v, pack, 1);
    const apply = async () => {
      const r = await v.post('/apply/coupon', { code: coupon.code.toLowerCase() });
      return [r.status, r.status === 200 ? Cart.parse(await r.json()).discount : (await r.json()).message];
    };
    expect(await apply()).toEqual([200, 50]);
    const v2 = await admin();
    const change = async (extra: Record<string, unknown>) => {
      const r = await put(v2, `/bos/coupons/${coupon.code}`, { ...body({ code: coupon.code, value: 5000 }), ...extra });
      expect(r.status, await r.clone().text()).toBe(200);
      return BosCouponDetail.parse(await r.json());
    };
    // A larger discount: the cart already holding the coupon is priced with it on its next read.
    await change({ value: 7000 });
    expect(Cart.parse(await (await v.get('/cart')).json()).discount).toBe(70);
    // A minimum above the cart: the cart keeps the code, says why, and gives nothing.
    await change({ min_cart_paise: pack.price_paise + 100 });
    const held = Cart.parse(await (await v.get('/cart')).json());
    expect(held.discount).toBe(0);
    expect(held.message).toBe(`${coupon.code}: Minimum cart value is ${formatRupees(toRupees(pack.price_paise + 100)).replace(/\.00$/, '')}`);
    // A window that starts tomorrow.
    await change({ starts_at: new Date(Date.now() + DAY).toISOString() });
    expect(await apply()).toEqual([400, 'This coupon is not active yet']);
    expect((await change({})).status).toBe('active');
    expect(await apply()).toEqual([200, 50]);
    // Switched off: refused at once, and the cart holding it gives nothing; on again: it applies.
    const off = await v2.post(`/bos/coupons/${coupon.code}/active`, { active: false });
    expect(BosCouponDetail.parse(await off.json())).toMatchObject({ active: false, status: 'off' });
    expect(Cart.parse(await (await v.get('/cart')).json())).toMatchObject({ discount: 0, message: `${coupon.code}: This coupon is no longer available` });
    expect(await apply()).toEqual([400, 'This coupon is no longer available']);
    expect((await (await v2.post(`/bos/coupons/${coupon.code}/active`, { active: true })).json()).status).toBe('active');
    expect(await apply()).toEqual([200, 50]);

    const rows = await audit(coupon.code);
    expect(rows.map((r) => r.action)).toEqual(['coupon.created', 'coupon.updated', 'coupon.updated', 'coupon.updated', 'coupon.updated', 'coupon.switched_off', 'coupon.switched_on']);
    expect([JSON.parse(rows[1]!.before_json!), JSON.parse(rows[1]!.after_json!)]).toEqual([{ value: 5000 }, { value: 7000 }]);
    expect([JSON.parse(rows[2]!.before_json!), JSON.parse(rows[2]!.after_json!)]).toEqual([{ value: 7000, min_cart_paise: 0 }, { value: 5000, min_cart_paise: pack.price_paise + 100 }]);
    expect([JSON.parse(rows[5]!.before_json!), JSON.parse(rows[5]!.after_json!)]).toEqual([{ active: true }, { active: false }]);
    // The same again changes nothing and writes nothing.
    await change({});
    await v2.post(`/bos/coupons/${coupon.code}/active`, { active: true });
    expect(await audit(coupon.code)).toHaveLength(7);
  });

  it('counts uses from the orders: uses, customers, discount given and uses left; a cancelled order gives its use back', async () => {
    const coupon = await create({ value: 2500, usage_limit: 5 });
    const pack = await freshPack(20_000, 100);
    const [a, b] = [await shopper(), await shopper()];
    const orders = [];
    for (const v of [a, b, a]) {
      await add(v, pack, 1);
      expect((await v.post('/apply/coupon', { code: coupon.code })).status).toBe(200);
      orders.push(await placed(v));
    }
    expect((await a.post(`/order/cancel/${orders[2]!.id}`, {})).status).toBe(200);
    const v = await admin();
    const detail = BosCouponDetail.parse(await (await v.get(`/bos/coupons/${coupon.code.toLowerCase()}`)).json());
    expect(detail).toMatchObject({ uses: 2, uses_left: 3, discount_given_paise: 5000, customers: 2, orders_total: 3, used: true, locked: ['code', 'kind'], status: 'active' });
    const listed = BosCouponList.parse(await (await v.get(`/bos/coupons?q=${coupon.code}`)).json()).data[0]!;
    expect(listed).toMatchObject({ code: coupon.code, uses: 2, uses_left: 3, discount_given_paise: 5000, used: true });
    const used = BosCouponOrders.parse(await (await v.get(`/bos/coupons/${coupon.code}/orders`)).json());
    expect(used.meta.total).toBe(3);
    expect(used.data.map((o) => [o.id, o.counts, o.discount_paise, o.here])).toEqual([
      [orders[2]!.id, false, 2500, true],
      [orders[1]!.id, true, 2500, true],
      [orders[0]!.id, true, 2500, true],
    ]);
    expect(BosCouponOrders.parse(await (await v.get(`/bos/coupons/${coupon.code}/orders?perPage=1&page=3`)).json()).data.map((o) => o.id)).toEqual([orders[0]!.id]);

    // Used up once its uses in all are taken: the list says so and the shopper is refused.
    const up = await put(v, `/bos/coupons/${coupon.code}`, body({ code: coupon.code, value: 2500, usage_limit: 2 }));
    expect(BosCouponDetail.parse(await up.json())).toMatchObject({ status: 'used_up', uses_left: 0 });
    const c = await shopper();
    await add(c, pack, 1);
    expect(await refusal(await c.post('/apply/coupon', { code: coupon.code }), 409)).toMatchObject({ message: 'This coupon has been fully used' });
    expect(BosCouponList.parse(await (await v.get('/bos/coupons?status=used_up')).json()).data.map((x) => x.code)).toContain(coupon.code);
  });

  it('keeps a used coupon’s code and kind, its uses in all above its uses, and switches it off rather than delete it', async () => {
    const coupon = await create({ value: 3000 });
    const pack = await freshPack(20_000, 100);
    const v = await shopper();
    await add(v, pack, 1);
    expect((await v.post('/apply/coupon', { code: coupon.code })).status).toBe(200);
    await placed(v);
    const staffer = await admin();
    const audits = await auditCount();
    const at = `/bos/coupons/${coupon.code}`;
    expect(await refusal(await put(staffer, at, body({ code: `${coupon.code}-NEW`, value: 3000 })), 409)).toEqual({
      message: `Orders used ${coupon.code}: its code can no longer change`, errors: { code: [`Orders used ${coupon.code}: its code can no longer change`] },
    });
    expect((await refusal(await put(staffer, at, body({ code: coupon.code, kind: 'percent', value: 10 })), 409)).errors).toEqual({ kind: [`Orders used ${coupon.code}: its kind can no longer change`] });
    // The first order holds one use: a limit of 1 is fine; 0 is no limit at all, refused as a rule.
    expect((await put(staffer, at, body({ code: coupon.code, value: 3000, usage_limit: 1 }))).status).toBe(200);
    expect((await refusal(await del(staffer, at), 409)).message).toBe(`Orders used ${coupon.code}: it cannot be deleted, switch it off instead`);
    expect(await db().selectFrom('coupons').select('id').where('code', '=', coupon.code).executeTakeFirst()).toBeDefined();
    expect(await auditCount()).toBe(audits + 1);
    // Another order of the same customer brings its uses to 2; the limit cannot then go below 2.
    await put(staffer, at, body({ code: coupon.code, value: 3000 }));
    await add(v, pack, 1);
    expect((await v.post('/apply/coupon', { code: coupon.code })).status).toBe(200);
    await placed(v);
    expect((await refusal(await put(staffer, at, body({ code: coupon.code, value: 3000, usage_limit: 1 })), 422)).errors).toEqual({
      usage_limit: ['2 orders hold it already: uses in all cannot be below 2'],
    });
    const off = BosCouponDetail.parse(await (await staffer.post(`${at}/active`, { active: false })).json());
    expect(off).toMatchObject({ active: false, status: 'off', uses: 2 });
  });

  it('renames and deletes a coupon no order used; carts holding it follow the new code', async () => {
    const coupon = await create({ value: 2000 });
    const pack = await freshPack(20_000, 100);
    const v = await shopper();
    await add(v, pack, 1);
    expect((await v.post('/apply/coupon', { code: coupon.code })).status).toBe(200);
    const staffer = await admin();
    const renamed = `${coupon.code}-B`;
    const r = await put(staffer, `/bos/coupons/${coupon.code}`, body({ code: renamed.toLowerCase(), value: 2000 }));
    expect(BosCouponDetail.parse(await r.json())).toMatchObject({ id: coupon.id, code: renamed });
    expect(Cart.parse(await (await v.get('/cart')).json())).toMatchObject({ offercode: renamed, discount: 20 });
    expect((await refusal(await put(staffer, `/bos/coupons/${renamed}`, body({ code: 'SAVE10', value: 2000 })), 409)).errors).toEqual({ code: ['A coupon with the code SAVE10 already exists'] });
    expect((await refusal(await staffer.get(`/bos/coupons/${coupon.code}`), 404)).message).toBe(`No coupon has the code ${coupon.code}`);

    const gone = await del(staffer, `/bos/coupons/${renamed}`);
    expect(Message.parse(await gone.json())).toEqual({ message: `Coupon ${renamed} deleted` });
    expect((await staffer.get(`/bos/coupons/${renamed}`)).status).toBe(404);
    const rows = await db().selectFrom('staff_audit').select(['action', 'before_json', 'after_json']).where('subject_kind', '=', 'coupon').where('subject_id', '=', coupon.id).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['coupon.created', 'coupon.updated', 'coupon.deleted']);
    expect([JSON.parse(rows[1]!.before_json!), JSON.parse(rows[1]!.after_json!)]).toEqual([{ code: coupon.code }, { code: renamed }]);
    expect(JSON.parse(rows[2]!.before_json!)).toMatchObject({ code: renamed, value: 2000 });
    expect(rows[2]!.after_json).toBeNull();
    // The shopper's cart says the coupon is gone, and gives nothing.
    expect(Cart.parse(await (await v.get('/cart')).json())).toMatchObject({ discount: 0, message: `${renamed}: This coupon no longer exists` });
  });
});
