/**
 * The sales figures screen's pure logic (docs/back-office.md#sales-figures): the channels' and periods' words,
 * each channel's share of a period for its bar, and the chart's series. No DOM, no fetch.
 */
import type { BosSalesFigures, ChannelFigures, SalesChannel } from '../../../contract/bos-sales';

export const CHANNEL_LABEL: Record<SalesChannel, string> = { web: 'Web shop', agent: 'Sales agents', pos: 'Counter (POS)' };
export const PERIOD_LABEL: Record<BosSalesFigures['periods'][number]['key'], string> = { day: 'The day', week: 'Last 7 days', month: 'Last 30 days' };
/** Each channel's colour in the bars and the chart (with enough contrast on white for a line or a bar). */
export const CHANNEL_COLOUR: Record<SalesChannel, string> = { web: '#1d4ed8', agent: '#b45309', pos: '#047857' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The address's date (YYYY-MM-DD, a real one) or '' for today. */
export function readSalesDate(search: URLSearchParams): string {
  const date = (search.get('date') ?? '').trim();
  return DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) ? date : '';
}

/** Each channel's share of the period's amount, in whole percent for its bar (0 when the period sold nothing). */
export function shares(channels: ChannelFigures[]): Record<SalesChannel, number> {
  const total = channels.reduce((t, c) => t + Math.round(c.amount * 100), 0);
  return Object.fromEntries(channels.map((c) => [c.channel, total ? Math.round((Math.round(c.amount * 100) * 100) / total) : 0])) as Record<SalesChannel, number>;
}

/** The chart's series as uPlot takes them: x is the day's index (labelled by date), then each channel's amount. */
export function channelSeries(days: BosSalesFigures['days'], channels: readonly SalesChannel[]): { labels: string[]; data: [number[], ...number[][]] } {
  const labels = days.map((d) => d.date);
  return { labels, data: [labels.map((_, i) => i), ...channels.map((channel) => days.map((d) => d.channels.find((c) => c.channel === channel)?.amount ?? 0))] };
}
