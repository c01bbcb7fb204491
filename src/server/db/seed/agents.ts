/**
 * The demo sales agent's customers and their orders (docs/sales-agents.md), and the bulk orders of
 * `npm run seed -- --orders N` (scripts/seed.ts). Dates are relative to the seeding time, so the dashboard shows
 * real figures today; everything else comes from a seeded generator and is the same on every run.
 */
import type { Kysely, Selectable } from 'kysely';
import type { PaymentMethodCode } from '../../../contract';
import { indiaDate, indiaDayStart } from '../../../lib/india-time';
import type { Area } from '../../services/delivery';
import { assignCustomer } from '../../services/agent-customers';
import type { AddressTable, Database, OrderStatus } from '../schema';
import { insertOrders, loadAreas, loadPacks, numberOrders, pickLines, type OrderPlan, type SeedPack } from './agent-orders';
import { random } from './catalogue';
import { DEMO_AGENT_PHONE, DEMO_CUSTOMERS } from './agents-data';

type DB = Kysely<Database>;
const DAY = 86_400_000;

/** A moment `daysAgo` calendar days before now in India, between 8 AM and 9 PM there, never later than 10 minutes ago. */
function dayAt(now: number, daysAgo: number, rand: () => number): number {
  const midnight = indiaDayStart(indiaDate(now));
  // Always two draws, so the clock never shifts what the generator gives the orders after this one.
  const [minute, earlier] = [Math.floor(rand() * 13 * 60), 10 + Math.floor(rand() * 110)];
  const at = midnight - Math.floor(daysAgo) * DAY + (8 * 60 + minute) * 60_000;
  return at <= now - 600_000 ? at : now - earlier * 60_000;
}

/** An order's status by its age: on its way in the first days, then mostly delivered, some cancelled or unpaid. */
function statusFor(ageDays: number, online: boolean, rand: () => number): OrderStatus {
  const r = rand();
  if (ageDays < 0.5) return r < 0.5 ? 'placed' : r < 0.9 ? 'confirmed' : 'cancelled';
  if (ageDays < 1) return r < 0.5 ? 'confirmed' : 'packed';
  if (ageDays < 2) return r < 0.4 ? 'packed' : r < 0.9 ? 'out_for_delivery' : 'cancelled';
  if (ageDays < 3) return r < 0.3 ? 'out_for_delivery' : 'delivered';
  if (r < 0.06) return 'cancelled';
  if (r < 0.09 && online) return 'payment_failed';
  return 'delivered';
}

/** Cash on delivery where the zone takes it (about half the orders), else Razorpay or Stripe. */
function paymentFor(area: Area, rand: () => number): PaymentMethodCode {
  const r = rand();
  if (area.zone!.cod_allowed === 1 && r < 0.55) return 'cod';
  return r < 0.88 ? 'razorpay' : 'stripe';
}

/** The coupon with no limits that some seeded orders use (NAMASTE20, ₹20 off above ₹99). */
export async function seedCoupon(db: DB): Promise<OrderPlan['coupon']> {
  const row = await db.selectFrom('coupons').select(['id', 'code', 'kind', 'value', 'max_discount_paise']).where('code', '=', 'NAMASTE20').executeTakeFirst();
  return row ?? null;
}

export interface PlanInput {
  websiteId: number;
  userId: number;
  agentId: number | null;
  at: number;
  address: Selectable<AddressTable>;
  key: string;
}

/** One order's plan: lines, payment and status drawn for its area and age. */
export function planOrder(input: PlanInput, ctx: { now: number; rand: () => number; packs: SeedPack[]; areas: Map<string, Area>; coupon: OrderPlan['coupon'] }): OrderPlan {
  const area = ctx.areas.get(input.address.pincode)!;
  const payment = paymentFor(area, ctx.rand);
  const lines = pickLines(ctx.rand, ctx.packs, area);
  const status = statusFor((ctx.now - input.at) / DAY, payment !== 'cod', ctx.rand);
  return { ...input, payment, lines, status, coupon: ctx.rand() < 0.1 ? ctx.coupon : null };
}

/**
 * The demo agent's twelve customers on the first website (new users with a saved address), assigned over the
 * last 90 days, and their orders since: most placed by the agent, some by themselves. Needs the demo users
 * and the catalogue; does nothing without the demo agent. Answers what it made.
 */
export async function seedAgentDemo(db: DB, now: Date): Promise<{ customers: number; orders: number; lines: number }> {
  const agent = await db.selectFrom('users').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirst();
  const site = await db.selectFrom('websites').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!agent || !site) return { customers: 0, orders: 0, lines: 0 };
  const t = now.getTime();
  const rand = random(15_2026);
  // No coupon: tests count coupons' uses by orders, and the demo's must leave them all unused.
  const ctx = { now: t, rand, packs: await loadPacks(db), areas: await loadAreas(db, DEMO_CUSTOMERS.map((c) => c.pincode)), coupon: null };
  const plans: OrderPlan[] = [];
  for (const [i, c] of DEMO_CUSTOMERS.entries()) {
    const area = ctx.areas.get(c.pincode)!;
    const joined = new Date(t - (c.assignedDaysAgo + 30 + i * 7) * DAY).toISOString();
    const { id: userId } = await db
      .insertInto('users')
      .values({ name: c.name, email: c.email, phone: c.phone, phone_verified: 1, created_at: joined })
      .returning('id')
      .executeTakeFirstOrThrow();
    const address = await db
      .insertInto('addresses')
      .values({
        user_id: userId, website_id: site.id, name: c.name, phone: c.phone, pincode: c.pincode, line1: c.line1, line2: c.line2, landmark: c.landmark,
        city: area.city, state: (await db.selectFrom('pincodes').select('state').where('pincode', '=', c.pincode).executeTakeFirstOrThrow()).state,
        type: c.type, is_default: 1, created_at: joined, updated_at: joined,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const assignedAt = dayAt(t, c.assignedDaysAgo, rand);
    await assignCustomer(db, site.id, agent.id, userId, new Date(assignedAt));
    let n = 0;
    for (let d = c.assignedDaysAgo - rand() * c.everyDays * 0.5; d >= 0 && n < 40; d -= c.everyDays * (0.6 + rand() * 0.8)) {
      const at = Math.max(assignedAt + 3_600_000, dayAt(t, d, rand));
      if (at > t) break;
      const self = rand() < c.selfShare;
      plans.push(planOrder({ websiteId: site.id, userId, agentId: self ? null : agent.id, at, address, key: `seed-${++n}` }, ctx));
    }
    // Everyone's latest order is recent enough to be on its way; a few customers ordered today.
    if (i % 4 === 3) plans.push(planOrder({ websiteId: site.id, userId, agentId: agent.id, at: dayAt(t, 0, rand), address, key: `seed-${++n}` }, ctx));
  }
  // One or two orders whose online payment failed, as a real shop has.
  const unpaid = plans.filter((p) => p.payment !== 'cod' && t - p.at > 5 * DAY);
  for (const p of unpaid.slice(0, Math.max(0, 2 - plans.filter((x) => x.status === 'payment_failed').length))) p.status = 'payment_failed';
  await numberOrders(db, plans);
  const lines = await insertOrders(db, plans, ctx.areas, t);
  return { customers: DEMO_CUSTOMERS.length, orders: plans.length, lines };
}
