/**
 * The shop's sales figures by channel for the back office (docs/back-office.md#sales-figures): the day's, the last
 * 7 days' and the last 30 days' orders and amounts for the web shop, sales agents and the point of sale, in
 * India's calendar days, and each day of the 30 for the chart. Sums are integer paise inside; the answer is rupees.
 */
import { z } from 'zod';
import { CalendarDate, Rupees } from './common';

/** Where an order came from: the web shop (a shopper), a sales agent for a customer, the shop's counter (POS). */
export const SALES_CHANNELS = ['web', 'agent', 'pos'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
/** The periods the figures are given for, each ending on the day asked for (India's date). */
export const SALES_PERIODS = [
  { key: 'day', days: 1 },
  { key: 'week', days: 7 },
  { key: 'month', days: 30 },
] as const;

export const BosSalesQuery = z
  .object({
    /** The last day of the figures (India's calendar date); today in India by default. */
    date: CalendarDate('date')
      .optional(),
  })
  .meta({ id: 'BosSalesQuery' });
export type BosSalesQuery = z.infer<typeof BosSalesQuery>;

/** One channel's figures in a period or a day. */
const ChannelFigures = z.object({
  channel: z.enum(SALES_CHANNELS),
  /** Orders counted (placed up to delivered: never cancelled, nor waiting for or failed payment). */
  orders: z.number().int(),
  /** What those orders came to (their totals). */
  amount: Rupees,
  /** Refunds paid back in the period (processed) on counted orders of the channel. */
  refunded: Rupees,
  /** amount − refunded. */
  net: Rupees,
});
export type ChannelFigures = z.infer<typeof ChannelFigures>;

export const BosSalesFigures = z
  .object({
    /** The last day of every period (India's date). */
    date: z.string(),
    periods: z.array(
      z.object({
        key: z.enum(['day', 'week', 'month']),
        from: z.string(),
        to: z.string(),
        days: z.number().int(),
        channels: z.array(ChannelFigures),
        total: ChannelFigures.omit({ channel: true }),
      }),
    ),
    /** Each day of the 30, oldest first, every channel (zeros included): the chart's figures. */
    days: z.array(z.object({ date: z.string(), channels: z.array(ChannelFigures) })),
  })
  .meta({ id: 'BosSalesFigures' });
export type BosSalesFigures = z.infer<typeof BosSalesFigures>;
