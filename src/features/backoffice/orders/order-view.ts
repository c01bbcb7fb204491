/**
 * How the order page shows an order's parts (docs/back-office.md#screens): the address as lines, the distinct
 * delivery windows of its groups, who made a timeline entry, and what an audit row changed. Plain functions.
 */
import type { BosOrderDetail } from '../../../contract/bos-orders';
import { formatCalendarDate } from '../../../lib/format';

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

/** An audit row's before → after, as short text ("placed → confirmed", or the JSON of each side). */
export function changeText(before: unknown, after: unknown): string {
  const side = (value: unknown) => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'object' && value !== null && 'status' in value && typeof (value as { status: unknown }).status === 'string') return (value as { status: string }).status;
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return `${side(before)} → ${side(after)}`;
}

/** A refund's lines as the order names them: "1 × Toor Dal (1 kg), 2 × Rice (5 kg)"; empty for an amount. */
export function refundLinesText(refund: Pick<BosOrderDetail['refunds'][number], 'lines'>, lines: Pick<BosOrderDetail['lines'][number], 'id' | 'name' | 'pack'>[]): string {
  return refund.lines
    .map((l) => {
      const line = lines.find((x) => x.id === l.line_id);
      return `${l.quantity} × ${line ? `${line.name} (${line.pack})` : `line ${l.line_id}`}`;
    })
    .join(', ');
}
