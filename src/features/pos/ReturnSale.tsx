import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { PosSale } from '../../contract/pos';
import { useConfirm } from '../../ui/Confirm';
import { unitsLeft } from '../../lib/pos-refund';
import { PaperChoice, usePaper } from './Receipts';
import { istTime, MODE_NAMES, rupees } from './receipt-text';
import { RETURN_REASONS, returnable, returnSummary, setRefundMode, setReturnQuantity, type ReturnDraft } from './return-draft';
import { $recentSales, $returnBusy, $returnError, $returnStep, backToSelling, findSale, openSale, startReturns, submitReturn, updateDraft } from './return-session';
import { BUTTON, INPUT, PRIMARY } from './styles';
import { $counter } from './till-session';

const money = (value: number) => rupees(Math.round(value * 100));

/**
 * Returns at the till (docs/pos.md#the-screen): find a sale by its order number or among the till's
 * latest, choose the lines and quantities going back, the refund mode and the reason, confirm what will be
 * refunded, then the return's receipt, printable like a sale's. Its state and actions are return-session.ts's.
 */
export function ReturnSale({ shopName, cashierName }: { shopName: string; cashierName: string }) {
  const step = useStore($returnStep);
  return (
    <div className="flex h-full flex-col gap-3 overflow-y-auto p-4" data-pos-returns={step.step}>
      {step.step === 'find' && <FindSale />}
      {step.step === 'sale' && <ChooseLines sale={step.sale} draft={step.draft} />}
      {step.step === 'done' && <ReturnReceipt shopName={shopName} cashierName={cashierName} />}
    </div>
  );
}

function ErrorNote() {
  const error = useStore($returnError);
  return error ? <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900" data-pos-return-error>{error}</p> : null;
}

function FindSale() {
  const recent = useStore($recentSales);
  const busy = useStore($returnBusy);
  const [number, setNumber] = useState('');
  return (
    <section aria-labelledby="returns-find" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 id="returns-find" className="text-2xl font-semibold">Return items</h1>
        <button type="button" className={BUTTON} onClick={backToSelling}>Back to selling</button>
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void findSale(number);
        }}
      >
        <label className="flex flex-1 flex-col gap-1">
          <span className="font-medium">Order number (on the bill)</span>
          <input className={`${INPUT} text-lg uppercase`} autoComplete="off" maxLength={40} value={number} onChange={(e) => setNumber(e.target.value)} autoFocus placeholder="AF-000123" />
        </label>
        <button type="submit" className={PRIMARY} disabled={busy}>Find sale</button>
      </form>
      <ErrorNote />
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Latest sales at this till</h2>
      {recent === null ? (
        <p className="text-muted-foreground" role="status">{busy ? 'Getting the latest sales…' : ''}</p>
      ) : recent.length === 0 ? (
        <p className="text-muted-foreground">No sales at this till yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Latest sales at this till" data-pos-recent>
          {recent.map((s) => (
            <li key={s.order_id}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md border border-border bg-background px-4 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => void openSale(s.order_id)}
              >
                <span className="font-medium">{s.ordernumber}</span>
                <span className="text-sm text-muted-foreground">{istTime(s.created_at)}</span>
                <span className="text-sm">{s.items} {s.items === 1 ? 'item' : 'items'}{s.returned > 0 && `, ${s.returned} returned`}</span>
                <span className="font-semibold tabular-nums">{money(s.total)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChooseLines({ sale, draft }: { sale: PosSale; draft: ReturnDraft }) {
  const busy = useStore($returnBusy);
  const [dialog, ask] = useConfirm();
  const summary = returnSummary(draft, sale);
  const set = (lineId: number, quantity: number) => updateDraft((d, s) => setReturnQuantity(d, s, lineId, quantity));
  const review = async () => {
    if (summary.units === 0) {
      $returnError.set('Choose what goes back: at least one item.');
      return;
    }
    $returnError.set(null);
    const confirmed = await ask({
      title: 'Confirm the return',
      confirmText: `Refund ${rupees(summary.refund_paise)} (${MODE_NAMES[draft.mode]})`,
      cancelText: 'Go back',
      message: (
        <div className="flex flex-col gap-2" data-pos-return-summary>
          <p>Sale {sale.ordernumber}: these go back to stock.</p>
          <ul className="flex flex-col gap-1">
            {summary.lines.map((l) => (
              <li key={l.line_id} className="flex justify-between gap-3">
                <span>{l.quantity} × {l.name} {l.pack}</span>
                <span className="tabular-nums">{rupees(l.refund_paise)}</span>
              </li>
            ))}
          </ul>
          <p className="text-lg font-semibold">Refund {rupees(summary.refund_paise)} in {MODE_NAMES[draft.mode]}</p>
          <p className="text-sm text-muted-foreground">Reason: {draft.detail.trim() ? `${draft.reason}: ${draft.detail.trim()}` : draft.reason}</p>
        </div>
      ),
    });
    if (confirmed) await submitReturn();
  };
  return (
    <section aria-labelledby="returns-sale" className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      {dialog}
      <div className="flex items-center justify-between gap-2">
        <h1 id="returns-sale" className="text-2xl font-semibold">Return from sale {sale.ordernumber}</h1>
        <div className="flex gap-2">
          <button type="button" className={BUTTON} onClick={startReturns}>Another sale</button>
          <button type="button" className={BUTTON} onClick={backToSelling}>Back to selling</button>
        </div>
      </div>
      <p className="text-muted-foreground">
        {istTime(sale.created_at)} · total {money(sale.total)} · paid by {[...new Set(sale.payments.map((p) => MODE_NAMES[p.mode]))].join(' and ')}
        {sale.offercode && ` · coupon ${sale.offercode}`}
      </p>
      <ErrorNote />
      <table className="w-full border-collapse text-left" aria-label="Lines of the sale">
        <thead className="text-sm text-muted-foreground">
          <tr>
            <th scope="col" className="py-1">Item</th>
            <th scope="col" className="py-1 text-right">Paid</th>
            <th scope="col" className="py-1 text-right">Sold</th>
            <th scope="col" className="py-1 text-right">Returned</th>
            <th scope="col" className="py-1 text-center">Return now</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {sale.lines.map((line) => {
            const left = unitsLeft(returnable(line));
            const quantity = draft.quantities[line.line_id] ?? 0;
            return (
              <tr key={line.line_id} data-pos-return-line={line.line_id}>
                <td className="py-2">{line.name} <span className="text-sm text-muted-foreground">{line.pack}</span></td>
                <td className="py-2 text-right tabular-nums">{money(line.amount)}</td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 text-right tabular-nums">{line.returned}</td>
                <td className="py-2">
                  {left === 0 ? (
                    <span className="block text-center text-sm text-muted-foreground">All returned</span>
                  ) : (
                    <div className="flex items-center justify-center gap-1">
                      <button type="button" className={BUTTON} aria-label={`One fewer ${line.name} to return`} disabled={quantity === 0} onClick={() => set(line.line_id, quantity - 1)}>−</button>
                      <input
                        key={`r-${quantity}`}
                        className="h-11 w-14 rounded-md border border-border text-center tabular-nums"
                        inputMode="numeric"
                        aria-label={`How many ${line.name} to return, at most ${left}`}
                        defaultValue={quantity}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') event.currentTarget.blur();
                        }}
                        onBlur={(event) => {
                          const typed = /^\d{1,4}$/.test(event.target.value.trim()) ? Number(event.target.value.trim()) : quantity;
                          set(line.line_id, typed);
                          event.target.value = String(Math.min(typed, left));
                        }}
                      />
                      <button type="button" className={BUTTON} aria-label={`One more ${line.name} to return`} disabled={quantity >= left} onClick={() => set(line.line_id, quantity + 1)}>+</button>
                      <span className="w-12 text-sm text-muted-foreground">of {left}</span>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="grid grid-cols-2 gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Refund by</legend>
          <div className="flex gap-2">
            {(['cash', 'card', 'upi'] as const).map((mode) => (
              <label key={mode} className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border border-border has-[:checked]:border-primary has-[:checked]:bg-muted">
                <input type="radio" name="pos-refund-mode" value={mode} checked={draft.mode === mode} onChange={() => updateDraft((d) => setRefundMode(d, mode))} className="size-4" />
                {mode === 'cash' ? 'Cash back' : MODE_NAMES[mode]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Reason</span>
            <select className={INPUT} value={draft.reason} onChange={(e) => updateDraft((d) => ({ ...d, reason: e.target.value }))}>
              {RETURN_REASONS.map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm">More about it (optional)</span>
            <input className={INPUT} maxLength={300} value={draft.detail} onChange={(e) => updateDraft((d) => ({ ...d, detail: e.target.value }))} />
          </label>
        </div>
      </div>
      <div className="sticky -bottom-4 -mx-4 mt-auto flex items-center justify-between gap-3 border-t border-border bg-background p-4">
        <p className="text-lg" role="status" data-pos-refund-total>
          {summary.units === 0 ? 'Nothing chosen yet' : <>Refund <strong>{rupees(summary.refund_paise)}</strong> for {summary.units} {summary.units === 1 ? 'item' : 'items'}</>}
        </p>
        <button type="button" className={PRIMARY} disabled={busy || summary.units === 0} onClick={() => void review()}>Review return</button>
      </div>
    </section>
  );
}

function ReturnReceipt({ shopName, cashierName }: { shopName: string; cashierName: string }) {
  const step = useStore($returnStep);
  const counter = useStore($counter);
  const [paper, setPaper] = usePaper();
  if (step.step !== 'done') return null;
  const { sale, taken, note } = step;
  const named = (lineId: number) => sale.lines.find((l) => l.line_id === lineId);
  return (
    <div className="flex flex-col items-center gap-4">
      <h1 className="text-2xl font-semibold">Return recorded: {money(taken.amount)} back in {MODE_NAMES[taken.refund_mode]}</h1>
      <div className="flex flex-wrap items-center gap-3">
        <PaperChoice paper={paper} onChange={setPaper} />
        <button type="button" className={BUTTON} onClick={() => print()}>Print</button>
        <button type="button" className={BUTTON} onClick={startReturns}>Another return</button>
        <button type="button" className={PRIMARY} onClick={backToSelling} autoFocus>Back to selling</button>
      </div>
      <article className="pos-print rounded-md border border-border bg-white p-3 font-mono text-sm text-black" data-paper={paper} data-pos-return-receipt data-return-id={taken.return_id} aria-label="Return receipt">
        <p className="text-center font-bold">{shopName}</p>
        {counter?.gstin && <p className="text-center">GSTIN {counter.gstin}</p>}
        <p className="text-center font-bold">Return · bill {sale.ordernumber}</p>
        <p className="text-center">{istTime(taken.created_at)}</p>
        <p className="text-center">Till {taken.till_id} · {cashierName}</p>
        <hr className="my-2 border-dashed border-black" />
        <table className="w-full">
          <tbody>
            {taken.lines.map((l) => (
              <tr key={l.line_id}>
                <td className="align-top">{named(l.line_id)?.name} {named(l.line_id)?.pack}<br />{l.quantity} returned</td>
                <td className="whitespace-nowrap pl-2 text-right align-top">{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <hr className="my-2 border-dashed border-black" />
        <dl className="grid grid-cols-[1fr_auto]">
          <dt className="font-bold">Refund</dt>
          <dd className="text-right font-bold" data-pos-refund>{money(taken.amount)}</dd>
          <dt>Paid back by</dt>
          <dd className="text-right">{MODE_NAMES[taken.refund_mode]}</dd>
        </dl>
        {note && <p className="mt-2">Reason: {note}</p>}
        <p className="mt-2 text-center">Thank you</p>
      </article>
    </div>
  );
}
