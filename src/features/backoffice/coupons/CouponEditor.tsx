import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { OrderStatus } from '../../../contract';
import type { BosCouponOrders } from '../../../contract/bos-coupons';
import { ORDER_STATUS_WORDS } from '../../../contract/order-constants';
import { bosCouponsApi } from '../../../lib/api/bos-coupons';
import { formatDateTime } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';
import { useConfirm } from '../../../ui/Confirm';
import { DateField } from '../../../ui/DateField';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import type { Option } from '../../../ui/Select';
import { useHydrated } from '../../../ui/use-hydrated';
import { COUPONS_PATH, deleteQuestion, STATUS_BADGE, STATUS_LABELS, switchOffQuestion } from './coupons';
import { $editor, checkCode, ORDERS_PER_PAGE, remove, save, seedEditor, seededEditor, setField, showOrders, switchActive, unsaved, type EditorSeed, type EditorState } from './editor';
import { clock, END_TIME, START_TIME, type CouponForm, type FormErrors } from './form';
import { whoCanUse } from './summary';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
const SECTION = 'flex flex-col gap-4 rounded-lg border border-border p-4';
const CODE_CHECK_AFTER_MS = 400;
const rupees = (paise: number) => formatRupees(toRupees(paise));

interface Props extends EditorSeed {
  categories: Option[];
  brands: Option[];
  /** India's year now: the summary leaves it out of dates. */
  year: string;
}

/**
 * A coupon's page: the form with every rule of the shop (inline errors as the contract words them), the live "who
 * can use it" sentence, and for a coupon that exists where it stands, switching it off or on, deleting it while no
 * order used it, and its usage (uses, customers, discount given, the orders). Leaving with unsaved changes asks first.
 */
export default function CouponEditor(props: Props) {
  const hydrated = useHydrated();
  const live = useStore($editor);
  useEffect(() => seedEditor(props), []);
  const state: EditorState = hydrated ? live : seededEditor(props);
  const client = hydrated ? bosCouponsApi() : null;
  const { form, errors, coupon } = state;
  const [confirmDialog, ask] = useConfirm();
  const reportBox = useRef<HTMLDivElement>(null);
  const locked = new Set(coupon?.locked ?? []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, []);
  // The code is looked up once the marketer pauses: a code taken is said before the save.
  useEffect(() => {
    if (!client || locked.has('code')) return;
    const timer = setTimeout(() => void checkCode(client), CODE_CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [form.code, hydrated]);

  const set = <K extends keyof CouponForm>(key: K) => (value: unknown) => setField(key, value as CouponForm[K]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!client) return;
    const ok = await save(client);
    if (!ok) setTimeout(() => (document.querySelector<HTMLElement>('#coupon-form [aria-invalid="true"]') ?? reportBox.current)?.focus(), 30);
    else reportBox.current?.focus();
  };
  const onSwitch = async (active: boolean) => {
    if (!client || !coupon) return;
    if (!active && !(await ask({ title: `Switch off ${coupon.code}`, message: switchOffQuestion(coupon), confirmText: 'Switch off', cancelText: 'Keep it on' }))) return;
    await switchActive(client, active);
    reportBox.current?.focus();
  };
  const onDelete = async () => {
    if (!client || !coupon) return;
    if (await ask({ title: `Delete ${coupon.code}`, message: deleteQuestion(coupon), confirmText: `Delete ${coupon.code}`, cancelText: 'Keep it' })) await remove(client);
  };
  const sentence = whoCanUse(form, {
    category: props.categories.find((c) => c.value === form.categoryId)?.label ?? (coupon?.category && String(coupon.category.id) === form.categoryId ? coupon.category.name : undefined),
    brand: props.brands.find((b) => b.value === form.brandId)?.label ?? (coupon?.brand && String(coupon.brand.id) === form.brandId ? coupon.brand.name : undefined),
    year: props.year,
  });
  const field = (key: keyof CouponForm & keyof FormErrors) => ({ value: form[key], onChange: set(key), error: errors[key] });
  const dirty = unsaved(state);

  return (
    <div className="flex flex-col gap-6">
      <div role="status" aria-live="polite" tabIndex={-1} ref={reportBox} className="outline-none" data-coupon-report>
        {state.report && <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>}
      </div>
      {coupon && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4 text-sm" data-coupon-state>
          <p className="flex flex-wrap items-center gap-2">
            <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[coupon.status]}`} data-coupon-status>{STATUS_LABELS[coupon.status]}</span>
            <span className="text-muted-foreground">{coupon.active ? 'Shoppers can apply it while it is active.' : 'Switched off: shoppers cannot apply it.'}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            {coupon.active ? (
              <button type="button" className={`${BUTTON} border border-border`} disabled={!client || state.busy !== null} onClick={() => void onSwitch(false)}>
                {state.busy === 'switching' ? 'Switching off…' : 'Switch off'}
              </button>
            ) : (
              <button type="button" className={`${BUTTON} border border-border`} disabled={!client || state.busy !== null} onClick={() => void onSwitch(true)}>
                {state.busy === 'switching' ? 'Switching on…' : 'Switch on'}
              </button>
            )}
            {!coupon.used && (
              <button type="button" className={`${BUTTON} border border-red-700 text-red-800`} disabled={!client || state.busy !== null} onClick={() => void onDelete()}>
                {state.busy === 'deleting' ? 'Deleting…' : 'Delete'}
              </button>
            )}
          </div>
          {coupon.used && <p className="basis-full text-xs text-muted-foreground">Orders used it, so it cannot be deleted: switch it off instead. Its code and kind stay as they are.</p>}
        </div>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form id="coupon-form" noValidate onSubmit={onSubmit} aria-label={coupon ? `Coupon ${coupon.code}` : 'New coupon'} className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1" data-coupon-form>
          <section className={SECTION} aria-labelledby="c-code">
            <h2 id="c-code" className="text-base font-semibold">Code and description</h2>
            <Field
              name="code"
              label="Code"
              required
              readonly={locked.has('code')}
              {...field('code')}
              onChange={(v) => setField('code', String(v).toUpperCase())}
              description={locked.has('code') ? 'Orders used this code: it can no longer change.' : 'What shoppers type: letters, digits and hyphens, 3 to 40. The shop reads it in capitals, whatever the case typed.'}
            />
            <Field name="description" label="Description (for staff)" {...field('description')} description="What the offer is for; shoppers do not see it." />
          </section>

          <section className={SECTION} aria-labelledby="c-discount">
            <h2 id="c-discount" className="text-base font-semibold">Discount</h2>
            <Field
              name="kind"
              label="Kind"
              type="radio"
              readonly={locked.has('kind')}
              options={[{ value: 'percent', label: 'A percentage off' }, { value: 'flat', label: 'A flat amount off' }]}
              {...field('kind')}
              description={locked.has('kind') ? 'Orders used this coupon: its kind can no longer change.' : undefined}
            />
            {form.kind === 'flat' ? (
              <Field name="amount" label="Amount off (₹)" required inputMode="decimal" {...field('amount')} description="Never more than the goods it covers." />
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field name="percent" label="Percentage off (%)" required inputMode="numeric" {...field('percent')} description="A whole number from 1 to 100." />
                <Field name="cap" label="Up to (₹)" inputMode="decimal" {...field('cap')} description="The most it takes off. Empty: no cap." />
              </div>
            )}
          </section>

          <section className={SECTION} aria-labelledby="c-who">
            <h2 id="c-who" className="text-base font-semibold">Who and what</h2>
            <Field name="minCart" label="Minimum cart (₹)" inputMode="decimal" {...field('minCart')} description="The goods' value before any discount. Empty: no minimum." />
            <Field
              name="scope"
              label="Applies to"
              type="radio"
              options={[{ value: 'all', label: 'The whole cart' }, { value: 'category', label: 'One category (and every category in it)' }, { value: 'brand', label: 'One brand' }]}
              value={form.scope}
              onChange={set('scope')}
            />
            {form.scope === 'category' && <Field name="categoryId" label="Category" type="select" required options={props.categories} placeholder="Choose a category…" {...field('categoryId')} />}
            {form.scope === 'brand' && <Field name="brandId" label="Brand" type="select" required options={props.brands} placeholder="Choose a brand…" {...field('brandId')} />}
            <Field name="firstOrder" label="First order only" type="checkbox" value={form.firstOrder} onChange={set('firstOrder')} description="Only for a customer with no order yet (they sign in to use it)." />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name="perCustomer" label="Uses per customer" inputMode="numeric" {...field('perCustomer')} description="1 is once per customer (they sign in to use it). Empty: no limit." />
              <Field name="usageLimit" label="Uses in all" inputMode="numeric" {...field('usageLimit')} description="Empty: no limit. A cancelled order gives its use back." />
            </div>
          </section>

          <section className={SECTION} aria-labelledby="c-when">
            <h2 id="c-when" className="text-base font-semibold">When <span className="font-normal text-muted-foreground">(India's time, IST)</span></h2>
            <Moment which="Start" date={form.startDate} time={form.startTime} error={errors.start} onDate={set('startDate')} onTime={set('startTime')} hint={`Empty: from now. A date without a time starts at ${clock(START_TIME)}.`} />
            <Moment which="End" date={form.endDate} time={form.endTime} error={errors.end} onDate={set('endDate')} onTime={set('endTime')} hint={`It stops at this minute. Empty: no end. A date without a time ends at ${clock(END_TIME)}.`} />
          </section>

        </form>
        <aside className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 shadow-sm lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-labelledby="coupon-summary-h">
          <h2 id="coupon-summary-h" className="text-base font-semibold">Who can use it</h2>
          <p id="coupon-summary" className="text-sm leading-relaxed" data-coupon-summary>{sentence}.</p>
        </aside>
        <div className="flex flex-wrap items-center gap-3 lg:col-start-1 lg:row-start-2">
          <button type="submit" form="coupon-form" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!client || state.busy !== null} aria-describedby="coupon-summary" data-coupon-save>
            {state.busy === 'saving' ? 'Saving…' : coupon ? 'Save changes' : 'Create coupon'}
          </button>
          <a href={COUPONS_PATH} className={LINK}>Back to coupons</a>
          {dirty && <span className="text-sm text-muted-foreground" data-unsaved>Unsaved changes</span>}
        </div>
      </div>

      {coupon && <Usage state={state} onPage={client && ((page) => void showOrders(client, page))} />}
      {confirmDialog}
    </div>
  );
}

/** A moment of the window: a date from the calendar and a time, on India's clock, with one error for both. */
function Moment(props: { which: 'Start' | 'End'; date: string; time: string; error?: string; hint: string; onDate: (v: string) => void; onTime: (v: string) => void }) {
  const id = useId();
  const describedBy = [`${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  const invalid = props.error ? true : undefined;
  return (
    <fieldset className="flex flex-col gap-1" data-moment={props.which.toLowerCase()}>
      <legend className="mb-1 text-sm font-medium">{props.which}</legend>
      <div className="flex flex-wrap gap-3">
        <div className="flex w-56 max-w-full flex-col gap-1">
          <label htmlFor={`${id}-date`} className="text-xs text-muted-foreground">{props.which} date</label>
          <DateField id={`${id}-date`} value={props.date} onChange={props.onDate} invalid={invalid} describedBy={describedBy} />
        </div>
        <div className="flex w-40 flex-col gap-1">
          <label htmlFor={`${id}-time`} className="text-xs text-muted-foreground">{props.which} time</label>
          <input
            id={`${id}-time`}
            type="time"
            step={60}
            value={props.time}
            onChange={(e) => props.onTime(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`h-11 w-full rounded-md border bg-background px-3 text-sm ${props.error ? 'border-red-500' : 'border-border'} ${FOCUS}`}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">{props.hint}</p>
      {props.error && <p id={`${id}-error`} role="alert" className="text-xs text-red-600">{props.error}</p>}
    </fieldset>
  );
}

function Usage({ state, onPage }: { state: EditorState; onPage: ((page: number) => void) | null }) {
  const coupon = state.coupon!;
  const orders: BosCouponOrders = state.orders ?? { data: [], meta: { total: 0 } };
  const figures: [string, string][] = [
    ['Uses', coupon.usage_limit !== null ? `${coupon.uses.toLocaleString('en-IN')} of ${coupon.usage_limit.toLocaleString('en-IN')}` : coupon.uses.toLocaleString('en-IN')],
    ['Uses left', coupon.uses_left !== null ? coupon.uses_left.toLocaleString('en-IN') : 'No limit'],
    ['Customers', coupon.customers.toLocaleString('en-IN')],
    ['Discount given', rupees(coupon.discount_given_paise)],
  ];
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <section className={SECTION} aria-labelledby="c-usage" data-coupon-usage>
      <h2 id="c-usage" className="text-lg font-semibold">Usage</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([term, value]) => (
          <div key={term} className="rounded-md bg-muted/50 p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-figure={term}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">A use is an order holding the coupon: not cancelled and not failed. Cancelled orders are listed, and give their use back.</p>
      {orders.meta.total === 0 ? (
        <p className="text-sm text-muted-foreground">No order has used it yet.</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Orders that used {coupon.code}, newest first</caption>
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className={TH}>Order</th>
                  <th scope="col" className={TH}>Customer</th>
                  <th scope="col" className={TH}>Status</th>
                  <th scope="col" className={`${TH} text-right`}>Discount</th>
                  <th scope="col" className={`${TH} text-right`}>Total</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((o) => (
                  <tr key={o.id} className="border-t border-border" data-coupon-order={o.ordernumber}>
                    <th scope="row" className={`${TD} text-left font-medium`}>
                      {o.here ? <a href={`/bos/admin/orders/${o.id}`} className={LINK}>{o.ordernumber}</a> : <span>{o.ordernumber}</span>}
                      <span className="block text-xs font-normal text-muted-foreground">{formatDateTime(o.created_at)}{o.here ? '' : ` · ${o.website}`}</span>
                    </th>
                    <td className={TD}>{o.customer}</td>
                    <td className={TD}>
                      {ORDER_STATUS_WORDS[o.status as OrderStatus] ?? o.status}
                      {!o.counts && <span className="block text-xs text-muted-foreground">use given back</span>}
                    </td>
                    <td className={`${TD} text-right tabular-nums`}>{rupees(o.discount_paise)}</td>
                    <td className={`${TD} text-right tabular-nums`}>{rupees(o.total_paise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {orders.meta.total > ORDERS_PER_PAGE && onPage && <Pagination label="Order pages" total={orders.meta.total} perPage={ORDERS_PER_PAGE} page={state.ordersPage} onPageChange={onPage} />}
        </>
      )}
    </section>
  );
}
