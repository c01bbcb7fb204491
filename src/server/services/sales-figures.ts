/**
 * The shop's sales figures by channel (docs/back-office.md#sales-figures), for staff with order:manage.
 *
 * Counted orders: the website's orders created in the period (India's calendar days), status placed, confirmed,
 * packed, out for delivery or delivered (COUNTED_STATUSES, as a sales agent's figures count): a cancelled order is
 * never a sale, nor one waiting for its payment or whose payment failed (a POS sale waiting for its UPI payment
 * included, until the provider confirms it). Channel: pos (orders.channel), agent (an agent placed it), else web.
 * Refunds: processed refunds of counted orders, in the period they were paid back (processed_at), by their order's
 * channel. Every sum is an SQL aggregate in integer paise, per India day and channel, over the 30 days at most; the
 * periods are sums of those days.
 */
import { sql, type Kysely } from 'kysely';
import { SALES_CHANNELS, SALES_PERIODS, type BosSalesFigures, type BosSalesQuery, type ChannelFigures, type SalesChannel } from '../../contract/bos-sales';
import { indiaDate, indiaDayStart } from '../../lib/india-time';
import { toRupees } from '../../lib/money';
import type { Dialect } from '../db';
import type { Database } from '../db/schema';
import { COUNTED_STATUSES } from './agent-figures';

type DB = Kysely<Database>;
const DAY_MS = 86_400_000;
const LONGEST = Math.max(...SALES_PERIODS.map((p) => p.days));

/** The India calendar day of an ISO UTC text column, as YYYY-MM-DD (India keeps no daylight saving). */
const indiaDayOf = (dialect: Dialect, column: string) =>
  dialect === 'sqlite'
    ? sql<string>`date(${sql.ref(column)}, '+330 minutes')`
    : sql<string>`to_char(${sql.ref(column)}::timestamptz at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

const channelOf = sql<SalesChannel>`case when o.channel = 'pos' then 'pos' when o.agent_id is not null then 'agent' else 'web' end`;

const dayBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

interface Sums {
  orders: number;
  amount: number;
  refunded: number;
}
const figures = (channel: SalesChannel, s: Sums): ChannelFigures => ({ channel, orders: s.orders, amount: toRupees(s.amount), refunded: toRupees(s.refunded), net: toRupees(s.amount - s.refunded) });

/** GET /bos/sales: the day's, 7 days' and 30 days' figures by channel, ending on `date` (today in India by default). */
export async function salesFigures(db: DB, dialect: Dialect, websiteId: number, query: BosSalesQuery, now = new Date()): Promise<BosSalesFigures> {
  const date = query.date ?? indiaDate(now);
  const first = dayBefore(date, LONGEST - 1);
  const start = new Date(indiaDayStart(first)).toISOString();
  const end = new Date(indiaDayStart(date) + DAY_MS).toISOString();
  const orderDay = indiaDayOf(dialect, 'o.created_at');
  const refundDay = indiaDayOf(dialect, 'r.processed_at');
  const [sold, refunded] = await Promise.all([
    db
      .selectFrom('orders as o')
      .select([orderDay.as('day'), channelOf.as('channel'), (eb) => eb.fn.countAll<number | string>().as('orders'), (eb) => eb.fn.sum<number | string>('o.total_paise').as('amount')])
      .where('o.website_id', '=', websiteId)
      .where('o.created_at', '>=', start)
      .where('o.created_at', '<', end)
      .where('o.status', 'in', COUNTED_STATUSES)
      .groupBy([orderDay, channelOf])
      .execute(),
    db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select([refundDay.as('day'), channelOf.as('channel'), (eb) => eb.fn.sum<number | string>('r.amount_paise').as('amount')])
      .where('o.website_id', '=', websiteId)
      .where('r.status', '=', 'processed')
      .where('r.processed_at', '>=', start)
      .where('r.processed_at', '<', end)
      .where('o.status', 'in', COUNTED_STATUSES)
      .groupBy([refundDay, channelOf])
      .execute(),
  ]);
  const sums = new Map<string, Sums>();
  const at = (day: string, channel: string) => {
    const key = `${day} ${channel}`;
    let s = sums.get(key);
    if (!s) sums.set(key, (s = { orders: 0, amount: 0, refunded: 0 }));
    return s;
  };
  for (const r of sold) {
    const s = at(r.day, r.channel);
    s.orders += Number(r.orders);
    s.amount += Number(r.amount ?? 0);
  }
  for (const r of refunded) at(r.day, r.channel).refunded += Number(r.amount ?? 0);
  const dates = Array.from({ length: LONGEST }, (_, i) => dayBefore(date, LONGEST - 1 - i));
  const over = (days: string[], channel: SalesChannel): Sums =>
    days.reduce<Sums>(
      (t, d) => {
        const s = sums.get(`${d} ${channel}`);
        return s ? { orders: t.orders + s.orders, amount: t.amount + s.amount, refunded: t.refunded + s.refunded } : t;
      },
      { orders: 0, amount: 0, refunded: 0 },
    );
  return {
    date,
    periods: SALES_PERIODS.map(({ key, days }) => {
      const span = dates.slice(LONGEST - days);
      const each = SALES_CHANNELS.map((channel) => over(span, channel));
      const total = each.reduce((t, s) => ({ orders: t.orders + s.orders, amount: t.amount + s.amount, refunded: t.refunded + s.refunded }), { orders: 0, amount: 0, refunded: 0 });
      const { channel: _channel, ...totals } = figures('web', total);
      return { key, from: span[0]!, to: date, days, channels: SALES_CHANNELS.map((channel, n) => figures(channel, each[n]!)), total: totals };
    }),
    days: dates.map((d) => ({ date: d, channels: SALES_CHANNELS.map((channel) => figures(channel, over([d], channel))) })),
  };
}
