import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { BosRefund } from '../../../contract/bos-orders';
import { bosApi } from '../../../lib/api/bos';
import { formatDateTime } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { canAct, EMPTY_MARK, listCaption, markQuestion, PER_PAGE, providerName, readRefundsQuery, REFUND_TAB_HINTS, REFUND_TAB_LABELS, REFUND_TABS, refundsHref, triesText, type MarkForm, type RefundTab } from './refunds';
import { $refunds, followAddress, markRefunded, retry, seededRefunds, seedRefunds, showRefunds, type RefundsSeed, type RefundsState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `min-h-11 rounded-md px-3 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const rupees = (paise: number) => formatRupees(toRupees(paise));

/**
 * /bos/admin/refunds: refunds that need a hand. Tabs for failed and pending refunds with their counts; each refund
 * with its order, amount, provider, reason, the provider's error and when it was made; a failed one can be sent
 * again, or recorded as refunded by hand with the bank transfer's reference after a confirm step (order:manage
 * only). Server-rendered from the address; hydrated on load, it then loads each view on its own.
 */
export default function RefundsScreen(props: RefundsSeed & { canManage: boolean }) {
  const hydrated = useHydrated();
  const live = useStore($refunds);
  useEffect(() => {
    seedRefunds(props);
    const back = () => void followAddress(bosApi(), readRefundsQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: RefundsState = hydrated && live ? live : seededRefunds(props);
  const client = hydrated ? bosApi() : null;
  const [marking, setMarking] = useState<BosRefund | null>(null);
  const reportBox = useRef<HTMLDivElement>(null);
  // A settled refund leaves the list with the button that had the focus (or the dialog hands it back to that
  // button, gone by then): the focus goes to what the action did, not to the top of the page.
  const keepFocus = () =>
    setTimeout(() => {
      const at = document.activeElement;
      if (!at || at === document.body || !at.isConnected) reportBox.current?.focus();
    }, 50);
  // After "mark refunded" the dialog hands the focus back to its button, gone with its row: once the dialog has
  // closed (the Modal's effect runs before this one), the focus goes to what was done.
  const [focusReport, setFocusReport] = useState(false);
  useEffect(() => {
    if (!focusReport || marking !== null) return;
    reportBox.current?.focus();
    setFocusReport(false);
  }, [focusReport, marking]);
  const { query, list } = state;

  return (
    <div className="flex flex-col gap-4">
      <Tabs state={state} onTab={client && ((tab) => void showRefunds(client, { tab }))} />
      <p className="text-sm text-muted-foreground">{REFUND_TAB_HINTS[query.tab]}</p>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <div role="status" aria-live="polite" tabIndex={-1} ref={reportBox} className="outline-none" data-refunds-report>
        {state.report && (
          <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : state.report.tone === 'warning' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>
        )}
      </div>
      <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-refunds-empty>
            No {query.tab} refunds.
          </p>
        ) : (
          <RefundTable
            state={state}
            actions={props.canManage}
            onRetry={client && ((refund) => void retry(client, refund).then(keepFocus))}
            onMark={client && setMarking}
          />
        )}
      </div>
      {list.meta.total > 0 && (
        <Pagination
          label="Refund pages"
          total={list.meta.total}
          perPage={PER_PAGE}
          page={query.page}
          {...(client ? { onPageChange: (page: number) => void showRefunds(client, { page }) } : { hrefFor: (page: number) => refundsHref({ ...query, page }) })}
        />
      )}
      {props.canManage && client && <MarkDialog refund={marking} busy={state.acting !== null} onClose={() => setMarking(null)} onDone={() => setFocusReport(true)} send={(refund, form) => markRefunded(client, refund, form)} />}
    </div>
  );
}

function Tabs({ state, onTab }: { state: RefundsState; onTab: ((tab: RefundTab) => void) | null }) {
  const follow = (tab: RefundTab) => (event: MouseEvent) => {
    if (!onTab || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onTab(tab);
  };
  return (
    <nav aria-label="Refund lists">
      <ul className="flex flex-wrap gap-2">
        {REFUND_TABS.map((tab) => {
          const current = tab === state.query.tab;
          return (
            <li key={tab}>
              <a
                href={refundsHref({ tab, page: 1 })}
                onClick={follow(tab)}
                aria-current={current ? 'page' : undefined}
                data-refund-tab={tab}
                className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm ${FOCUS} ${current ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary'}`}
              >
                {REFUND_TAB_LABELS[tab]}
                <span className={`rounded-full px-2 text-xs font-semibold tabular-nums ${current ? 'bg-primary-foreground text-primary' : 'bg-muted'}`} data-count>{state.counts[tab].toLocaleString('en-IN')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function RefundTable({ state, actions, onRetry, onMark }: { state: RefundsState; actions: boolean; onRetry: ((refund: BosRefund) => void) | null; onMark: ((refund: BosRefund) => void) | null }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{listCaption(state.query.tab, state.list.meta.total)}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Order</th>
            <th scope="col" className={`${TH} text-right`}>Amount</th>
            <th scope="col" className={TH}>Reason</th>
            <th scope="col" className={TH}>Provider's answer</th>
            {actions && <th scope="col" className={TH}><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {state.list.data.map((refund) => (
            <tr key={refund.id} className="border-t border-border" data-refund-row={refund.id}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                <a href={`/bos/admin/orders/${refund.order_id}`} className={`whitespace-nowrap text-primary underline ${FOCUS}`}>{refund.ordernumber}</a>
                <span className="block text-xs font-normal text-muted-foreground">{formatDateTime(refund.created_at)}</span>
              </th>
              <td className={`${TD} text-right`}>
                <span className="font-medium tabular-nums">{rupees(refund.amount_paise)}</span>
                <span className="block text-xs text-muted-foreground">{providerName(refund.provider)} · {refund.kind === 'whole' ? 'whole order' : 'part'}</span>
              </td>
              <td className={TD}>{refund.reason ?? <span className="text-muted-foreground">—</span>}</td>
              <td className={TD}>
                {refund.last_error ?? <span className="text-muted-foreground">No answer yet</span>}
                <span className="block text-xs text-muted-foreground">{triesText(refund.attempts)}</span>
              </td>
              {actions && (
                <td className={TD}>
                  {canAct(refund) && (
                    <div className="flex flex-wrap gap-2" role="group" aria-label={`Refund of order ${refund.ordernumber}`}>
                      <button type="button" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!onRetry || state.acting !== null} aria-busy={state.acting === refund.id || undefined} onClick={() => onRetry?.(refund)}>
                        {state.acting === refund.id ? 'Sending…' : 'Send again'}
                      </button>
                      <button type="button" className={`${BUTTON} border border-border`} disabled={!onMark || state.acting !== null} onClick={() => onMark?.(refund)}>
                        Mark refunded by hand
                      </button>
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MarkDialog({ refund, busy, onClose, onDone, send }: { refund: BosRefund | null; busy: boolean; onClose: () => void; onDone: () => void; send: (refund: BosRefund, form: MarkForm) => Promise<{ field: keyof MarkForm; message: string } | null> }) {
  const [form, setForm] = useState<MarkForm>(EMPTY_MARK);
  const [problem, setProblem] = useState<{ field: keyof MarkForm; message: string } | null>(null);
  const [shown, setShown] = useState<BosRefund | null>(refund);
  useEffect(() => {
    if (refund) {
      setForm(EMPTY_MARK);
      setProblem(null);
      setShown(refund);
    }
  }, [refund]);
  const field = (key: keyof MarkForm) => ({ value: form[key], onChange: (v: unknown) => setForm((f) => ({ ...f, [key]: String(v ?? '') })), error: problem?.field === key ? problem.message : undefined });
  return (
    <Modal open={refund !== null} title="Mark refunded by hand" hideFooter width={520} onClose={onClose}>
      {shown && (
        <form
          className="flex flex-col gap-3"
          noValidate
          data-mark-form
          onSubmit={async (e) => {
            e.preventDefault();
            const wrong = await send(shown, form);
            setProblem(wrong);
            if (!wrong) {
              onClose();
              onDone();
            }
          }}
        >
          <p className="text-sm">{markQuestion(shown)}</p>
          <Field name="reference" label="Bank transfer reference (UTR)" required {...field('reference')} />
          <Field name="note" label="Note (optional)" {...field('note')} />
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className={`${BUTTON} border border-border`}>Back</button>
            <button type="submit" disabled={busy} className={`${BUTTON} bg-primary text-primary-foreground`}>Mark {rupees(shown.amount_paise)} refunded</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
