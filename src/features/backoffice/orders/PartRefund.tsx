import { useId, useRef, useState } from 'react';
import type { BosOrderDetail } from '../../../contract/bos-orders';
import { bosApi } from '../../../lib/api/bos';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { formatRupees, toRupees } from '../../../lib/money';
import { Field } from '../../../ui/Field';
import { useHydrated } from '../../../ui/use-hydrated';
import { EMPTY_REFUND, lineLeft, lineShare, partRefundOf, refundLabel, refundPlan, refundPreview, refusalText, type RefundField, type RefundForm, type RefundLine } from './part-refund';

type Props = Pick<BosOrderDetail, 'id' | 'status' | 'payment'> & { lines: RefundLine[] };

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `min-h-11 rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const rupees = (paise: number) => formatRupees(toRupees(paise));

/**
 * The order page's part refund (order:manage): a short-picked or damaged item. Chosen lines and how many of each,
 * or an amount, with a reason and whether the goods go back to stock; the button says what it will refund to whom,
 * and the form what can be refunded at most. After the refund the page loads again with it in its refunds list and
 * the new totals. An order that cannot be refunded in part (cash on delivery, unpaid, cancelled) says why instead.
 */
export default function PartRefund(props: Props) {
  const hydrated = useHydrated();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<RefundForm>(EMPTY_REFUND);
  const [problem, setProblem] = useState<{ field: RefundField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const state = partRefundOf(props);

  if (!state.possible) return <p className="text-sm text-muted-foreground" data-part-refund-unavailable>Part refund: {state.why}</p>;

  const set = (change: Partial<RefundForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setProblem(null);
  };
  const errorOf = (field: RefundField) => (problem?.field === field ? problem.message : undefined);
  const preview = refundPreview(props, form);

  const submit = async () => {
    const plan = refundPlan(props, form);
    if ('problem' in plan) return setProblem(plan.problem);
    setBusy(true);
    setRefusal(null);
    try {
      const refund = await bosApi().bosRefundPart(props.id, plan.body);
      // The page is drawn on the server: loaded again, it lists the refund with its state and the new totals.
      location.replace(`${location.pathname}?refunded=${refund.id}`);
    } catch (failure) {
      setRefusal(failure instanceof ApiCallError ? refusalText(failure.status, failure.body, failure.message) : errorMessage(failure));
      setBusy(false);
    }
  };

  const formId = `${ids}-form`;
  const linesError = errorOf('lines');
  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          ref={toggle}
          type="button"
          className={`${BUTTON} border border-border`}
          aria-expanded={open}
          aria-controls={formId}
          disabled={!hydrated}
          onClick={() => {
            setOpen(!open);
            setRefusal(null);
            setProblem(null);
          }}
        >
          {open ? 'Close the part refund' : 'Refund part of this order'}
        </button>
      </div>
      <form
        id={formId}
        hidden={!open}
        noValidate
        aria-labelledby={`${ids}-title`}
        className="flex flex-col gap-4 rounded-lg border border-border p-4"
        data-part-refund
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <h3 id={`${ids}-title`} className="text-base font-semibold">Refund part of this order</h3>
          <p className="text-sm text-muted-foreground" data-refundable>
            At most <span className="font-medium text-foreground tabular-nums">{rupees(state.refundablePaise)}</span> can be refunded: {rupees(props.payment.captured_paise)} paid
            through {state.to}, {rupees(props.payment.refunded_paise)} refunded.
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-1 text-sm font-medium">Refund</legend>
          {(['lines', 'amount'] as const).map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="mode" value={mode} checked={form.mode === mode} onChange={() => set({ mode })} className={`h-4 w-4 accent-[var(--color-primary)] ${FOCUS}`} />
              {mode === 'lines' ? 'Items and how many' : 'An amount'}
            </label>
          ))}
        </fieldset>

        {form.mode === 'lines' ? (
          <div className="flex flex-col gap-2">
            <div className="overflow-x-auto rounded-md border border-border">
              <table className="w-full min-w-[30rem] text-sm">
                <caption className="sr-only">Units to refund of each line</caption>
                <thead className="bg-muted/50">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">Item</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Can refund</th>
                    <th scope="col" className="px-3 py-2 text-left font-medium">Units to refund</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Refund</th>
                  </tr>
                </thead>
                <tbody>
                  {props.lines.map((line) => {
                    const left = lineLeft(line);
                    const typed = form.quantities[line.id] ?? '';
                    const units = /^\d+$/.test(typed.trim()) ? Number(typed) : 0;
                    const error = errorOf(`line-${line.id}`);
                    const errorId = `${ids}-line-${line.id}-error`;
                    return (
                      <tr key={line.id} className="border-t border-border" data-refund-line={line.id}>
                        <th scope="row" className="px-3 py-2 text-left font-normal">
                          {line.name} <span className="text-muted-foreground">· {line.pack}</span>
                        </th>
                        <td className="px-3 py-2 text-right tabular-nums">
                          {left} of {line.quantity}
                        </td>
                        <td className="px-3 py-2">
                          <input
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={left}
                            step={1}
                            disabled={left === 0}
                            value={typed}
                            placeholder="0"
                            aria-label={`Units of ${line.name} (${line.pack}) to refund`}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? errorId : undefined}
                            onChange={(e) => set({ quantities: { ...form.quantities, [line.id]: e.currentTarget.value } })}
                            className={`h-11 w-24 rounded-md border bg-background px-3 text-sm disabled:bg-muted ${error ? 'border-red-500' : 'border-border'} ${FOCUS}`}
                          />
                          {error && <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">{error}</p>}
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">{units > 0 && units <= left ? rupees(lineShare(line, units)) : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Field name="restock" type="checkbox" label="Put the goods back in stock" description="For goods that came back unharmed or were never packed." value={form.restock} onChange={(v) => set({ restock: Boolean(v) })} />
          </div>
        ) : (
          <Field name="amount" inputMode="decimal" label="Amount (₹)" required description={`At most ${rupees(state.refundablePaise)}.`} value={form.amount} onChange={(v) => set({ amount: String(v ?? '') })} error={errorOf('amount')} />
        )}
        {linesError && <p role="alert" className="text-sm text-red-700">{linesError}</p>}
        <Field name="reason" type="textarea" label="Reason" required description="The shopper is told it." value={form.reason} onChange={(v) => set({ reason: String(v ?? '') })} error={errorOf('reason')} />
        {refusal && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900" data-refund-refusal>{refusal}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={`${BUTTON} border border-border`} onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}>Back</button>
          <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!hydrated || busy} aria-busy={busy || undefined}>
            {busy ? 'Refunding…' : refundLabel(preview, state.to)}
          </button>
        </div>
      </form>
    </div>
  );
}
