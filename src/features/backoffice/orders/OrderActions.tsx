import { useState } from 'react';
import type { BosConflict, BosStatusBody } from '../../../contract/bos-orders';
import { bosApi } from '../../../lib/api/bos';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { formatRupees, toRupees } from '../../../lib/money';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { useHydrated } from '../../../ui/use-hydrated';
import { STATUS } from '../../orders/orders';
import { asksFirst, conflictText, EMPTY_FORM, MOVE_LABELS, moveBody, type MoveForm } from './order-actions';

type Move = BosStatusBody['to'];
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * The order page's buttons: the moves allowed from its status now. Cancel asks for a reason, out for delivery
 * for an optional rider, delivered for cash on delivery the amount collected, each in a dialog; the others move
 * at once. A move someone else made first is said with who and when; after a move the page loads again.
 */
export default function OrderActions({ id, moves, duePaise }: { id: number; moves: Move[]; duePaise: number | null }) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<Move | null>(null);
  const [form, setForm] = useState<MoveForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<{ field: keyof MoveForm; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (move: Move) => {
    const built = moveBody(move, form, duePaise);
    if ('problem' in built) return setProblem(built.problem);
    setBusy(true);
    setRefusal(null);
    try {
      await bosApi().bosMove(id, built.body);
      setAsking(null);
      // The page is drawn on the server: loaded again, it shows the new status, its timeline and audit rows.
      location.reload();
    } catch (failure) {
      setAsking(null);
      const body = failure instanceof ApiCallError && failure.status === 409 ? (failure.body as Partial<BosConflict>) : null;
      setRefusal(body?.status ? conflictText({ status: body.status, set_by: body.set_by ?? null }, (s) => STATUS[s].label) : errorMessage(failure));
      setBusy(false);
    }
  };
  const start = (move: Move) => {
    setForm(EMPTY_FORM);
    setProblem(null);
    if (asksFirst(move, duePaise)) setAsking(move);
    else void send(move);
  };
  const field = (key: keyof MoveForm) => ({ value: form[key], onChange: (v: unknown) => setForm((f) => ({ ...f, [key]: String(v ?? '') })), error: problem?.field === key ? problem.message : undefined });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Move this order">
        {moves.map((move) => (
          <button
            key={move}
            type="button"
            disabled={!hydrated || busy}
            onClick={() => start(move)}
            className={`min-h-11 rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS} ${move === 'cancelled' ? 'border border-red-700 text-red-800' : 'bg-primary text-primary-foreground'}`}
          >
            {MOVE_LABELS[move]}
            {move === 'delivered' && duePaise !== null ? ` (collect ${formatRupees(toRupees(duePaise))})` : ''}
          </button>
        ))}
      </div>
      {refusal && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{refusal}</p>}
      <Modal open={asking !== null} title={asking ? MOVE_LABELS[asking] : ''} hideFooter onClose={() => setAsking(null)}>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (asking) void send(asking);
          }}
        >
          {asking === 'cancelled' && (
            <>
              <p className="text-sm">The goods go back to stock; an order paid online is refunded what is left of its payment. The shopper is told.</p>
              <Field name="reason" type="textarea" label="Reason" required {...field('reason')} />
            </>
          )}
          {asking === 'out_for_delivery' && (
            <>
              <Field name="rider_name" label="Rider's name (optional)" {...field('rider_name')} />
              <Field name="rider_phone" type="tel" inputMode="numeric" label="Rider's phone (optional)" {...field('rider_phone')} />
            </>
          )}
          {asking === 'delivered' && duePaise !== null && (
            <>
              <Field name="collected" inputMode="decimal" label="Cash collected (₹)" required description={`${formatRupees(toRupees(duePaise))} is due.`} {...field('collected')} />
              <Field name="note" label="Note (needed when the amount differs)" {...field('note')} />
            </>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setAsking(null)} className={`min-h-11 rounded-md border border-border px-4 text-sm ${FOCUS}`}>Back</button>
            <button type="submit" disabled={busy} className={`min-h-11 rounded-md px-4 text-sm font-medium text-white disabled:opacity-50 ${FOCUS} ${asking === 'cancelled' ? 'bg-red-700' : 'bg-primary'}`}>
              {asking ? MOVE_LABELS[asking] : ''}
            </button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
