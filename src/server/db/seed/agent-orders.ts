/**
 * Writes seeded orders the way placing one does (orders/create.ts): numbers from the website's counter,
 * lines priced by priceCart (total = amount − discount + delivery, the discount shared over the lines), the
 * address snapshot of toAddressFields, a unique Idempotency-Key per user and its request hash. Stock is not
 * touched: the catalogue's stock is what is left in the warehouse after these orders.
 */
import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { PaymentMethodCode } from '../../../contract';
import { toAddressFields } from '../../map';
import { areaFor, deliveryDate, type Area } from '../../services/delivery';
import { deliveryColumns, orderPrefix } from '../../orders/create';
import { priceCart, type CouponRule } from '../../orders/pricing';
import type { AddressTable, Database, OrderLineTable, OrderStatus, OrderTable } from '../schema';

type DB = Kysely<Database>;
const DAY = 86_400_000;

/** A pack as an order line records it. */
export interface SeedPack {
  id: number;
  slug: string;
  image: string;
  name: string;
  pack: string;
  price_paise: number;
  act_price_paise: number;
  warehouse_id: number;
  max_per_order: number;
}

export interface OrderPlan {
  websiteId: number;
  userId: number;
  agentId: number | null;
  /** When it was placed (ms). */
  at: number;
  status: OrderStatus;
  payment: PaymentMethodCode;
  address: Selectable<AddressTable>;
  lines: { pack: SeedPack; quantity: number }[];
  coupon: (CouponRule & { id: number; code: string }) | null;
  key: string;
  ordernumber?: string;
}


/** In-stock packs of the first `products` active products (the base catalogue), from the Bengaluru warehouse, which reaches every zone. */
export async function loadPacks(db: DB, products = 400): Promise<SeedPack[]> {
  const rows = await db
    .selectFrom('packs as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
    .select([
      'pk.id', 'p.slug', 'p.name', 'pk.name as pack', 'pk.price_paise', 'pk.act_price_paise', 'pk.warehouse_id', 'pk.max_per_order',
      (eb) => eb.selectFrom('product_media as m').select('m.src').whereRef('m.product_id', '=', 'p.id').orderBy('m.position').limit(1).as('image'),
    ])
    .where('p.id', 'in', (eb) => eb.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(products))
    .where('w.code', '=', 'BLR')
    .where('pk.stock', '>', 0)
    .orderBy('pk.id')
    .execute();
  return rows.map((r) => ({ ...r, image: r.image ?? '/no-image.png' }));
}

/** The delivered areas of these pincodes, as the cart sees them. */
export async function loadAreas(db: DB, pincodes: Iterable<string>): Promise<Map<string, Area>> {
  const areas = new Map<string, Area>();
  for (const pincode of new Set(pincodes)) {
    const area = await areaFor(db, pincode);
    if (!area?.zone) throw new Error(`seed: ${pincode} is not delivered`);
    areas.set(pincode, area);
  }
  return areas;
}

/** Gives the plans order numbers from each website's counter, in the order they were placed (sorts them). */
export async function numberOrders(db: DB, plans: OrderPlan[]): Promise<void> {
  plans.sort((a, b) => a.at - b.at);
  const perSite = new Map<number, number>();
  for (const p of plans) perSite.set(p.websiteId, (perSite.get(p.websiteId) ?? 0) + 1);
  const next = new Map<number, { prefix: string; number: number }>();
  for (const [websiteId, count] of perSite) {
    const site = await db.selectFrom('websites').select('name').where('id', '=', websiteId).executeTakeFirstOrThrow();
    const { prefix, last_number } = await db
      .insertInto('order_counters')
      .values({ website_id: websiteId, prefix: orderPrefix(site.name), last_number: count })
      .onConflict((oc) => oc.column('website_id').doUpdateSet({ last_number: sql<number>`order_counters.last_number + ${count}` }))
      .returning(['prefix', 'last_number'])
      .executeTakeFirstOrThrow();
    next.set(websiteId, { prefix, number: last_number - count + 1 });
  }
  for (const p of plans) {
    const n = next.get(p.websiteId)!;
    p.ordernumber = `${n.prefix}-${String(n.number++).padStart(6, '0')}`;
  }
}

/** Priced as the cart prices it: what the order's row and lines record. */
function priceOf(plan: OrderPlan, area: Area) {
  const lines = plan.lines.map((l) => ({ pack_id: l.pack.id, quantity: l.quantity, unit_paise: l.pack.price_paise, valid: true, coupon_eligible: true }));
  return priceCart(lines, area.zone, plan.coupon);
}

/** How long after placing an order reached its status (for updated_at). */
const SETTLED: Partial<Record<OrderStatus, number>> = { confirmed: 0.1, packed: 0.4, out_for_delivery: 0.8, cancelled: 0.05, payment_failed: 0.02 };

const ORDER_BATCH = 1000;
const LINE_BATCH = 1500;

/** Inserts numbered plans with their lines, in multi-row statements; answers how many lines. */
export async function insertOrders(db: DB, plans: OrderPlan[], areas: Map<string, Area>, now: number): Promise<number> {
  let lineCount = 0;
  for (let i = 0; i < plans.length; i += ORDER_BATCH) {
    const batch = plans.slice(i, i + ORDER_BATCH);
    const priced = batch.map((p) => priceOf(p, areas.get(p.address.pincode)!));
    const rows: Insertable<OrderTable>[] = batch.map((p, k) => {
      const price = priced[k]!;
      const online = p.payment !== 'cod';
      const offercode = p.coupon?.code ?? null;
      const lead = areas.get(p.address.pincode)!.zone!.lead_days;
      const settled = p.status === 'delivered' ? lead : (SETTLED[p.status] ?? 0);
      const at = new Date(p.at).toISOString();
      const area = areas.get(p.address.pincode)!;
      const delivery = p.lines.map(({ pack }) => ({ del_date: deliveryDate(area, pack.warehouse_id, new Date(p.at)), del_start_time: area.zone!.window.start, del_end_time: area.zone!.window.end }));
      return {
        website_id: p.websiteId,
        user_id: p.userId,
        agent_id: p.agentId,
        ordernumber: p.ordernumber!,
        status: p.status,
        payment_method: p.payment,
        payment_provider: online ? p.payment : null,
        payment_ref: online ? `${p.payment === 'razorpay' ? 'order_Seed' : 'cs_test_seed'}${p.key.replace(/\W/g, '')}` : null,
        amount_paise: price.amount_paise,
        discount_paise: price.discount_paise,
        delivery_charge_paise: price.delivery_paise,
        total_paise: price.total_paise,
        offercode,
        coupon_id: p.coupon?.id ?? null,
        note: null,
        address_id: p.address.id,
        address_json: JSON.stringify(toAddressFields(p.address)),
        ...deliveryColumns(p.address.pincode, delivery),
        idempotency_key: p.key,
        request_hash: createHash('sha256').update(JSON.stringify([p.address.id, p.payment, offercode, null])).digest('base64url'),
        expires_at: null,
        created_at: at,
        updated_at: new Date(Math.min(now, p.at + settled * DAY)).toISOString(),
        status_at: new Date(Math.min(now, p.at + settled * DAY)).toISOString(),
      };
    });
    const ids = await db.insertInto('orders').values(rows).returning(['id', 'user_id', 'idempotency_key']).execute();
    const idOf = new Map(ids.map((r) => [`${r.user_id} ${r.idempotency_key}`, r.id]));
    const lines: Insertable<OrderLineTable>[] = [];
    batch.forEach((p, k) => {
      const area = areas.get(p.address.pincode)!;
      const orderId = idOf.get(`${p.userId} ${p.key}`)!;
      p.lines.forEach(({ pack, quantity }, position) => {
        lines.push({
          order_id: orderId, position, pack_id: pack.id, slug: pack.slug, image: pack.image, name: pack.name, pack: pack.pack, quantity,
          price_paise: pack.price_paise, act_price_paise: pack.act_price_paise, amount_paise: pack.price_paise * quantity,
          discount_paise: priced[k]!.line_discounts[position]!, warehouse_id: pack.warehouse_id, delivery_charge_id: area.zone!.id,
          del_date: deliveryDate(area, pack.warehouse_id, new Date(p.at)), del_start_time: area.zone!.window.start, del_end_time: area.zone!.window.end,
        });
      });
    });
    for (let j = 0; j < lines.length; j += LINE_BATCH) await db.insertInto('order_lines').values(lines.slice(j, j + LINE_BATCH)).execute();
    lineCount += lines.length;
  }
  return lineCount;
}

/** Lines for an order: 1 to `most` packs (popular ones more often), 1 to 3 of each, up to the zone's minimum order at least. */
export function pickLines(rand: () => number, packs: SeedPack[], area: Area, most = 6): OrderPlan['lines'] {
  const wanted = 1 + Math.floor(rand() * most);
  const lines: OrderPlan['lines'] = [];
  const taken = new Set<number>();
  let amount = 0;
  for (let tries = 0; tries < 40 && (lines.length < wanted || amount < area.zone!.min_order_paise); tries++) {
    const pack = packs[Math.floor(rand() ** 2 * packs.length)]!;
    if (taken.has(pack.id)) continue;
    taken.add(pack.id);
    const quantity = Math.min(pack.max_per_order, 1 + Math.floor(rand() ** 2 * 3));
    lines.push({ pack, quantity });
    amount += pack.price_paise * quantity;
  }
  return lines;
}
