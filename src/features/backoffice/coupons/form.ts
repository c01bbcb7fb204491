/**
 * A coupon's form (docs/back-office-coupons.md): what the marketer types (rupees, India's dates and times) and how
 * a coupon shows in it. Judging it is judge.ts' (it carries the contract's schema, so the list, which only shows
 * coupons, does not). Plain functions.
 */
import type { BosCoupon } from '../../../contract/bos-coupons';

type Scope = 'all' | 'category' | 'brand';

/** The form as typed: every number is text until it is read. Dates are India's calendar days, times India's clock. */
export interface CouponForm {
  code: string;
  description: string;
  kind: 'flat' | 'percent';
  /** Rupees off (flat). */
  amount: string;
  /** Percent off (percent). */
  percent: string;
  /** Rupees at most (percent only); empty for no cap. */
  cap: string;
  /** Rupees; empty for none. */
  minCart: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** Empty for no limit. */
  usageLimit: string;
  perCustomer: string;
  firstOrder: boolean;
  scope: Scope;
  categoryId: string;
  brandId: string;
}

/** The fields an error can be shown beside: the window's date and time share one. */
export type FormField = 'code' | 'description' | 'kind' | 'amount' | 'percent' | 'cap' | 'minCart' | 'start' | 'end' | 'usageLimit' | 'perCustomer' | 'categoryId' | 'brandId';
export type FormErrors = Partial<Record<FormField, string>>;

/** A window's date picked without a time starts at midnight, and ends at the day's last minute. */
export const START_TIME = '00:00';
export const END_TIME = '23:59';

export const EMPTY_FORM: CouponForm = {
  code: '', description: '', kind: 'percent', amount: '', percent: '', cap: '', minCart: '', startDate: '', startTime: '', endDate: '', endTime: '',
  usageLimit: '', perCustomer: '', firstOrder: false, scope: 'all', categoryId: '', brandId: '',
};

/** A time on the 24-hour clock (HH:mm) as people read it: '9:00 AM', '11:59 PM'; null when it is not one. */
export function clock(time: string): string | null {
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!t) return null;
  const hour = Number(t[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${t[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

const IST_OFFSET_MS = 330 * 60_000;

/** India's calendar day and clock (YYYY-MM-DD, HH:mm) of a moment. India keeps no daylight saving: +05:30 all year. */
export function toIndia(iso: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** The moment (ISO, UTC) of a day and time on India's clock, or null when they are not one. */
export function fromIndia(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const at = Date.parse(`${date}T${time}:00+05:30`);
  return Number.isNaN(at) || toIndia(new Date(at).toISOString()).date !== date ? null : new Date(at).toISOString();
}

/** Paise as rupees typed: 4000 → '40', 4050 → '40.50'. */
const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** Rupees as typed (50, 49.5, 1,499.00) to paise; null when it is not an amount. */
export function paiseOf(text: string): number | null {
  const clean = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** A whole number as typed; null when it is not one. */
export function wholeOf(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  return /^\d{1,9}$/.test(clean) ? Number(clean) : null;
}

/** The form of a coupon as it is. */
export function formOf(coupon: Pick<BosCoupon, 'code' | 'description' | 'kind' | 'value' | 'max_discount_paise' | 'min_cart_paise' | 'starts_at' | 'ends_at' | 'usage_limit' | 'per_user_limit' | 'first_order_only' | 'category' | 'brand'>): CouponForm {
  const start = coupon.starts_at ? toIndia(coupon.starts_at) : { date: '', time: '' };
  const end = coupon.ends_at ? toIndia(coupon.ends_at) : { date: '', time: '' };
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    amount: coupon.kind === 'flat' ? rupeesText(coupon.value) : '',
    percent: coupon.kind === 'percent' ? String(coupon.value) : '',
    cap: coupon.max_discount_paise !== null ? rupeesText(coupon.max_discount_paise) : '',
    minCart: coupon.min_cart_paise > 0 ? rupeesText(coupon.min_cart_paise) : '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    usageLimit: coupon.usage_limit !== null ? String(coupon.usage_limit) : '',
    perCustomer: coupon.per_user_limit !== null ? String(coupon.per_user_limit) : '',
    firstOrder: coupon.first_order_only,
    scope: coupon.category ? 'category' : coupon.brand ? 'brand' : 'all',
    categoryId: coupon.category ? String(coupon.category.id) : '',
    brandId: coupon.brand ? String(coupon.brand.id) : '',
  };
}

/** Whether two forms say the same coupon (unsaved changes when the form differs from what was saved). */
export const sameForm = (a: CouponForm, b: CouponForm) => (Object.keys(a) as (keyof CouponForm)[]).every((key) => a[key] === b[key]);

/** The categories a coupon may be kept to, each named by its path ('Staples › Rice'), in the tree's order. */
export function categoryOptions(tree: readonly CategoryNode[], parents: string[] = []): { value: string; label: string }[] {
  return tree.flatMap((c) => [{ value: String(c.id), label: [...parents, c.name].join(' › ') }, ...categoryOptions(c.children ?? [], [...parents, c.name])]);
}
interface CategoryNode {
  id: number;
  name: string;
  children?: readonly CategoryNode[];
}
