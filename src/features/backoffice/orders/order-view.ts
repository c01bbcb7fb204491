/**
 * How the order page shows an order's parts (docs/back-office.md#screens): the address as lines, the distinct
 * delivery windows of its groups, who made a timeline entry, and what an audit row changed. Plain functions.
 */
import type { BosOrderDetail } from '../../../contract/bos-orders';
import { formatCalendarDate } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';

/** The address as ordered, one line each (name, phone, street lines, city and pincode). */
export function addressLines(address: Record<string, unknown>): string[] {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
  const place = [text('city'), text('state')].filter(Boolean).join(', ');
  return [text('name'), text('phone'), text('line1'), text('line2'), text('landmark'), [place, text('pincode')].filter(Boolean).join(' ')].filter(Boolean);
}

/** Each distinct delivery window of the order's lines, as "Nov 28, 2026, 7:00 AM – 11:00 AM". */
export function deliveryWindows(lines: BosOrderDetail['lines']): string[] {
  const seen = new Set<string>();
  for (const { delivery } of lines) {
    if (!delivery.date) continue;
    seen.add(`${formatCalendarDate(delivery.date)}${delivery.start && delivery.end ? `, ${delivery.start} – ${delivery.end}` : ''}`);
  }
  return [...seen];
}

const KIND: Record<string, string> = { shopper: 'Shopper', agent: 'Sales agent', staff: 'Staff', provider: 'Payment provider', sweeper: 'System' };

/** Who made a timeline entry: "Staff · Meera Iyer", "Shopper", "Payment provider". */
export const actorText = (actor: BosOrderDetail['timeline'][number]['actor']) => [KIND[actor.kind] ?? actor.kind, actor.name].filter(Boolean).join(' · ');

/** One side of an audit row's change in words: amounts in rupees, lists counted ("refunded ₹420.00, 1 line, restock no"). */
function sideText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object' || Array.isArray(value)) return typeof value === 'string' ? value : JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
  if (entries.length === 1 && entries[0]![0] === 'status' && typeof entries[0]![1] === 'string') return entries[0]![1];
  if (entries.length === 0) return '—';
  return entries
    .map(([key, v]) => {
      if (key === 'status' && typeof v === 'string') return v.replace(/_/g, ' ');
      const label = key.replace(/_(paise|id)$/, '').replace(/_/g, ' ');
      if (key.endsWith('_paise') && typeof v === 'number') return `${label} ${formatRupees(toRupees(v))}`;
      if (Array.isArray(v)) return v.length === 1 ? `1 ${label.replace(/s$/, '')}` : `${v.length} ${label}`;
      if (typeof v === 'boolean') return `${label} ${v ? 'yes' : 'no'}`;
      if (key.endsWith('_id') && typeof v === 'number') return `${label} #${v}`;
      return `${label} ${typeof v === 'string' ? v : JSON.stringify(v)}`;
    })
    .join(', ');
}

const ACTION_WORDS: Record<string, string> = {
  'order.confirmed': 'Confirmed',
  'order.packed': 'Marked packed',
  'order.out_for_delivery': 'Sent out for delivery',
  'order.delivered': 'Marked delivered',
  'order.cancelled': 'Cancelled',
  'refund.created': 'Part refund',
  'refund.retried': 'Refund sent again',
  'refund.marked_refunded': 'Refund recorded as made by hand',
};
/** What a staff action was, in words ("Sent out for delivery"); an action without words keeps its code. */
export const actionText = (action: string) => ACTION_WORDS[action] ?? action;

/** An audit row's before → after, in words ("placed → confirmed", "refunded ₹0.00 → refunded ₹420.00, …"). */
export const changeText = (before: unknown, after: unknown): string => `${sideText(before)} → ${sideText(after)}`;

/** A refund's lines as the order names them: "1 × Toor Dal (1 kg), 2 × Rice (5 kg)"; empty for an amount. */
export function refundLinesText(refund: Pick<BosOrderDetail['refunds'][number], 'lines'>, lines: Pick<BosOrderDetail['lines'][number], 'id' | 'name' | 'pack'>[]): string {
  return refund.lines
    .map((l) => {
      const line = lines.find((x) => x.id === l.line_id);
      return `${l.quantity} × ${line ? `${line.name} (${line.pack})` : `line ${l.line_id}`}`;
    })
    .join(', ');
}

/**
 * The order's refunds by state, in paise: what reached the shopper (processed), what is on its way (pending) and
 * what the provider refused (failed: a person sends it again or pays it by hand). Only the first is "Refunded".
 */
export function refundSums(refunds: Pick<BosOrderDetail['refunds'][number], 'status' | 'amount_paise'>[]): Record<'processed' | 'pending' | 'failed', number> {
  const sums = { processed: 0, pending: 0, failed: 0 };
  for (const r of refunds) sums[r.status] += r.amount_paise;
  return sums;
}
