/**
 * "Who can use it": a coupon's rules as one plain sentence, built from the form as the marketer types, so what the
 * shop will do is read before it is saved ("Any customer's first order of ₹499 or more in Staples, 10% off up to
 * ₹100, from 1 Dec 9:00 AM to 31 Dec 11:59 PM IST, 500 uses in all, once per customer"). The list shows each
 * coupon's sentence too. A pure function of the form: half-typed values are said as far as they can be.
 */
import { plural } from '../../../contract/plural';
import { formatRupees } from '../../../lib/money';
import { clock, END_TIME, paiseOf, START_TIME, type CouponForm } from './form';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** ₹499, ₹49.50, ₹1,499 (no paise when there are none). */
const rupees = (paise: number) => formatRupees(paise / 100).replace(/\.00$/, '');

/** A day and time on India's clock as the sentence says it: '1 Dec 9:00 AM', with the year when it is not `year`. */
function when(date: string, time: string, year: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const at = clock(time);
  if (!d || !at) return null;
  return `${Number(d[3])} ${MONTHS[Number(d[2]) - 1] ?? '?'}${d[1] === year ? '' : ` ${d[1]}`} ${at}`;
}

const TIMES: Record<number, string> = { 1: 'once', 2: 'twice' };

export interface SummaryNames {
  /** The chosen category's and brand's names (the form holds their ids). */
  category?: string;
  brand?: string;
  /** The year a date needs not say (India's year now): '1 Dec', or '1 Dec 2027'. */
  year: string;
}

/** The sentence. */
export function whoCanUse(form: CouponForm, names: SummaryNames): string {
  const parts: string[] = [];
  const min = paiseOf(form.minCart);
  let who = form.firstOrder ? "Any customer's first order" : 'Any order';
  if (min !== null && min > 0) who += ` of ${rupees(min)} or more`;
  if (form.scope === 'category') who += ` in ${names.category ?? 'a category not chosen yet'}`;
  if (form.scope === 'brand') who += ` of ${names.brand ?? 'a brand not chosen yet'} products`;
  parts.push(who);

  if (form.kind === 'flat') {
    const amount = paiseOf(form.amount);
    parts.push(amount !== null && amount > 0 ? `${rupees(amount)} off` : 'an amount off not set yet');
  } else {
    const percent = /^\d{1,3}$/.test(form.percent.trim()) ? Number(form.percent) : null;
    const cap = paiseOf(form.cap);
    const off = percent !== null && percent > 0 ? `${percent}% off` : 'a percentage off not set yet';
    parts.push(cap !== null && cap > 0 ? `${off} up to ${rupees(cap)}` : off);
  }

  const start = form.startDate ? when(form.startDate, form.startTime.trim() || START_TIME, names.year) : null;
  const end = form.endDate ? when(form.endDate, form.endTime.trim() || END_TIME, names.year) : null;
  if (start && end) parts.push(`from ${start} to ${end} IST`);
  else if (start) parts.push(`from ${start} IST, with no end`);
  else if (end) parts.push(`until ${end} IST`);
  else parts.push('at any time');

  const uses = /^\d+$/.test(form.usageLimit.trim()) ? Number(form.usageLimit) : null;
  parts.push(uses !== null && uses > 0 ? `${plural(uses, 'use', 'uses')} in all` : 'no limit on uses');
  const each = /^\d+$/.test(form.perCustomer.trim()) ? Number(form.perCustomer) : null;
  if (each !== null && each > 0) parts.push(`${TIMES[each] ?? `${each.toLocaleString('en-IN')} times`} per customer`);
  return parts.join(', ');
}
