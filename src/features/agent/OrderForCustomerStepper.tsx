import { useEffect, useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../contract/constants';
import { parseQuantity } from './order-for-customer-view';

interface Props {
  /** What the quantity is of, for assistive technology: 'Toor Dal, 1 kg'. */
  label: string;
  quantity: number;
  busy: boolean;
  canAdd: boolean;
  onAdd: () => void;
  onRemoveOne: () => void;
  /** A typed quantity (the order refuses one below 1, and sets one above the limit to the limit). */
  onSet: (quantity: number) => void;
  /** A narrower quantity field (a pack row of the search results at 360 px); the buttons stay 44 px. */
  compact?: boolean;
}


/**
 * − [quantity] +, with 44 px targets; the quantity can also be typed (a shop orders 24 at a time), and is
 * sent when the field is left or Enter is pressed. The typed text stays while its call is in flight; once no
 * call is (it settled, or none was sent), the field shows what the line holds, whatever the answer was.
 */
export default function OrderForCustomerStepper({ label, quantity, busy, canAdd, onAdd, onRemoveOne, onSet, compact = false }: Props) {
  const STEP = 'grid min-h-11 min-w-11 place-items-center text-lg font-bold disabled:opacity-40';
  const [draft, setDraft] = useState(String(quantity));
  const [commits, setCommits] = useState(0);
  useEffect(() => {
    if (!busy) setDraft(String(quantity));
  }, [quantity, busy, commits]);
  const commit = () => {
    const wanted = parseQuantity(draft);
    if (wanted !== null && wanted !== quantity) onSet(wanted);
    setCommits((n) => n + 1);
  };
  return (
    <div role="group" aria-label={`Quantity of ${label}`} aria-busy={busy || undefined} className="flex items-center rounded-full border border-border bg-background aria-busy:opacity-60">
      <button type="button" className={STEP} disabled={busy} onClick={onRemoveOne} aria-label={`One fewer ${label}`}>−</button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={`Quantity of ${label}`}
        value={draft}
        disabled={busy}
        maxLength={String(MAX_LINE_QUANTITY).length + 1}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className={`h-9 ${compact ? 'w-8' : 'w-10'} rounded bg-transparent text-center text-sm font-semibold outline-none focus:ring-2 focus:ring-primary`}
      />
      <button type="button" className={STEP} disabled={busy || !canAdd} onClick={onAdd} aria-label={`One more ${label}`}>+</button>
    </div>
  );
}
