import { formatRupees, toRupees } from '../../lib/money';

/** Plain helpers for what the till's screen and its receipts say: money and the time in India. */

export const rupees = (paise: number) => formatRupees(toRupees(paise));

const IST = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as a receipt prints it: Indian Standard Time, whatever the device's own zone ('27 Nov 2026, 10:42 am IST'). */
export const istTime = (iso: string) => `${IST.format(new Date(iso))} IST`;

export const MODE_NAMES = { cash: 'Cash', card: 'Card', upi: 'UPI' } as const;

/** Rupees as typed into an amount field, to paise; null for anything that is not an amount. */
export function typedPaise(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
