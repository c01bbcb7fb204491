import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PosSale, PosUpiQr } from '../../contract/pos';
import { browserSend } from '../../lib/api/browser';
import { trackedFetch } from './connection-store';
import { qrPath } from './qr-matrix';
import { rupees, typedPaise } from './receipt-text';
import { BUTTON, INPUT, PRIMARY } from './styles';
import { nextSale } from './till-session';
import { $upiWait, startUpiWait, type UpiWait } from './upi-wait';

/**
 * A sale's UPI payment on the till (docs/pos.md#upi): the provider's QR code for the exact amount, big enough to
 * scan across the counter, waiting until the provider says it was paid; a new code when one closed; the wait
 * given up (cash instead, or the sale cancelled). Once it is settled, the receipt (`children`) under what became
 * of it. Loaded on demand: the QR library comes only with a UPI sale.
 */
export default function UpiPayment({ sale, onSale, children }: { sale: PosSale; onSale: (sale: PosSale) => void; children: ReactNode }) {
  const view = useStore($upiWait);
  const [wait, setWait] = useState<UpiWait | null>(null);
  useEffect(() => {
    const send = browserSend({ fetch: trackedFetch(globalThis.fetch.bind(globalThis)), cookies: () => document.cookie, origin: location.origin, lang: document.documentElement.lang });
    const started = startUpiWait({ send, sale, onSale });
    setWait(started);
    return () => {
      started.stop();
      $upiWait.set(null);
    };
    // One wait per sale: its later states come through onSale, not a new wait.
  }, [sale.order_id]);
  if (!view || view.sale.order_id !== sale.order_id) return <p className="p-6 text-lg" role="status">Getting the UPI payment ready…</p>;
  if (view.state !== 'waiting') {
    const said =
      view.state === 'paid'
        ? { title: `Paid: ${rupees(view.amount_paise)} by UPI`, tone: 'border-green-700 bg-green-50 text-green-900', text: 'The payment provider confirmed the payment.' }
        : view.state === 'cash'
          ? { title: `UPI not paid: ${rupees(view.amount_paise)} taken in cash`, tone: 'border-amber-700 bg-amber-50 text-amber-950', text: 'The QR code was closed at the provider.' }
          : { title: `Sale ${view.sale.ordernumber} cancelled`, tone: 'border-red-700 bg-red-50 text-red-900', text: 'The QR code was closed and the goods went back to stock. Give back any cash or card taken with it.' };
    return (
      <div className="flex h-full flex-col">
        <div role="status" className={`m-3 mb-0 rounded-md border-2 px-4 py-2 ${said.tone}`} data-pos-upi-state={view.state}>
          <p className="text-xl font-semibold">{said.title}</p>
          <p>{said.text}</p>
          {view.state === 'cancelled' && <button type="button" className={`${PRIMARY} mt-2`} onClick={nextSale} autoFocus>New sale</button>}
        </div>
        {view.state !== 'cancelled' && <div className="min-h-0 flex-1">{children}</div>}
      </div>
    );
  }
  return <Waiting view={view} wait={wait} />;
}

function Waiting({ view, wait }: { view: Extract<NonNullable<ReturnType<typeof $upiWait.get>>, { state: 'waiting' }>; wait: UpiWait | null }) {
  const [giving, setGiving] = useState<'cash' | 'cancel' | null>(null);
  const [tendered, setTendered] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    await work().finally(() => setBusy(false));
  };
  const tenderedPaise = tendered.trim() ? typedPaise(tendered) : view.amount_paise;
  return (
    <section aria-labelledby="upi-title" className="grid h-full grid-cols-[auto_minmax(0,1fr)] items-start gap-6 overflow-y-auto p-4" data-pos-upi-state="waiting" data-pos-upi-order={view.sale.order_id}>
      <QrPicture qr={view.qr} amountPaise={view.amount_paise} expired={view.expired} />
      <div className="flex flex-col gap-3">
        <h1 id="upi-title" className="text-2xl font-semibold">UPI payment: sale {view.sale.ordernumber}</h1>
        <p className="text-4xl font-bold tabular-nums" data-pos-upi-amount>{rupees(view.amount_paise)}</p>
        <p role="status" aria-live="polite" className="text-lg">
          {view.expired ? 'This QR code has closed: make a new one.' : view.qr ? 'Ask the customer to scan the code with any UPI app. Waiting for the payment provider…' : 'No QR code yet: the payment provider could not be reached.'}
        </p>
        <p className="text-sm text-muted-foreground">Paid only when the payment provider says so: a customer's screen is not proof.</p>
        {view.problem && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">{view.problem}</p>}
        {(view.expired || !view.qr) && (
          <button type="button" className={PRIMARY} disabled={busy || !wait} onClick={() => void act(() => wait!.renew())}>New QR code</button>
        )}
        {view.qr?.pay_page && (
          <p className="text-sm">
            Demo: <a className="font-medium underline underline-offset-2" href={view.qr.pay_page} target="_blank" rel="noopener" data-pos-upi-simulator>open the simulator's page to pay this code</a> (no real money moves).
          </p>
        )}
        {giving === null && (
          <div className="flex flex-wrap gap-2 border-t border-border pt-3">
            <button type="button" className={BUTTON} onClick={() => setGiving('cash')}>Take cash instead</button>
            <button type="button" className={BUTTON} onClick={() => setGiving('cancel')}>Cancel the sale</button>
          </div>
        )}
        {giving === 'cash' && (
          <form
            className="flex flex-col gap-2 border-t border-border pt-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (tenderedPaise === null || tenderedPaise < view.amount_paise || !wait) return;
              void act(() => wait.cancel('cash', tenderedPaise));
            }}
          >
            <p>The QR code is closed first, so the customer can no longer pay it.</p>
            <label className="flex flex-col gap-1 text-sm">
              <span>Cash tendered (₹)</span>
              <input className={INPUT} inputMode="decimal" autoComplete="off" placeholder={String(view.amount_paise / 100)} value={tendered} onChange={(e) => setTendered(e.target.value)} autoFocus />
            </label>
            {tenderedPaise !== null && tenderedPaise >= view.amount_paise && <p className="text-lg">Change: <strong>{rupees(tenderedPaise - view.amount_paise)}</strong></p>}
            {(tenderedPaise === null || tenderedPaise < view.amount_paise) && <p className="text-red-800">At least {rupees(view.amount_paise)}.</p>}
            <div className="flex gap-2">
              <button type="button" className={BUTTON} onClick={() => setGiving(null)}>Back</button>
              <button type="submit" className={PRIMARY} disabled={busy || tenderedPaise === null || tenderedPaise < view.amount_paise}>Take {rupees(view.amount_paise)} in cash</button>
            </div>
          </form>
        )}
        {giving === 'cancel' && (
          <div className="flex flex-col gap-2 border-t border-border pt-3">
            <p>Cancel sale {view.sale.ordernumber}? The QR code is closed and the goods go back to stock.</p>
            <div className="flex gap-2">
              <button type="button" className={BUTTON} onClick={() => setGiving(null)}>Back</button>
              <button type="button" className={`${PRIMARY} bg-red-700`} disabled={busy || !wait} onClick={() => void act(() => wait!.cancel('cancel'))}>Cancel the sale</button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

/** The QR code, 384 px square: drawn from its upi:// text, else the provider's image of it. */
function QrPicture({ qr, amountPaise, expired }: { qr: PosUpiQr | null; amountPaise: number; expired: boolean }) {
  const drawn = useMemo(() => (qr?.intent ? qrPath(qr.intent) : null), [qr?.intent]);
  const label = `UPI QR code for ${rupees(amountPaise)}`;
  const box = `flex size-96 items-center justify-center rounded-md border-2 border-border bg-white p-2 ${expired ? 'opacity-25' : ''}`;
  if (drawn) {
    return (
      <svg role="img" aria-label={label} viewBox={`0 0 ${drawn.size} ${drawn.size}`} className={box} shapeRendering="crispEdges" data-pos-upi-qr={qr!.id}>
        <rect width={drawn.size} height={drawn.size} fill="#fff" />
        <path d={drawn.d} fill="#000" />
      </svg>
    );
  }
  if (qr?.image_url) return <img src={qr.image_url} alt={label} className={box} data-pos-upi-qr={qr.id} />;
  return <div className={`${box} text-center text-muted-foreground`}>No QR code yet</div>;
}
