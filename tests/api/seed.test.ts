import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { isEan13 } from '../../src/contract/bos-products';
import { DEMO_USERS } from '../../src/server/db/seed';
import { shopBarcode } from '../../src/server/db/seed/catalogue';
import { describeApi } from './shop';

const publicDir = join(import.meta.dirname, '../../public');

describeApi('the seeded demo shop', (shop) => {
  const db = () => shop().deps.db.kysely;
  const count = async (table: 'products' | 'brands' | 'suppliers' | 'coupons' | 'websites' | 'users') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('runs on the backend it says it does', async () => {
    const { rows } = await sql<{ v: string }>`select ${sql.raw(shop().backend === 'postgres' ? 'version()' : 'sqlite_version()')} as v`.execute(db());
    expect(rows[0]!.v).toMatch(shop().backend === 'postgres' ? /PostgreSQL/ : /^3\./);
    expect(shop().deps.db.dialect).toBe(shop().backend);
  });

  it('has two websites, 20+ brands, suppliers, coupons and 300+ products', async () => {
    expect(await count('websites')).toBe(2);
    expect(await count('brands')).toBeGreaterThanOrEqual(20);
    expect(await count('suppliers')).toBeGreaterThanOrEqual(3);
    expect(await count('coupons')).toBeGreaterThanOrEqual(5);
    expect(await count('products')).toBeGreaterThanOrEqual(300);
  });

  it('gives every product 1 to 4 packs with prices in whole paise and 1 to 3 images that exist on disk', async () => {
    const packs = await db().selectFrom('packs').select(['product_id', 'price_paise', 'act_price_paise']).execute();
    const perProduct = new Map<number, number>();
    for (const p of packs) {
      perProduct.set(p.product_id, (perProduct.get(p.product_id) ?? 0) + 1);
      expect(Number.isInteger(p.price_paise) && p.price_paise > 0).toBe(true);
      expect(p.act_price_paise).toBeGreaterThanOrEqual(p.price_paise);
    }
    expect(Math.min(...perProduct.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perProduct.values())).toBeLessThanOrEqual(4);
    const media = await db().selectFrom('product_media').select(['product_id', 'src']).execute();
    const images = new Map<number, number>();
    for (const m of media) {
      images.set(m.product_id, (images.get(m.product_id) ?? 0) + 1);
      expect(existsSync(join(publicDir, m.src)), m.src).toBe(true);
    }
    expect(images.size).toBe(await count('products'));
    expect(Math.max(...images.values())).toBeLessThanOrEqual(3);
    expect(existsSync(join(publicDir, 'no-image.png'))).toBe(true);
  });

  it('gives every pack its own in-store EAN-13 (GS1 prefix 21, never a real product’s), for trying the till', async () => {
    const packs = await db().selectFrom('packs').select(['id', 'barcode']).orderBy('id').execute();
    const codes = packs.map((p) => p.barcode ?? '');
    for (const code of codes) expect(isEan13(code) && code.startsWith('21'), code).toBe(true);
    expect(new Set(codes).size).toBe(packs.length);
    // The first product's first pack, as docs/pos.md names it.
    expect(codes[0]).toBe(shopBarcode(0, 0));
    expect(shopBarcode(0, 0)).toBe('2100000000005');
  });

  it('has serviceable and unserviceable pincodes, warehouses with 3-character codes, and the five demo users', async () => {
    const pins = await db().selectFrom('pincodes').select(['pincode', 'serviceable']).execute();
    expect(pins.some((p) => p.serviceable === 1)).toBe(true);
    expect(pins.some((p) => p.serviceable === 0)).toBe(true);
    for (const w of await db().selectFrom('warehouses').select('code').execute()) expect(w.code).toMatch(/^[A-Za-z0-9]{3}$/);
    const users = await db().selectFrom('users').selectAll().where('phone', 'like', '98765000%').orderBy('id').execute();
    expect(users.map((u) => [u.is_sales_agent, u.has_admin_access, u.is_superadmin])).toEqual([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 0]]);
    expect([users[4]!.name, JSON.parse(users[4]!.permissions_json)]).toEqual(['Kiran Nair', ['pos_access:view']]);
    expect(JSON.parse(users[2]!.permissions_json)).toEqual(['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage']);
  });

  const DAY = 86_400_000;
  const agentId = async () => (await db().selectFrom('users').select('id').where('phone', '=', DEMO_USERS[1].phone).executeTakeFirstOrThrow()).id;
  /** Every order's amounts agree with themselves and with their lines, which are real packs at their prices. */
  const checkOrders = async (ids: number[]) => {
    const packs = new Map((await db().selectFrom('packs').select(['id', 'price_paise']).execute()).map((p) => [p.id, p.price_paise]));
    for (let i = 0; i < ids.length; i += 500) {
      const orders = await db().selectFrom('orders').selectAll().where('id', 'in', ids.slice(i, i + 500)).execute();
      const lines = await db().selectFrom('order_lines').selectAll().where('order_id', 'in', ids.slice(i, i + 500)).execute();
      for (const o of orders) {
        const own = lines.filter((l) => l.order_id === o.id);
        expect(own.length, o.ordernumber).toBeGreaterThan(0);
        expect(o.total_paise).toBe(o.amount_paise - o.discount_paise + o.delivery_charge_paise);
        expect(own.reduce((s, l) => s + l.amount_paise, 0)).toBe(o.amount_paise);
        expect(own.reduce((s, l) => s + l.discount_paise, 0)).toBe(o.discount_paise);
        for (const l of own) {
          expect(packs.get(l.pack_id)).toBe(l.price_paise);
          expect(l.amount_paise).toBe(l.price_paise * l.quantity);
        }
        expect(JSON.parse(o.address_json)).toMatchObject({ pincode: expect.stringMatching(/^\d{6}$/), name: expect.any(String) });
        // The queue's columns (migration 0023): the address's pincode and the first delivery of the lines.
        const first = own.filter((l) => l.del_date !== null).sort((a, b) => a.del_date!.localeCompare(b.del_date!) || a.id - b.id)[0];
        expect(first, o.ordernumber).toBeDefined();
        expect({ pincode: o.del_pincode, date: o.del_date, start: o.del_start_time, end: o.del_end_time }, o.ordernumber).toEqual({
          pincode: JSON.parse(o.address_json).pincode, date: first!.del_date, start: first!.del_start_time, end: first!.del_end_time,
        });
        expect(o.payment_method === 'cod' ? o.payment_provider : o.payment_method).toBe(o.payment_provider);
      }
    }
  };

  it("gives the demo agent a dozen customers on the first website, with addresses it delivers to and orders of the last 90 days", async () => {
    const ravi = await agentId();
    const customers = await db()
      .selectFrom('agent_customers')
      .innerJoin('users', 'users.id', 'agent_customers.customer_id')
      .select(['users.id', 'users.phone', 'agent_customers.website_id', 'agent_customers.assigned_at'])
      .where('agent_customers.agent_id', '=', ravi)
      .execute();
    expect(customers.length).toBe(12);
    const now = Date.now();
    for (const c of customers) {
      expect(c.phone).toMatch(/^98765101\d\d$/);
      expect(c.website_id).toBe(1);
      expect(now - Date.parse(c.assigned_at)).toBeLessThanOrEqual(91 * DAY);
      const address = await db().selectFrom('addresses').innerJoin('pincodes', 'pincodes.pincode', 'addresses.pincode').selectAll().where('user_id', '=', c.id).execute();
      expect(address.map((a) => [a.is_default, a.serviceable])).toEqual([[1, 1]]);
    }
    const orders = await db().selectFrom('orders').selectAll().where('user_id', 'in', customers.map((c) => c.id)).execute();
    expect(orders.length).toBeGreaterThanOrEqual(40);
    for (const o of orders) {
      expect(now - Date.parse(o.created_at)).toBeLessThanOrEqual(91 * DAY);
      expect(Date.parse(o.created_at)).toBeLessThanOrEqual(now);
      expect(o.idempotency_key).toMatch(/^seed-\d+$/);
    }
    const byAgent = orders.filter((o) => o.agent_id === ravi).length;
    expect(byAgent).toBeGreaterThan(orders.length / 2);
    expect(orders.some((o) => o.agent_id === null)).toBe(true);
    const statuses = new Set(orders.map((o) => o.status));
    for (const s of ['delivered', 'cancelled', 'payment_failed'] as const) expect(statuses, s).toContain(s);
    expect(orders.some((o) => ['placed', 'confirmed', 'packed', 'out_for_delivery'].includes(o.status) && now - Date.parse(o.created_at) < 3 * DAY)).toBe(true);
    expect(orders.filter((o) => now - Date.parse(o.created_at) < 7 * DAY && o.agent_id === ravi).length).toBeGreaterThan(0);
    await checkOrders(orders.map((o) => o.id));
    // The demo shopper starts with no orders (the end-to-end tests count on it).
    const asha = await db().selectFrom('users').select('id').where('phone', '=', DEMO_USERS[0].phone).executeTakeFirstOrThrow();
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', asha.id).execute()).toEqual([]);
  });

  it('numbers the seeded orders from the counter, in the order they were placed, so a new order takes the next number', async () => {
    const orders = await db().selectFrom('orders').select(['ordernumber', 'created_at']).where('website_id', '=', 1).orderBy('ordernumber').execute();
    expect(orders.map((o) => o.ordernumber)).toEqual(orders.map((_, i) => `AF-${String(i + 1).padStart(6, '0')}`));
    expect(orders.map((o) => o.created_at)).toEqual(orders.map((o) => o.created_at).sort());
    const counter = await db().selectFrom('order_counters').selectAll().where('website_id', '=', 1).executeTakeFirstOrThrow();
    expect(counter).toMatchObject({ prefix: 'AF', last_number: orders.length });
  });

  it('seeds only once: preparing an already seeded database changes nothing', async () => {
    const { seedDemo } = await import('../../src/server/db/seed');
    const before = await count('products');
    expect(await seedDemo(shop().deps.db)).toEqual({ products: 0, seeded: false });
    expect(await count('products')).toBe(before);
  });

  it("adds bulk orders (npm run seed -- --orders N): half the demo agent's, the rest other agents' and customers' own, over a year", async () => {
    const { seedBulkOrders } = await import('../../src/server/db/seed');
    const before = await db().selectFrom('orders').select('id').execute();
    const stock = await db().selectFrom('packs').select(['id', 'stock']).orderBy('id').execute();
    const result = await seedBulkOrders(shop().deps.db, 400);
    expect(result).toMatchObject({ orders: 400, agents: 5 });
    const added = await db().selectFrom('orders').selectAll().where('id', 'not in', before.map((o) => o.id)).execute();
    expect(added.length).toBe(400);
    const ravi = await agentId();
    const mine = added.filter((o) => o.agent_id === ravi).length;
    expect(mine).toBe(result.demoAgentOrders);
    expect(mine).toBeGreaterThan(150);
    expect(mine).toBeLessThan(250);
    expect(new Set(added.map((o) => o.agent_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(added.map((o) => o.website_id))).toEqual(new Set([1, 2]));
    const now = Date.now();
    for (const o of added) expect(now - Date.parse(o.created_at)).toBeLessThanOrEqual(366 * DAY);
    // An agent's order is for one of their customers, placed after the assignment.
    const assignments = new Map((await db().selectFrom('agent_customers').selectAll().execute()).map((a) => [`${a.website_id} ${a.customer_id}`, a]));
    for (const o of added.filter((o) => o.agent_id !== null)) {
      const a = assignments.get(`${o.website_id} ${o.user_id}`);
      expect(a?.agent_id).toBe(o.agent_id);
      expect(o.created_at > a!.assigned_at).toBe(true);
    }
    await checkOrders(added.map((o) => o.id));
    const counters = await db().selectFrom('order_counters').selectAll().orderBy('website_id').execute();
    for (const c of counters) expect(c.last_number).toBe((await db().selectFrom('orders').select('id').where('website_id', '=', c.website_id).execute()).length);
    expect(await db().selectFrom('packs').select(['id', 'stock']).orderBy('id').execute()).toEqual(stock);
  });
});
