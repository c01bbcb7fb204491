import type { PosSale } from '../../contract/pos';
import { formatRupees, toRupees } from '../../lib/money';
import type { Ticket } from './ticket';

/** Plain helpers for what the till's screen and its receipts say: money and the time in India. */

export const rupees = (paise: number) => formatRupees(toRupees(paise));

const IST = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as a receipt prints it: Indian Standard Time, whatever the device's own zone ('27 Nov 2026, 10:42 am IST'). */
export const istTime = (iso: string) => `${IST.format(new Date(iso))} IST`;

export const MODE_NAMES = { cash: 'Cash', card: 'Card', upi: 'UPI' } as const;

/** The drawer's difference as the Z-report prints it: what was counted against what was expected, said as short or over. */
export function drawerDifference(difference: number): { label: 'Short' | 'Over' | 'Difference'; amount: number } {
  if (difference < 0) return { label: 'Short', amount: -difference };
  if (difference > 0) return { label: 'Over', amount: difference };
  return { label: 'Difference', amount: 0 };
}

/** Rupees as typed into an amount field, to paise; null for anything that is not an amount. */
export function typedPaise(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The payments a receipt prints: the shop's once it has recorded the sale (a UPI payment as the provider left it:
 * awaiting, or given up and taken in cash), the ticket's while the sale waits on the device.
 */
export function receiptPayments(ticket: Ticket, sale: PosSale | null): Array<{ label: string; paise: number }> {
  if (!sale) return ticket.payments.map((p) => ({ label: p.method === 'cash' ? 'Cash tendered' : MODE_NAMES[p.method], paise: p.method === 'cash' ? p.tendered_paise : p.amount_paise }));
  return sale.payments
    .filter((p) => p.state !== 'cancelled')
    .map((p) => ({
      label: p.mode === 'cash' ? 'Cash tendered' : `${MODE_NAMES[p.mode]}${p.state === 'pending' ? ' (awaiting)' : ''}`,
      paise: Math.round((p.mode === 'cash' ? (p.tendered ?? p.amount) : p.amount) * 100),
    }));
}
