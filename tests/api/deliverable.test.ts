import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { Cart, Deliveries, Product, ProductList, type Pack } from '../../src/contract';
import { indiaDate } from '../../src/lib/india-time';
import { refreshListingOf } from '../../src/server/db/listing';
import { describeApi, type Visitor } from './shop';

/** India's date `days` from today, as the API gives delivery dates. */
const inDays = (days: number) => indiaDate(new Date(), days);
const NOT_DELIVERED = { deliverable: false, date: null, start: null, end: null };

describeApi('a listing that knows the pincode', (shop) => {
  const db = () => shop().deps.db.kysely;
  /** A stocked product whose packs ship from a warehouse (by code), with its brand: for finding it in the listing. */
  const productFrom = (code: string) =>
    db()
      .selectFrom('packs as pk')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .select(['p.id', 'p.slug', 'p.brand_id', 'pk.id as pack_id', 'pk.warehouse_id'])
      .where('w.code', '=', code)
      .where('pk.stock', '>=', 5)
      .where('p.is_active', '=', 1)
      .orderBy('pk.id')
      .executeTakeFirstOrThrow();
  const visitorAt = async (pincode: string) => {
    const v = await shop().visitor().start();
    const r = await v.get(`/check/pincode/${pincode}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return v;
  };
  const list = async (v: Visitor, query: string) => {
    const r = await v.get(`/products${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return ProductList.parse(await r.json());
  };
  const product = async (v: Visitor, slug: string) => Product.parse(await (await v.get(`/products/${slug}`)).json());
  /** The pack as its card in the listing shows it (the product found among its brand's). */
  const card = async (v: Visitor, p: { id: number; brand_id: number; pack_id: number }): Promise<Pack> => {
    for (let page = 1; ; page++) {
      const { data } = await list(v, `?b=${p.brand_id}&perPage=100&page=${page}`);
      expect(data.length, 'the product is listed').toBeGreaterThan(0);
      const found = data.find((x) => x.product_id === p.id);
      if (found) return found.packs.find((x) => x.pack_id === p.pack_id)!;
    }
  };
  /** The cart's delivery for the same pack, put in the visitor's cart. */
  const cartLine = async (v: Visitor, p: { pack_id: number; warehouse_id: number }) => {
    const r = await v.post('/cart/add', { pack_id: p.pack_id, warehouse_id: p.warehouse_id, quantity: 1 });
    expect(r.status, await r.clone().text()).toBe(200);
    const cart = Cart.parse(await r.json());
    return cart.items.find((i) => i.pack_id === p.pack_id)!;
  };
  /** Active products with a pack from a warehouse serving the pincode's zone, counted from the tables. */
  const deliverableCount = async (pincode: string, where: { brandId?: number } = {}) => {
    let q = db()
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('p.is_active', '=', 1)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('packs as pk')
            .innerJoin('warehouse_zones as wz', 'wz.warehouse_id', 'pk.warehouse_id')
            .innerJoin('pincodes as pc', 'pc.zone_id', 'wz.zone_id')
            .select(sql`1`.as('one'))
            .whereRef('pk.product_id', '=', 'p.id')
            .where('pc.pincode', '=', pincode)
            .where('pc.serviceable', '=', 1),
        ),
      );
    if (where.brandId) q = q.where('p.brand_id', '=', where.brandId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  it('without a pincode answers as before: no delivery on any pack, and the deliverable filter is refused', async () => {
    const v = await shop().visitor().start();
    const r = await v.get('/products');
    expect(r.headers.get('cache-control')).toBeNull();
    const body = await r.json();
    expect(body.data.flatMap((p: { packs: object[] }) => p.packs).some((pack: object) => 'delivery' in pack)).toBe(false);
    const one = await (await v.get(`/products/${body.data[0].slug}`)).json();
    expect(one.packs.some((pack: object) => 'delivery' in pack)).toBe(false);
    const refused = await v.get('/products?deliverable=1');
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Choose your delivery pincode to see what is delivered there');
    expect((await v.get('/products?deliverable=yes')).status).toBe(400);
    expect((await list(v, '?deliverable=0')).meta.total).toBe(body.meta.total);
  });

  it('a pincode changes nothing in the list but adds each pack’s delivery: the same products, order, totals and packs', async () => {
    const without = await shop().visitor().start();
    const at = await visitorAt('570001');
    for (const query of ['?perPage=48', '?s=price_asc&page=2', '?q=rice']) {
      const before = await list(without, query);
      const after = await list(at, query);
      expect(after.meta, query).toEqual(before.meta);
      expect(after.data.every((p) => p.packs.every((pack) => pack.delivery !== undefined)), query).toBe(true);
      expect(after.data.map((p) => ({ ...p, packs: p.packs.map(({ delivery: _, ...pack }) => pack) })), query).toEqual(before.data);
    }
  });

  it('in a metro pincode every pack says when it comes, as the cart says it: next day from the city, a day more from another', async () => {
    const v = await visitorAt('560001');
    for (const [code, days] of [['BLR', 1], ['MUM', 2], ['DEL', 2]] as const) {
      const p = await productFrom(code);
      const shown = await card(v, p);
      expect(shown.delivery, code).toEqual({ deliverable: true, date: inDays(days), start: '7:00 AM', end: '11:00 AM' });
      expect((await product(v, p.slug)).packs.find((x) => x.pack_id === p.pack_id)!.delivery).toEqual(shown.delivery);
      const line = await cartLine(v, p);
      expect(line.valid).toBe(true);
      expect({ deliverable: line.valid, date: line.del_date, start: line.del_start_time, end: line.del_end_time }).toEqual(shown.delivery);
    }
    const r = await v.get('/products');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
  });

  it('in a wider-area pincode only the warehouse that reaches it delivers; the cart refuses the same packs the cards do', async () => {
    const v = await visitorAt('570001');
    const blr = await productFrom('BLR');
    const shown = await card(v, blr);
    // Mysuru is Extended (two days) and Bengaluru another city (one more).
    expect(shown.delivery).toEqual({ deliverable: true, date: inDays(3), start: '7:00 AM', end: '11:00 AM' });
    const line = await cartLine(v, blr);
    expect({ deliverable: line.valid, date: line.del_date, start: line.del_start_time, end: line.del_end_time }).toEqual(shown.delivery);

    const mum = await productFrom('MUM');
    expect((await card(v, mum)).delivery).toEqual(NOT_DELIVERED);
    expect((await product(v, mum.slug)).packs.every((x) => x.delivery?.deliverable === false)).toBe(true);
    const refused = await cartLine(v, mum);
    expect(refused.valid).toBe(false);
    expect(refused.message).toBe('Not delivered to 570001 from this store');
  });

  it('filters to the products delivered to the pincode in SQL: totals and pages agree with the tables', async () => {
    const v = await visitorAt('570001');
    const all = await list(v, '');
    const expected = await deliverableCount('570001');
    expect(expected).toBeLessThan(all.meta.total);
    const first = await list(v, '?deliverable=1&perPage=100');
    expect(first.meta.total).toBe(expected);
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(expected / 100); page++) {
      const { data, meta } = page === 1 ? first : await list(v, `?deliverable=1&perPage=100&page=${page}`);
      expect(meta.total).toBe(expected);
      for (const p of data) {
        expect(p.packs.some((x) => x.delivery?.deliverable), p.slug).toBe(true);
        seen.add(p.product_id);
      }
    }
    expect(seen.size).toBe(expected);
    // With another filter and a sort, still counted in SQL.
    const mum = await productFrom('MUM');
    const brand = await list(v, `?deliverable=1&b=${mum.brand_id}&s=price_asc`);
    expect(brand.meta.total).toBe(await deliverableCount('570001', { brandId: mum.brand_id }));
    expect(brand.data.some((p) => p.product_id === mum.id)).toBe(false);

    // Metro pincodes are reached by every warehouse: everything is delivered.
    const metro = await visitorAt('560034');
    expect((await list(metro, '?deliverable=1')).meta.total).toBe(await deliverableCount('560034'));
    expect(await deliverableCount('560034')).toBe(all.meta.total);
  });

  it('a pincode that stops being delivered after it was chosen: nothing is delivered, on cards, in the filter and in the cart', async () => {
    const v = await visitorAt('560038');
    const p = await productFrom('BLR');
    await db().updateTable('pincodes').set({ serviceable: 0 }).where('pincode', '=', '560038').execute();
    try {
      const shown = await card(v, p);
      expect(shown.delivery).toEqual(NOT_DELIVERED);
      expect((await list(v, '?deliverable=1')).meta.total).toBe(0);
      const line = await cartLine(v, p);
      expect(line.del_date).toBeNull();
      expect(Cart.parse(await (await v.get('/cart')).json()).serviceable).toBe(false);
    } finally {
      await db().updateTable('pincodes').set({ serviceable: 1 }).where('pincode', '=', '560038').execute();
    }
  });

  it('keeps the filter right as packs change (refreshListingOf), also for a warehouse id past the bits', async () => {
    const v = await visitorAt('570001');
    const mum = await productFrom('MUM');
    const blr = await productFrom('BLR');
    /** Every product id the filtered listing of the product's brand gives, over all its pages. */
    const deliverableOfBrand = async () => {
      const found: number[] = [];
      for (let page = 1; ; page++) {
        const { data, meta } = await list(v, `?deliverable=1&b=${mum.brand_id}&perPage=100&page=${page}`);
        found.push(...data.map((p) => p.product_id));
        if (page * 100 >= meta.total) return { found, total: meta.total };
      }
    };
    const addPack = async (warehouseId: number) => {
      const { id } = await db()
        .insertInto('packs')
        .values({ product_id: mum.id, name: 'Trial pack', price_paise: 9900, act_price_paise: 9900, discount_type: null, warehouse_id: warehouseId, stock: 50, position: 9 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshListingOf(db(), [mum.id]);
      return id;
    };
    const dropPack = async (id: number) => {
      await db().deleteFrom('packs').where('id', '=', id).execute();
      await refreshListingOf(db(), [mum.id]);
    };
    expect((await deliverableOfBrand()).found).not.toContain(mum.id);

    // A pack from Bengaluru, which reaches Mysuru: the product is now delivered, and the cart says so too.
    const fromBlr = await addPack(blr.warehouse_id);
    try {
      const listed = await deliverableOfBrand();
      expect(listed.found).toContain(mum.id);
      expect(listed.total).toBe(await deliverableCount('570001', { brandId: mum.brand_id }));
      const shown = await card(v, { id: mum.id, brand_id: mum.brand_id, pack_id: fromBlr });
      expect(shown.delivery).toEqual({ deliverable: true, date: inDays(3), start: '7:00 AM', end: '11:00 AM' });
      const line = await cartLine(v, { pack_id: fromBlr, warehouse_id: blr.warehouse_id });
      expect({ deliverable: line.valid, date: line.del_date, start: line.del_start_time, end: line.del_end_time }).toEqual(shown.delivery);
      expect((await v.post('/cart/remove', { pack_id: fromBlr, remove: true })).status).toBe(200);
    } finally {
      await dropPack(fromBlr);
    }
    expect((await deliverableOfBrand()).found).not.toContain(mum.id);

    // A warehouse whose id has no bit (past 62) serving the pincode's zone: the filter asks the packs instead.
    const zone = await db().selectFrom('pincodes').select('zone_id').where('pincode', '=', '570001').executeTakeFirstOrThrow();
    await db().insertInto('warehouses').values({ id: 99, code: 'MYS', name: 'Mysuru depot', city: 'Mysuru', pincode: '570001' }).execute();
    await db().insertInto('warehouse_zones').values({ warehouse_id: 99, zone_id: zone.zone_id! }).execute();
    const fromMysuru = await addPack(99);
    try {
      const listed = await deliverableOfBrand();
      expect(listed.found).toContain(mum.id);
      expect(listed.total).toBe(await deliverableCount('570001', { brandId: mum.brand_id }));
      // From the pincode's own city: the zone's lead days only.
      expect((await card(v, { id: mum.id, brand_id: mum.brand_id, pack_id: fromMysuru })).delivery).toEqual({ deliverable: true, date: inDays(2), start: '7:00 AM', end: '11:00 AM' });
    } finally {
      await dropPack(fromMysuru);
      await db().deleteFrom('warehouse_zones').where('warehouse_id', '=', 99).execute();
      await db().deleteFrom('warehouses').where('id', '=', 99).execute();
    }
    expect((await deliverableOfBrand()).found).not.toContain(mum.id);
  });
  it('GET /deliveries answers what each warehouse promises the session’s pincode, as the cards say it; nothing without one', async () => {
    const none = await (await shop().visitor().start()).get('/deliveries');
    expect(none.status).toBe(200);
    expect(none.headers.get('cache-control')).toBe('private, no-store');
    expect(Deliveries.parse(await none.json())).toEqual({ pincode: null, warehouses: [] });
    const warehouses = await db().selectFrom('warehouses').select(['id', 'code']).orderBy('id').execute();
    for (const pincode of ['560001', '411001']) {
      const v = await visitorAt(pincode);
      const answer = Deliveries.parse(await (await v.get('/deliveries')).json());
      expect(answer.pincode).toBe(pincode);
      expect(answer.warehouses.map((w) => w.warehouse_id)).toEqual(warehouses.map((w) => w.id));
      for (const { id, code } of warehouses) {
        const { warehouse_id: _, ...promised } = answer.warehouses.find((w) => w.warehouse_id === id)!;
        const p = await productFrom(code);
        expect(promised, `${pincode} from ${code}`).toEqual((await card(v, p)).delivery);
      }
      // The wider area is reached from one warehouse only.
      expect(answer.warehouses.filter((w) => w.deliverable).length).toBe(pincode === '411001' ? 1 : warehouses.length);
    }
  });
});
