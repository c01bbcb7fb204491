import type { AgentSales } from '../../contract/agent';

/** The chart's series as uPlot takes them: x is the day's index (labelled by date), then revenue and orders. */
export function chartSeries(sales: AgentSales): { labels: string[]; data: [number[], number[], number[]] } {
  const labels = sales.days.map((d) => d.date);
  return { labels, data: [labels.map((_, i) => i), sales.days.map((d) => d.revenue), sales.days.map((d) => d.orders)] };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Nov 24' for an axis, from a calendar date (YYYY-MM-DD). */
export const dayLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
/** Rupees for an axis, the Indian way: ₹950, ₹12K, ₹1.5L, ₹2Cr. */
export const compactRupees = (rupees: number) => `₹${compact.format(rupees)}`;
