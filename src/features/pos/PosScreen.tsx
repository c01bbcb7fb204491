import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $busy, $counter, $screen, $upiWaiting, afterReport, closeTill, loadCounter, loadUpiWaiting, nextSale, openTill, resumeUpiWait, startScreen, stopScreen } from './till-session';
import { Receipt, ZReport } from './Receipts';
import { ReturnSale } from './ReturnSale';
import { Selling } from './Selling';
import { BUTTON, INPUT, PRIMARY } from './styles';
import { registerOffline } from './register-offline';
import { hasUpi } from './upi-wait';
import { formatRupees } from '../../lib/money';

// With a UPI sale only: its QR code and the QR library (docs/pos.md#upi).
const UpiPayment = lazy(() => import('./UpiPayment'));

interface Props {
  shopName: string;
  cashierName: string;
  lang: 'en' | 'hi';
  /** The cashier's line-discount limit in percent: 10, or 100 for staff with order:manage. */
  discountLimit: number;
}

/**
 * /pos: the till (docs/pos.md#the-screen). Opening a till, selling, the receipt, closing and the Z-report, one step
 * at a time; every step's state and action is till-session.ts's, this only draws them. Hydrated on load.
 */
export default function PosScreen(props: Props) {
  const screen = useStore($screen);
  useEffect(() => {
    void startScreen({ lang: props.lang, discountLimit: props.discountLimit });
    // The page's offline copy, so a reload without the network still opens the till (docs/pos.md#offline).
    registerOffline();
    return stopScreen;
  }, []);
  return (
    <div data-pos-screen={screen.step} className="h-full">
      {screen.step === 'loading' && <p className="p-6 text-lg" role="status">Getting the till ready…</p>}
      {screen.step === 'start' && <OpenTill error={screen.error} />}
      {screen.step === 'selling' && (
        <div className="flex h-full flex-col">
          <UpiWaiting />
          <div className="min-h-0 flex-1">
            <Selling discountLimit={props.discountLimit} />
          </div>
        </div>
      )}
      {screen.step === 'upi' && (
        <Suspense fallback={<p className="p-6 text-lg" role="status">Getting the UPI payment ready…</p>}>
          <UpiPayment sale={screen.sale} onSale={(sale) => $screen.set({ step: 'upi', sale })}>
            <section aria-labelledby="upi-resumed" className="mx-auto flex max-w-xl flex-col gap-3 p-6">
              <h1 id="upi-resumed" className="text-2xl font-semibold">Sale {screen.sale.ordernumber}: {formatRupees(screen.sale.total)}</h1>
              <p className="text-muted-foreground">This sale's receipt was on the screen before the reload; a customer who gave their phone has it by link too.</p>
              <button type="button" className={PRIMARY} onClick={nextSale} autoFocus>New sale</button>
            </section>
          </UpiPayment>
        </Suspense>
      )}
      {screen.step === 'receipt' &&
        (hasUpi(screen.receipt.sale) ? (
          <Suspense fallback={<p className="p-6 text-lg" role="status">Getting the UPI payment ready…</p>}>
            <UpiPayment sale={screen.receipt.sale} onSale={(sale) => $screen.set({ step: 'receipt', receipt: { ...screen.receipt, sale } })}>
              <Receipt receipt={screen.receipt} shopName={props.shopName} cashierName={props.cashierName} />
            </UpiPayment>
          </Suspense>
        ) : (
          <Receipt receipt={screen.receipt} shopName={props.shopName} cashierName={props.cashierName} />
        ))}
      {screen.step === 'closing' && <CloseTill error={screen.error} />}
      {screen.step === 'returns' && <ReturnSale shopName={props.shopName} cashierName={props.cashierName} />}
      {screen.step === 'report' && <ZReport report={screen.report} shopName={props.shopName} onDone={afterReport} />}
    </div>
  );
}

function OpenTill({ error }: { error: string | null }) {
  const counter = useStore($counter);
  const busy = useStore($busy);
  const [warehouse, setWarehouse] = useState('');
  const [cash, setCash] = useState('');
  const chosen = warehouse || String(counter?.warehouses[0]?.id ?? '');
  return (
    <section aria-labelledby="open-till" className="mx-auto flex max-w-xl flex-col gap-5 p-6">
      <h1 id="open-till" className="text-2xl font-semibold">Open a till</h1>
      <p className="text-muted-foreground">Choose the counter you sell at and count the cash in the drawer.</p>
      {error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">{error}</p>}
      {!counter ? (
        <button type="button" className={PRIMARY} onClick={() => void loadCounter()}>Try again</button>
      ) : (
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void openTill(Number(chosen), cash);
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium">Counter (warehouse)</legend>
            {counter.warehouses.map((w) => (
              <label key={w.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-4 has-[:checked]:border-primary has-[:checked]:bg-muted">
                <input type="radio" name="warehouse" value={w.id} checked={chosen === String(w.id)} onChange={() => setWarehouse(String(w.id))} className="size-5" />
                <span>{w.name} <span className="text-muted-foreground">({w.code})</span></span>
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Opening cash (₹)</span>
            <input className={INPUT} inputMode="decimal" autoComplete="off" value={cash} onChange={(e) => setCash(e.target.value)} placeholder="0" />
          </label>
          <button type="submit" className={PRIMARY} disabled={busy || !chosen}>Open till</button>
        </form>
      )}
    </section>
  );
}

function CloseTill({ error }: { error: string | null }) {
  const busy = useStore($busy);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  return (
    <section aria-labelledby="close-till" className="mx-auto flex max-w-xl flex-col gap-5 p-6">
      <h1 id="close-till" className="text-2xl font-semibold">Close the till</h1>
      <p className="text-muted-foreground">Count the cash in the drawer. Sales still waiting on this device are sent first.</p>
      {error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">{error}</p>}
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void closeTill(counted, note);
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="font-medium">Counted cash (₹)</span>
          <input className={INPUT} inputMode="decimal" autoComplete="off" required value={counted} onChange={(e) => setCounted(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">Note (optional)</span>
          <textarea className={`${INPUT} h-24 py-2`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <div className="flex gap-3">
          <button type="button" className={BUTTON} onClick={() => $screen.set({ step: 'selling' })}>Back to selling</button>
          <button type="submit" className={PRIMARY} disabled={busy}>Close till and show the Z-report</button>
        </div>
      </form>
    </section>
  );
}

/** This till's sales still waiting for UPI, which the screen no longer shows (after a reload): each can be taken up again. */
function UpiWaiting() {
  const waiting = useStore($upiWaiting);
  const busy = useStore($busy);
  useEffect(() => {
    void loadUpiWaiting();
  }, []);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="upi-waiting" className="mx-3 mt-3 flex flex-wrap items-center gap-2 rounded-md border-2 border-amber-600 bg-amber-50 px-4 py-2 text-amber-950" data-pos-upi-waiting>
      <h2 id="upi-waiting" className="font-semibold">Waiting for UPI:</h2>
      {waiting.map((sale) => (
        <button key={sale.order_id} type="button" className={BUTTON} disabled={busy} onClick={() => void resumeUpiWait(sale.order_id)}>
          Show {sale.ordernumber} ({formatRupees(sale.total)})
        </button>
      ))}
    </section>
  );
}
