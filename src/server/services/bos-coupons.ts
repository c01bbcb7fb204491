/**
 * The back office's coupons (docs/back-office-coupons.md): the list with where each coupon stands and its uses, one
 * coupon with its orders, and the changes staff make — make one, change its rules, switch it off or on, delete one no
 * order used — each in one transaction with its audit row. The cart reads the coupons table on every request
 * (services/coupons.ts), so a change holds from the next cart on; nothing is cached.
 *
 * Uses are counted as the shop's limits count them: orders holding the coupon (services/coupons.ts'
 * couponUseProblem, orders/status.ts' HOLDING_STATUSES). A coupon is "used" once any order names it, whatever its
 * status: then its code and kind are kept (the orders and the shoppers know it by them) and it cannot be deleted
 * (switched off instead). Those checks run under the coupon's row lock, the one an order takes (lockCoupon), so an
 * order racing a change is counted by it.
 */
import { sql, type Kysely } from 'kysely';
import { COUPON_STATUSES, type BosCoupon, type BosCouponBody, type BosCouponDetail, type BosCouponList, type BosCouponOrders, type BosCouponOrdersQuery, type BosCouponQuery, type CouponStatus } from '../../contract/bos-coupons';
import { plural } from '../../contract/plural';
import type { Dialect } from '../db';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/errors';
import { HOLDING_STATUSES } from '../orders/status';
import { recordAudit } from './audit';
import { couponByCode, lockCoupon, type CouponRow } from './coupons';

type DB = Kysely<Database>;
interface Staff {
  userId: number;
  websiteId: number;
}

/** A coupon's rules as the API takes them: what the audit rows keep and a change is compared by. */
type Rules = BosCouponBody;
const RULE_KEYS = ['code', 'description', 'kind', 'value', 'max_discount_paise', 'min_cart_paise', 'starts_at', 'ends_at', 'usage_limit', 'per_user_limit', 'first_order_only', 'category_id', 'brand_id'] as const satisfies readonly (keyof Rules)[];

const rulesOf = (row: CouponRow): Rules => ({
  code: row.code,
  description: row.description,
  kind: row.kind,
  value: row.value,
  max_discount_paise: row.max_discount_paise,
  min_cart_paise: row.min_cart_paise,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  usage_limit: row.usage_limit,
  per_user_limit: row.per_user_limit,
  first_order_only: row.first_order_only === 1,
  category_id: row.category_id,
  brand_id: row.brand_id,
});

const columnsOf = (rules: Rules) => ({ ...rules, first_order_only: rules.first_order_only ? 1 : 0 });

/** The rules that differ, before and after (an audit row keeps only what changed). */
function changes(before: Rules, after: Rules): { before: Partial<Rules>; after: Partial<Rules> } | null {
  const keys = RULE_KEYS.filter((key) => before[key] !== after[key]);
  if (keys.length === 0) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally (escape '\'). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every coupon (or the one with `code`) with where it stands at `now` and its uses: one row each. The status is one
 * of, in this order, switched off, past its end, every use taken, before its start, usable now. The uses are read
 * from orders_coupon_uses (coupon, status, discount, customer: migration 0033) alone, never from the orders' rows.
 */
function coupons(db: DB, now: string, code?: string) {
  const usage = db
    .selectFrom('orders')
    .select(['coupon_id', (eb) => eb.fn.countAll<number | string>().as('uses'), (eb) => eb.fn.sum<number | string | null>('discount_paise').as('given')])
    .$if(code === undefined, (qb) => qb.where('coupon_id', 'is not', null))
    .$if(code !== undefined, (qb) => qb.where('coupon_id', '=', db.selectFrom('coupons').select('id').where('code', '=', code!)))
    .where('status', 'in', HOLDING_STATUSES)
    .groupBy('coupon_id');
  const all = db
    .selectFrom('coupons as c')
    .leftJoin(usage.as('u'), 'u.coupon_id', 'c.id')
    .leftJoin('categories as cat', 'cat.id', 'c.category_id')
    .leftJoin('brands as b', 'b.id', 'c.brand_id')
    .selectAll('c')
    .select((eb) => [
      sql<number | string>`coalesce(u.uses, 0)`.as('uses'),
      sql<number | string>`coalesce(u.given, 0)`.as('given'),
      'cat.name as category_name',
      'b.name as brand_name',
      sql<CouponStatus>`case
        when c.is_active = 0 then 'off'
        when c.ends_at is not null and c.ends_at <= ${now} then 'expired'
        when c.usage_limit is not null and coalesce(u.uses, 0) >= c.usage_limit then 'used_up'
        when c.starts_at is not null and c.starts_at > ${now} then 'scheduled'
        else 'active' end`.as('status'),
      eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.coupon_id', '=', 'c.id')).as('used'),
    ]);
  return code === undefined ? all : all.where('c.code', '=', code);
}
type CouponListRow = Awaited<ReturnType<ReturnType<typeof coupons>['executeTakeFirstOrThrow']>>;

function toCoupon(row: CouponListRow): BosCoupon {
  const uses = Number(row.uses);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    max_discount_paise: row.max_discount_paise,
    min_cart_paise: row.min_cart_paise,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    usage_limit: row.usage_limit,
    per_user_limit: row.per_user_limit,
    first_order_only: row.first_order_only === 1,
    category: row.category_id !== null ? { id: row.category_id, name: row.category_name ?? '' } : null,
    brand: row.brand_id !== null ? { id: row.brand_id, name: row.brand_name ?? '' } : null,
    active: row.is_active === 1,
    status: row.status,
    uses,
    uses_left: row.usage_limit === null ? null : Math.max(0, row.usage_limit - uses),
    discount_given_paise: Number(row.given),
    used: row.used === true || Number(row.used) === 1,
  };
}

/** GET /bos/coupons: a page of the coupons matching the search and status, newest first, and each status' count. */
export async function listCoupons(db: DB, query: BosCouponQuery, now = new Date()): Promise<BosCouponList> {
  let base = coupons(db, now.toISOString());
  const q = query.q?.trim();
  if (q) base = base.where((eb) => eb.or([eb('c.code', 'like', sql<string>`${containing(q.toUpperCase())} escape '\\'`), eb(sql`lower(c.description)`, 'like', sql`${containing(q.toLowerCase())} escape '\\'`)]));
  const all = db.selectFrom(base.as('x'));
  const counted = await all.select(['x.status', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('x.status').execute();
  const counts = Object.fromEntries([...COUPON_STATUSES, 'all'].map((s) => [s, 0])) as BosCouponList['meta']['counts'];
  for (const row of counted) {
    counts[row.status] = Number(row.n);
    counts.all += Number(row.n);
  }
  const rows = await all
    .selectAll('x')
    .$if(query.status !== undefined, (qb) => qb.where('x.status', '=', query.status!))
    .orderBy('x.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { data: rows.map((row) => toCoupon(row as CouponListRow)), meta: { total: query.status ? counts[query.status] : counts.all, counts } };
}

const noSuchCoupon = (code: string) => new ApiError(404, `No coupon has the code ${code}`);

/** GET /bos/coupons/{code}: the coupon, its customers and orders counted, and what may no longer change. */
export async function couponDetail(db: DB, code: string, now = new Date()): Promise<BosCouponDetail> {
  const row = await coupons(db, now.toISOString(), code.trim().toUpperCase()).executeTakeFirst();
  if (!row) throw noSuchCoupon(code);
  const coupon = toCoupon(row);
  const [customers, total] = await Promise.all([
    db.selectFrom('orders').select(sql<number | string>`count(distinct user_id)`.as('n')).where('coupon_id', '=', row.id).where('status', 'in', HOLDING_STATUSES).executeTakeFirstOrThrow(),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('coupon_id', '=', row.id).executeTakeFirstOrThrow(),
  ]);
  return { ...coupon, customers: Number(customers.n), orders_total: Number(total.n), locked: coupon.used ? ['code', 'kind'] : [] };
}

/** GET /bos/coupons/{code}/orders: the orders that name it, newest first, on every website. */
export async function couponOrders(db: DB, staff: Staff, code: string, query: BosCouponOrdersQuery): Promise<BosCouponOrders> {
  const coupon = await couponByCode(db, code);
  if (!coupon) throw noSuchCoupon(code);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .innerJoin('websites as w', 'w.id', 'o.website_id')
      .select(['o.id', 'o.ordernumber', 'o.created_at', 'o.status', 'o.discount_paise', 'o.total_paise', 'o.website_id', 'u.name as customer', 'w.name as website'])
      .where('o.coupon_id', '=', coupon.id)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('coupon_id', '=', coupon.id).executeTakeFirstOrThrow(),
  ]);
  const holding: readonly string[] = HOLDING_STATUSES;
  return {
    data: rows.map((o) => ({
      id: o.id,
      ordernumber: o.ordernumber,
      created_at: o.created_at,
      status: o.status,
      customer: o.customer,
      discount_paise: o.discount_paise,
      total_paise: o.total_paise,
      counts: holding.includes(o.status),
      website: o.website,
      here: o.website_id === staff.websiteId,
    })),
    meta: { total: Number(total.n) },
  };
}

const refused = (status: 400 | 409 | 422, field: string, message: string) => new ApiError(status, message, { [field]: [message] });
const codeTaken = (code: string) => refused(409, 'code', `A coupon with the code ${code} already exists`);

/** The unique index on codes, as the duplicate it is (two people making one code at once). */
function takenOnConflict(code: string) {
  return (error: unknown): never => {
    if (/unique|duplicate/i.test(String((error as Error)?.message))) throw codeTaken(code);
    throw error;
  };
}

/** The category and brand named must exist. */
async function checkNames(db: DB, body: Rules) {
  if (body.category_id !== null && !(await db.selectFrom('categories').select('id').where('id', '=', body.category_id).executeTakeFirst())) {
    throw refused(422, 'category_id', 'That category no longer exists');
  }
  if (body.brand_id !== null && !(await db.selectFrom('brands').select('id').where('id', '=', body.brand_id).executeTakeFirst())) {
    throw refused(422, 'brand_id', 'That brand no longer exists');
  }
}

/** POST /bos/coupons: a new coupon, switched on. Its code must be free and its end still ahead. */
export async function createCoupon(db: DB, staff: Staff, body: Rules, now = new Date()): Promise<string> {
  if (body.ends_at && body.ends_at <= now.toISOString()) throw refused(422, 'ends_at', 'The end has passed: choose a later end');
  return inTransaction(db, async (trx: DB) => {
    await checkNames(trx, body);
    if (await couponByCode(trx, body.code)) throw codeTaken(body.code);
    const { id } = await trx.insertInto('coupons').values(columnsOf(body)).returning('id').executeTakeFirstOrThrow().catch(takenOnConflict(body.code));
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'coupon.created', subject: { kind: 'coupon', id }, orderId: null, before: undefined, after: body }, now);
    return body.code;
  });
}

/** The coupon with this code, its row locked until the transaction ends (the lock an order takes), read afresh. */
async function lockedCoupon(trx: DB, dialect: Dialect, code: string): Promise<CouponRow & { uses: number; used: boolean }> {
  const found = await couponByCode(trx, code);
  if (!found) throw noSuchCoupon(code.trim().toUpperCase());
  await lockCoupon(trx, dialect, found.id);
  const row = await trx.selectFrom('coupons').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
  const [uses, any] = await Promise.all([
    trx.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('coupon_id', '=', row.id).where('status', 'in', HOLDING_STATUSES).executeTakeFirstOrThrow(),
    trx.selectFrom('orders').select('id').where('coupon_id', '=', row.id).limit(1).executeTakeFirst(),
  ]);
  return { ...row, uses: Number(uses.n), used: any !== undefined };
}

/**
 * PUT /bos/coupons/{code}: the coupon's rules, all of them. Once an order used it its code and kind stay (409); its
 * uses in all cannot go below the uses it has (422). A new code (an unused coupon's) follows to the carts holding
 * the old one. A change of nothing writes nothing. Answers the coupon's code now.
 */
export async function updateCoupon(db: DB, dialect: Dialect, staff: Staff, code: string, body: Rules, now = new Date()): Promise<string> {
  return inTransaction(db, async (trx: DB) => {
    const row = await lockedCoupon(trx, dialect, code);
    const used = (what: string) => `Orders used ${row.code}: its ${what} can no longer change`;
    if (row.used && body.code !== row.code) throw refused(409, 'code', used('code'));
    if (row.used && body.kind !== row.kind) throw refused(409, 'kind', used('kind'));
    if (body.usage_limit !== null && body.usage_limit < row.uses) {
      throw refused(422, 'usage_limit', `${plural(row.uses, 'order holds', 'orders hold')} it already: uses in all cannot be below ${row.uses}`);
    }
    await checkNames(trx, body);
    const diff = changes(rulesOf(row), body);
    if (!diff) return row.code;
    if (body.code !== row.code && (await couponByCode(trx, body.code))) throw codeTaken(body.code);
    await trx.updateTable('coupons').set(columnsOf(body)).where('id', '=', row.id).execute().catch(takenOnConflict(body.code));
    if (body.code !== row.code) await trx.updateTable('carts').set({ offercode: body.code }).where('offercode', '=', row.code).execute();
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'coupon.updated', subject: { kind: 'coupon', id: row.id }, orderId: null, ...diff }, now);
    return body.code;
  });
}

/** POST /bos/coupons/{code}/active: switches it off (the cart refuses it from the next request on) or on; the same again changes nothing. */
export async function switchCoupon(db: DB, dialect: Dialect, staff: Staff, code: string, active: boolean, now = new Date()): Promise<void> {
  await inTransaction(db, async (trx: DB) => {
    const row = await lockedCoupon(trx, dialect, code);
    const changed = await trx.updateTable('coupons').set({ is_active: active ? 1 : 0 }).where('id', '=', row.id).where('is_active', '=', active ? 0 : 1).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      websiteId: staff.websiteId,
      userId: staff.userId,
      action: active ? 'coupon.switched_on' : 'coupon.switched_off',
      subject: { kind: 'coupon', id: row.id },
      orderId: null,
      before: { active: !active },
      after: { active },
    }, now);
  });
}

/** DELETE /bos/coupons/{code}: only a coupon no order names (409 otherwise: switch it off instead). */
export async function deleteCoupon(db: DB, dialect: Dialect, staff: Staff, code: string, now = new Date()): Promise<string> {
  return inTransaction(db, async (trx: DB) => {
    const row = await lockedCoupon(trx, dialect, code);
    const gone = row.used
      ? 0
      : Number((await trx.deleteFrom('coupons').where('id', '=', row.id).where((eb) => eb.not(eb.exists(eb.selectFrom('orders').select('id').where('coupon_id', '=', row.id)))).executeTakeFirst()).numDeletedRows);
    if (gone === 0) throw new ApiError(409, `Orders used ${row.code}: it cannot be deleted, switch it off instead`);
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'coupon.deleted', subject: { kind: 'coupon', id: row.id }, orderId: null, before: rulesOf(row), after: undefined }, now);
    return row.code;
  });
}
