import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Cart, Init } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { describeApi, signedIn, type Visitor } from './shop';

type Pack = { id: number; warehouse_id: number; price_paise: number };

describeApi('delivery by pincode and coupons', (shop) => {
  const db = () => shop().deps.db.kysely;
  /** A stocked pack from a warehouse (by code), in a category (by name) or of a brand, cheapest first. */
  async function pack(opts: { warehouse?: string; category?: string; brand?: string; minPaise?: number } = {}): Promise<Pack> {
    let q = db()
      .selectFrom('packs as pk')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['pk.id', 'pk.warehouse_id', 'pk.price_paise'])
      .where('pk.stock', '>=', 20)
      .where('pk.max_per_order', '>=', 5);
    if (opts.warehouse) q = q.where('w.code', '=', opts.warehouse);
    if (opts.category) q = q.where((eb) => eb.or([eb('c.name', '=', opts.category!), eb('parent.name', '=', opts.category!)]));
    if (opts.brand) q = q.where('b.name', '=', opts.brand);
    if (opts.minPaise) q = q.where('pk.price_paise', '>=', opts.minPaise);
    return q.orderBy('pk.price_paise').orderBy('pk.id').executeTakeFirstOrThrow();
  }
  const add = async (v: Visitor, p: Pack, quantity = 1) => {
    const r = await v.post('/cart/add', { pack_id: p.id, warehouse_id: p.warehouse_id, quantity });
    expect(r.status, await r.clone().text()).toBe(200);
    return Cart.parse(await r.json());
  };
  const cart = async (v: Visitor) => Cart.parse(await (await v.get('/cart')).json());
  const balanced = (c: Cart) => {
    expect(toPaise(c.total)).toBe(toPaise(c.amount) - toPaise(c.discount) + toPaise(c.delivery_charge));
    expect(c.items.reduce((s, i) => s + toPaise(i.discount), 0)).toBe(toPaise(c.discount));
    expect(c.grouped_items.reduce((s, g) => s + toPaise(g.delivery_charge), 0)).toBe(toPaise(c.delivery_charge));
  };

  it('checks a pincode: bad, unknown and undelivered ones are refused and change nothing; a delivered one is kept', async () => {
    const v = await shop().visitor().start();
    const bad = await v.get('/check/pincode/056001');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Please enter a valid pincode');
    expect((await (await v.get('/check/pincode/abcdef')).json()).message).toBe('Please enter a valid pincode');
    expect((await v.get('/check/pincode/123456')).status).toBe(404);
    const ok = await v.get('/check/pincode/560001');
    expect(await ok.json()).toEqual({ pincode: '560001', serviceable: true, city: 'Bengaluru', state: 'Karnataka', message: 'Delivering to 560001, Bengaluru' });
    const no = await v.get('/check/pincode/799001');
    expect(no.status).toBe(422);
    expect((await no.json()).message).toBe('Sorry, we do not deliver to 799001 (Agartala) yet');
    expect(Init.parse(await (await v.get('/init')).json()).pincode).toBe('560001');
  });

  it('makes the cart serviceable only with a delivered pincode, and re-checks every line when the pincode changes', async () => {
    const v = await shop().visitor().start();
    const mumbai = await pack({ warehouse: 'MUM', minPaise: 10_000 });
    let c = await add(v, mumbai, 5);
    expect(c.serviceable).toBe(false);
    expect(c.deliveryMessage).toBe('Please select your delivery pincode');
    await v.get('/check/pincode/400001');
    c = await cart(v);
    expect(c.serviceable).toBe(true);
    expect(c.items[0]).toMatchObject({ valid: true, del_start_time: '7:00 AM', del_end_time: '11:00 AM' });
    expect(c.items[0]!.del_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await v.get('/check/pincode/600001');
    c = await cart(v);
    expect(c.items[0]).toMatchObject({ valid: false, message: 'Not delivered to 600001 from this store' });
    expect(c.serviceable).toBe(false);
    expect(c.amount).toBe(0);
    balanced(c);
  });

  it('charges delivery below the free threshold, not above it, and says how much more is needed', async () => {
    const v = await shop().visitor().start();
    await v.get('/check/pincode/560034');
    const cheap = await pack({ warehouse: 'BLR', minPaise: 12_000 });
    let c = await add(v, cheap, 1);
    expect(c.delivery_charge).toBe(30);
    expect(c.deliveryMessage).toMatch(/^Add ₹[\d,.]+ more for free delivery$/);
    balanced(c);
    c = await add(v, cheap, Math.ceil(49_900 / cheap.price_paise));
    expect(c.delivery_charge).toBe(0);
    expect(c.deliveryMessage).toBe('Free delivery');
    balanced(c);
  });

  it('refuses coupons with the reason: unknown, expired, not yet active, below the minimum, wrong category or brand, guest', async () => {
    const v = await shop().visitor().start();
    const refusal = async (code: string) => {
      const r = await v.post('/apply/coupon', { code });
      return [r.status, (await r.json()).message];
    };
    expect(await refusal('NOPE')).toEqual([404, 'This coupon does not exist']);
    expect(await refusal('SAVE10')).toEqual([400, 'Add items to your cart to use a coupon']);
    await add(v, await pack({ category: 'Household', brand: 'Neem Leaf' }), 1);
    expect(await refusal('DIWALI100')).toEqual([400, 'This coupon has expired']);
    expect(await refusal('NEWYEAR25')).toEqual([400, 'This coupon is not active yet']);
    expect(await refusal('SAVE10')).toEqual([400, 'Minimum cart value is ₹499']);
    expect(await refusal('DAIRY15')).toEqual([400, 'This coupon applies only to Dairy & Bakery']);
    expect(await refusal('SPARKLE20')).toEqual([400, 'This coupon applies only to Sparkle Home']);
    expect(await refusal('welcome50')).toEqual([400, 'Minimum cart value is ₹299']);
    expect((await cart(v)).offercode).toBeNull();
  });

  it('discounts only the lines a coupon covers, capped, shared across them exactly; and removes cleanly', async () => {
    const v = await shop().visitor().start();
    await v.get('/check/pincode/560001');
    const dairy = await pack({ category: 'Dairy & Bakery', warehouse: 'BLR', minPaise: 4000 });
    const other = await pack({ category: 'Beverages', warehouse: 'BLR', minPaise: 4000 });
    await add(v, dairy, 3);
    await add(v, other, 2);
    const applied = await v.post('/apply/coupon', { code: 'dairy15' });
    expect(applied.status).toBe(200);
    const c = Cart.parse(await applied.json());
    const dairyPaise = dairy.price_paise * 3;
    expect(toPaise(c.discount)).toBe(Math.min(Math.floor((dairyPaise * 15) / 100), 7500));
    expect(c.items.find((i) => i.pack_id === other.id)!.discount).toBe(0);
    expect(c.offercode).toBe('DAIRY15');
    balanced(c);
    const removed = Cart.parse(await (await v.get('/remove/coupon')).json());
    expect(removed.offercode).toBeNull();
    expect(removed.discount).toBe(0);
  });

  it('keeps a coupon that stops qualifying but gives no discount, and says why', async () => {
    const v = await shop().visitor().start();
    const big = await pack({ minPaise: 50_000 });
    await add(v, big, 1);
    expect((await v.post('/apply/coupon', { code: 'SAVE10' })).status).toBe(401);
    const guestCode = await v.post('/apply/coupon', { code: 'LASTONE' });
    expect(guestCode.status).toBe(200);
    await db().updateTable('packs').set({ stock: 0 }).where('id', '=', big.id).execute();
    const c = await cart(v);
    expect(c.offercode).toBe('LASTONE');
    expect(c.discount).toBe(0);
    expect(c.message).toBe('LASTONE: Add items to your cart to use a coupon');
    await db().updateTable('packs').set({ stock: 100 }).where('id', '=', big.id).execute();
    await v.get('/remove/coupon');
  });

  it('balances to the paisa for random carts built through the API, with and without a coupon and a pincode', async () => {
    const packs = await db().selectFrom('packs').select(['id', 'warehouse_id', 'price_paise']).where('stock', '>=', 50).where('max_per_order', '>=', 10).orderBy('id').limit(60).execute();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ index: fc.nat(packs.length - 1), quantity: fc.integer({ min: 1, max: 10 }) }), { selector: (l) => l.index, minLength: 1, maxLength: 8 }),
        fc.constantFrom(null, '560001', '600001'),
        fc.constantFrom(null, 'NAMASTE20', 'DAIRY15'),
        async (lines, pincode, code) => {
          const v = await shop().visitor().start();
          for (const { index, quantity } of lines) await add(v, packs[index]!, quantity);
          if (pincode) await v.get(`/check/pincode/${pincode}`);
          if (code) await v.post('/apply/coupon', { code });
          const c = await cart(v);
          balanced(c);
          expect(c.total).toBeGreaterThanOrEqual(0);
          const expectedAmount = c.items.filter((i) => i.valid).reduce((sum, i) => sum + toPaise(i.price) * i.quantity, 0);
          expect(toPaise(c.amount)).toBe(expectedAmount);
          expect(c.quantity).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
          await v.get('/remove/coupon');
        },
      ),
      { numRuns: 12 },
    );
  });

  it('lets any number of carts hold a coupon with one use left: its uses are counted by orders, not carts', async () => {
    const [a, b] = [await shop().visitor().start(), await shop().visitor().start()];
    const p = await pack({ minPaise: 8000 });
    await add(a, p, 1);
    await add(b, p, 1);
    const results = await Promise.all([a.post('/apply/coupon', { code: 'LASTONE' }), b.post('/apply/coupon', { code: 'LASTONE' })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect([(await cart(a)).offercode, (await cart(b)).offercode]).toEqual(['LASTONE', 'LASTONE']);
    await a.get('/remove/coupon');
    await b.get('/remove/coupon');
  });
});

describeApi('coupons for signed-in shoppers', (shop) => {
  it('applies a first-order coupon to a signed-in shopper, and lets a once-per-customer coupon sit in two carts until an order uses it', async () => {
    const p = await shop().deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id', 'price_paise']).where('stock', '>=', 20).where('price_paise', '>=', 50_000).orderBy('id').executeTakeFirstOrThrow();
    const here = await signedIn(shop(), '9876500001');
    await here.post('/cart/add', { pack_id: p.id, warehouse_id: p.warehouse_id });
    expect((await here.post('/apply/coupon', { code: 'WELCOME50' })).status).toBe(200);
    expect((await here.post('/apply/coupon', { code: 'SAVE10' })).status).toBe(200);
    // The same shopper's cart on the other website may hold it too: no order has used it yet (orders.test.ts
    // shows the second order refused).
    const there = await signedIn(shop(), '9876500001', 'shop2.localhost');
    await there.post('/cart/add', { pack_id: p.id, warehouse_id: p.warehouse_id });
    expect((await there.post('/apply/coupon', { code: 'SAVE10' })).status).toBe(200);
  });
});
