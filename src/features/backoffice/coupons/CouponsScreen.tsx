import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { BosCoupon } from '../../../contract/bos-coupons';
import { bosCouponsApi } from '../../../lib/api/bos-coupons';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { couponHref, couponsHref, givenText, listCaption, PER_PAGE, readCouponsQuery, STATUS_BADGE, STATUS_FILTERS, STATUS_LABELS, usesText, type CouponsQuery, type CouponsView, type StatusFilter } from './coupons';
import { formOf } from './form';
import { $coupons, followAddress, seedCoupons, seededCoupons, showCoupons, type CouponsState } from './store';
import { whoCanUse } from './summary';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
const SEARCH_AFTER_MS = 250;

/**
 * /bos/admin/coupons: every coupon with who can use it (its rules in a sentence), where it stands, its uses and the
 * discount its orders were given; a search as you type (code or description), the statuses with their counts, and
 * a page, all in the address. Server-rendered from the address; hydrated on load, it then loads each view alone.
 */
export default function CouponsScreen(props: CouponsView & { year: string; notice: string | null }) {
  const hydrated = useHydrated();
  const live = useStore($coupons);
  useEffect(() => {
    seedCoupons(props);
    const back = () => void followAddress(bosCouponsApi(), readCouponsQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: CouponsState = hydrated && live ? live : seededCoupons(props);
  const client = hydrated ? bosCouponsApi() : null;
  const { query, list } = state;
  const [typed, setTyped] = useState(props.query.q);
  const search = useRef<HTMLInputElement>(null);

  // Typing searches once it pauses; Enter searches at once.
  useEffect(() => {
    if (!client || typed.trim() === query.q) return;
    const timer = setTimeout(() => void showCoupons(client, { q: typed }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, hydrated]);
  useEffect(() => setTyped((shown) => (shown.trim() === query.q ? shown : query.q)), [query.q]);
  const onSearch = (event: FormEvent) => {
    if (!client) return;
    event.preventDefault();
    void showCoupons(client, { q: typed });
  };

  return (
    <div className="flex flex-col gap-4">
      {props.notice && <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900" data-coupons-notice>{props.notice}</p>}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form role="search" aria-label="Coupons" action="/bos/admin/coupons" method="get" className="flex flex-wrap items-end gap-3" onSubmit={onSearch}>
          <div className="flex w-80 max-w-full flex-col gap-1">
            <label htmlFor="coupons-q" className="text-sm font-medium">Search coupons</label>
            <input
              ref={search}
              id="coupons-q"
              name="q"
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Code or description"
              maxLength={40}
              autoComplete="off"
              aria-controls="coupons-list"
              className={`h-11 w-full rounded-md border border-border bg-background px-3 text-sm focus:border-primary ${FOCUS}`}
            />
          </div>
          {query.status !== 'all' && <input type="hidden" name="status" value={query.status} />}
        </form>
        <a href="/bos/admin/coupons/new" className={`inline-flex min-h-11 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground ${FOCUS}`} data-new-coupon>
          New coupon
        </a>
      </div>
      <StatusTabs state={state} onStatus={client && ((status) => void showCoupons(client, { status }))} />
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <div id="coupons-list" aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-coupons-empty>
            {query.q || query.status !== 'all' ? 'No coupon matches.' : 'No coupons yet.'}{' '}
            {(query.q || query.status !== 'all') && (
              <a href={couponsHref({ q: '', status: 'all', page: 1 })} className={LINK} onClick={(e) => client && (e.preventDefault(), setTyped(''), void showCoupons(client, { q: '', status: 'all' }))}>Show every coupon</a>
            )}
          </p>
        ) : (
          <CouponTable coupons={list.data} query={query} total={list.meta.total} year={props.year} />
        )}
      </div>
      {list.meta.total > PER_PAGE && (
        <Pagination
          label="Coupon pages"
          total={list.meta.total}
          perPage={PER_PAGE}
          page={query.page}
          {...(client ? { onPageChange: (page: number) => void showCoupons(client, { page }) } : { hrefFor: (page: number) => couponsHref({ ...query, page }) })}
        />
      )}
    </div>
  );
}

function StatusTabs({ state, onStatus }: { state: CouponsState; onStatus: ((status: StatusFilter) => void) | null }) {
  const follow = (status: StatusFilter) => (event: MouseEvent) => {
    if (!onStatus || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onStatus(status);
  };
  return (
    <nav aria-label="Coupons by status">
      <ul className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((status) => {
          const current = status === state.query.status;
          return (
            <li key={status}>
              <a
                href={couponsHref({ q: state.query.q, status, page: 1 })}
                onClick={follow(status)}
                aria-current={current ? 'page' : undefined}
                data-coupon-status={status}
                className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm ${FOCUS} ${current ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary'}`}
              >
                {STATUS_LABELS[status]}
                <span className={`rounded-full px-2 text-xs font-semibold tabular-nums ${current ? 'bg-primary-foreground text-primary' : 'bg-muted'}`} data-count>
                  {state.list.meta.counts[status].toLocaleString('en-IN')}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CouponTable({ coupons, query, total, year }: { coupons: BosCoupon[]; query: CouponsQuery; total: number; year: string }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{listCaption(query, total)}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Code</th>
            <th scope="col" className={TH}>Who can use it</th>
            <th scope="col" className={TH}>Status</th>
            <th scope="col" className={`${TH} text-right`}>Uses</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.id} className="border-t border-border" data-coupon-row={coupon.code}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                <a href={couponHref(coupon.code)} className={`font-mono ${LINK}`}>{coupon.code}</a>
                {coupon.description && <span className="block max-w-56 text-xs font-normal text-muted-foreground">{coupon.description}</span>}
              </th>
              <td className={`${TD} max-w-md`}>{whoCanUse(formOf(coupon), { category: coupon.category?.name, brand: coupon.brand?.name, year })}</td>
              <td className={TD}>
                <span className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[coupon.status]}`}>{STATUS_LABELS[coupon.status]}</span>
              </td>
              <td className={`${TD} text-right tabular-nums`}>
                <span className="block whitespace-nowrap">{usesText(coupon)}</span>
                <span className="block whitespace-nowrap text-xs text-muted-foreground">{givenText(coupon)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
