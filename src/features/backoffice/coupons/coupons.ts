/**
 * The coupons list (docs/back-office-coupons.md): the view as the address keeps it (search, status, page), what a
 * status and a coupon's uses say, and the questions asked before a coupon is switched off or deleted. Plain
 * functions: the stores, the islands, the pages and the tests share them.
 */
import type { BosCoupon, BosCouponList, CouponStatus } from '../../../contract/bos-coupons';
import { plural } from '../../../contract/plural';
import type { BosCouponsApi } from '../../../lib/api/bos-coupons';
import { formatRupees, toRupees } from '../../../lib/money';

export const PER_PAGE = 20;
export const COUPONS_PATH = '/bos/admin/coupons';

export type StatusFilter = CouponStatus | 'all';
// The contract's statuses, written out: the list's island does not carry the contract's schemas.
export const STATUS_FILTERS = ['all', 'active', 'scheduled', 'expired', 'used_up', 'off'] as const satisfies readonly StatusFilter[];
export const STATUS_LABELS: Record<StatusFilter, string> = { all: 'All', active: 'Active now', scheduled: 'Scheduled', expired: 'Expired', used_up: 'Used up', off: 'Switched off' };

/** Each status' badge: its words, and a colour that only repeats them. */
export const STATUS_BADGE: Record<CouponStatus, string> = {
  active: 'border-green-700 bg-green-50 text-green-900',
  scheduled: 'border-blue-700 bg-blue-50 text-blue-900',
  expired: 'border-border bg-muted text-foreground',
  used_up: 'border-amber-700 bg-amber-50 text-amber-900',
  off: 'border-red-700 bg-red-50 text-red-900',
};

export interface CouponsQuery {
  q: string;
  status: StatusFilter;
  page: number;
}

/** The view the address asks for (`?q=diwali&status=active&page=2`); anything it cannot be falls back to all, page 1. */
export function readCouponsQuery(params: URLSearchParams): CouponsQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 40),
    status: STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : 'all',
    page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a view: an empty search, all and page 1 are left out. */
export function couponsHref({ q, status, page }: CouponsQuery): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${COUPONS_PATH}${query ? `?${query}` : ''}`;
}

/** A coupon's own page. */
export const couponHref = (code: string) => `${COUPONS_PATH}/${encodeURIComponent(code)}`;

export interface CouponsView {
  query: CouponsQuery;
  list: BosCouponList;
}

/** Loads a view. */
export async function loadCoupons(client: Pick<BosCouponsApi, 'bosCoupons'>, query: CouponsQuery): Promise<CouponsView> {
  const list = await client.bosCoupons({ q: query.q || undefined, status: query.status === 'all' ? undefined : query.status, page: query.page, perPage: PER_PAGE });
  return { query, list };
}

const rupees = (paise: number) => formatRupees(toRupees(paise));

/** Its uses: '12 of 500 used · 488 left', '3 used', 'Not used yet'. */
export function usesText(coupon: Pick<BosCoupon, 'uses' | 'usage_limit' | 'uses_left'>): string {
  if (coupon.usage_limit !== null) return `${coupon.uses.toLocaleString('en-IN')} of ${coupon.usage_limit.toLocaleString('en-IN')} used · ${coupon.uses_left!.toLocaleString('en-IN')} left`;
  return coupon.uses === 0 ? 'Not used yet' : `${coupon.uses.toLocaleString('en-IN')} used`;
}

/** The discount its orders were given: '₹1,250.00 given'. */
export const givenText = (coupon: Pick<BosCoupon, 'discount_given_paise'>) => `${rupees(coupon.discount_given_paise)} given`;

/** The caption of the table: '3 coupons matching “diwali”, used up'. */
export function listCaption(query: CouponsQuery, total: number): string {
  const what = plural(total, 'coupon', 'coupons');
  const search = query.q ? ` matching “${query.q}”` : '';
  return `${what}${search}${query.status === 'all' ? '' : `, ${STATUS_LABELS[query.status].toLowerCase()}`}, newest first`;
}

/** What switching a coupon off does, said before it is done. */
export const switchOffQuestion = (coupon: Pick<BosCoupon, 'code' | 'uses'>) =>
  `Shoppers can no longer apply ${coupon.code}, and carts holding it lose its discount on their next look. Orders already placed keep theirs${coupon.uses > 0 ? ` (${plural(coupon.uses, 'order', 'orders')})` : ''}. You can switch it on again later.`;

/** What deleting a coupon does, said before it is done. */
export const deleteQuestion = (coupon: Pick<BosCoupon, 'code'>) =>
  `${coupon.code} is deleted for good: no order used it. Carts holding it will say it no longer exists.`;
