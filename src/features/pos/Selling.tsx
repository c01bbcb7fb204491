import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { PosPack } from '../../contract/pos';
import { CameraScan } from './CameraScan';
import { $online } from './connection-store';
import { MODE_NAMES, rupees, typedPaise } from './receipt-text';
import { CouponField } from './CouponField';
import { startReturns } from './return-session';
import { BUTTON, INPUT, PRIMARY } from './styles';
import { enterHint, foundHeading, searchNote } from './finder-keys';
import { $activeResult, $busy, $notice, $quickPicks, $refused, $results, $resultsFrom, $saleNumber, $till, addFromSearch, addToTicket, completeSale, dismissRefused, moveActiveResult, search, startClosing } from './till-session';
import { addPayment, lineDiscountLimit, removeLine, removePayment, setCustomerPhone, setLineDiscount, setNote, stepQuantity } from './ticket';
import { completeReason, heldQuantityNote, shortStockNote } from './ticket-hints';
import { $heldQuantity, $settlement, $ticket, typeQuantity, updateTicket } from './ticket-store';

/** The selling screen: find and scan on the left, the ticket and its payment on the right. */
export function Selling({ discountLimit }: { discountLimit: number }) {
  const saleNumber = useStore($saleNumber);
  return (
    <div className="grid h-full grid-cols-[minmax(0,1fr)_minmax(0,27rem)] gap-4 p-3">
      <Finder />
      <TicketPanel key={saleNumber} discountLimit={discountLimit} />
    </div>
  );
}

const GRID = 'grid min-h-0 grid-cols-3 content-start gap-2 overflow-y-auto';
const PICK = 'flex h-full min-h-24 flex-col items-start gap-1 rounded-md border border-border bg-background p-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary';

function packLabel(pack: PosPack) {
  return (
    <>
      <span className="line-clamp-2 font-medium">{pack.product_name}</span>
      {pack.product_name_hi && <span lang="hi" className="line-clamp-1 text-sm text-muted-foreground">{pack.product_name_hi}</span>}
      <span className="mt-auto flex items-baseline justify-between gap-2 text-sm">
        <span>{pack.pack_name}</span>
        <span className="font-semibold">{rupees(Math.round(pack.price * 100))}</span>
      </span>
    </>
  );
}

function Finder() {
  const quickPicks = useStore($quickPicks);
  const results = useStore($results);
  const from = useStore($resultsFrom);
  const notice = useStore($notice);
  const refused = useStore($refused);
  const till = useStore($till);
  const online = useStore($online);
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  // F2 anywhere: to the search box, for a cashier at a keyboard.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F2') return;
      event.preventDefault();
      box.current?.focus();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  const active = useStore($activeResult);
  const listed = !!results?.length;
  const note = searchNote(online);
  const hint = results?.length ? enterHint(results[active] ?? results[0]!) : null;
  const described = [note && 'pos-search-note', hint && 'pos-search-hint'].filter(Boolean).join(' ');
  // The active result in sight when the arrows move it down a long list.
  useEffect(() => {
    if (listed) document.getElementById(`pos-result-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listed]);
  return (
    <section aria-labelledby="finder" className="flex min-h-0 flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h1 id="finder" className="text-xl font-semibold">Till {till?.id} · {till?.warehouse.name}</h1>
        <div className="flex gap-2">
          <button type="button" className={BUTTON} onClick={startReturns} disabled={!online} title={online ? undefined : 'Returns need the network'}>Returns</button>
          <button type="button" className={BUTTON} onClick={startClosing}>Close till</button>
        </div>
      </div>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void addFromSearch(query).then((clear) => {
            if (clear) {
              setQuery('');
              void search('');
            }
          });
        }}
      >
        <label className="sr-only" htmlFor="pos-search">Search by name or type a barcode (F2)</label>
        {/* A combobox over the results' listbox: ↑ ↓ choose, Enter (or Add) adds the active result, Esc clears. */}
        <input
          ref={box}
          id="pos-search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listed ? 'pos-results' : undefined}
          aria-activedescendant={listed ? `pos-result-${active}` : undefined}
          aria-describedby={described || undefined}
          className={`${INPUT} text-lg`}
          placeholder="Name (English or हिन्दी) or barcode"
          autoComplete="off"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            void search(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              if (!listed) return;
              event.preventDefault();
              moveActiveResult(event.key === 'ArrowDown' ? 1 : -1);
            } else if (event.key === 'Escape' && query) {
              event.preventDefault();
              setQuery('');
              void search('');
            }
          }}
        />
        <button type="submit" className={BUTTON} aria-describedby={hint ? 'pos-search-hint' : undefined}>Add</button>
        <CameraScan />
      </form>
      {note && <p id="pos-search-note" className="-mt-1 text-sm font-medium text-amber-900">{note}</p>}
      {hint && <p id="pos-search-hint" className="-mt-1 text-sm text-muted-foreground">{hint}</p>}
      <p role="status" aria-live="polite" className={`min-h-6 text-sm ${notice?.tone === 'error' ? 'font-medium text-red-800' : 'text-muted-foreground'}`} data-pos-notice>
        {notice?.text ?? 'Scan a barcode anywhere on this screen. F2: search.'}
      </p>
      {refused.length > 0 && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">The shop refused {refused.length === 1 ? 'a sale' : `${refused.length} sales`} made on this device: settle by hand.</p>
          <ul className="mt-2 flex flex-col gap-2">
            {refused.map((sale) => (
              <li key={sale.key} className="flex items-center justify-between gap-2">
                <span>₹{sale.total} · {sale.message} ({sale.status})</span>
                <button type="button" className={BUTTON} onClick={() => dismissRefused(sale.key)}>Dismiss</button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{results ? foundHeading(results.length, from, online) : 'Quick picks'}</h2>
      {results ? (
        <>
          {listed && (
            <ul id="pos-results" role="listbox" className={GRID} aria-label="Search results" data-pos-picks data-pos-found-by={from}>
              {results.map((pack, index) => (
                // An option, not a button: the focus stays in the search box (aria-activedescendant); a tap adds it.
                <li
                  key={pack.pack_id}
                  id={`pos-result-${index}`}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  className={`${PICK} cursor-pointer aria-selected:border-primary aria-selected:bg-muted aria-selected:ring-2 aria-selected:ring-primary`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => addToTicket(pack)}
                >
                  {packLabel(pack)}
                </li>
              ))}
            </ul>
          )}
          {results.length === 0 && <p className="text-muted-foreground" data-pos-found-by={from}>{from === 'shop' ? "The shop's search finds nothing at this counter." : "Nothing in this counter's catalogue matches."}</p>}
        </>
      ) : (
        <ul className={GRID} aria-label="Quick picks" data-pos-picks>
          {quickPicks.map((pack) => (
            <li key={pack.pack_id}>
              <button type="button" className={`${PICK} w-full`} onClick={() => addToTicket(pack)}>
                {packLabel(pack)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TicketPanel({ discountLimit }: { discountLimit: number }) {
  const ticket = useStore($ticket);
  const settlement = useStore($settlement);
  const online = useStore($online);
  const busy = useStore($busy);
  const held = useStore($heldQuantity);
  const [phone, setPhone] = useState('');
  const [mode, setMode] = useState<'cash' | 'card' | 'upi'>('cash');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const takePayment = () => {
    const paise = typedPaise(amount || String(settlement.due_paise / 100));
    if (paise === null || paise <= 0) return;
    updateTicket((t) => addPayment(t, mode === 'cash' ? { method: 'cash', tendered_paise: paise } : mode === 'card' ? { method: 'card', amount_paise: paise, reference } : { method: 'upi', amount_paise: paise }));
    setAmount('');
    setReference('');
  };
  const phoneInvalid = phone.trim() !== '' && ticket.customer_phone === null;
  const why = completeReason(settlement, ticket.lines.length, { mode, amount, reference });
  return (
    <section aria-labelledby="ticket" className="flex min-h-0 flex-col overflow-hidden rounded-md border border-border" data-pos-ticket>
      {/* The ticket scrolls above the Complete bar, never under it: the last field and Take payment stay in the clear. */}
      <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3" data-pos-ticket-body>
        <h2 id="ticket" className="text-lg font-semibold">Ticket</h2>
        {ticket.lines.length === 0 ? (
          <p className="text-muted-foreground">No items yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Lines">
            {ticket.lines.map((line) => {
              const limit = lineDiscountLimit(line, discountLimit);
              const heldNote = held?.pack_id === line.pack_id && held.quantity === line.quantity ? heldQuantityNote(line.name) : null;
              const shortNote = shortStockNote(line);
              return (
                <li key={line.pack_id} className="flex flex-col gap-1 py-2" data-pos-line>
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{line.name} <span className="text-sm text-muted-foreground">{line.pack_name}</span></span>
                    <span className="font-semibold tabular-nums">{rupees(line.unit_paise * line.quantity - line.discount_paise)}</span>
                  </div>
                  <div className="flex items-center gap-1">
                    <button type="button" className={BUTTON} aria-label={`One fewer ${line.name}`} onClick={() => updateTicket((t) => stepQuantity(t, line.pack_id, -1))}>−</button>
                    {/* Typed freely, taken on Enter or leaving the field (1..999, said when held; anything else puts the quantity back). */}
                    <input
                      key={`q-${line.quantity}`}
                      className="h-11 w-14 rounded-md border border-border text-center tabular-nums"
                      inputMode="numeric"
                      aria-label={`Quantity of ${line.name}`}
                      aria-describedby={[heldNote && `pos-held-${line.pack_id}`, shortNote && `pos-short-${line.pack_id}`].filter(Boolean).join(' ') || undefined}
                      defaultValue={line.quantity}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') event.currentTarget.blur();
                      }}
                      onBlur={(event) => {
                        event.target.value = String(typeQuantity(line.pack_id, event.target.value) ?? line.quantity);
                      }}
                    />
                    <button type="button" className={BUTTON} aria-label={`One more ${line.name}`} onClick={() => updateTicket((t) => stepQuantity(t, line.pack_id, 1))}>+</button>
                    <span className="px-1 text-sm text-muted-foreground">× {rupees(line.unit_paise)}</span>
                    <label className="ml-auto flex items-center gap-1 text-sm">
                      <span>Off ₹</span>
                      <input
                        key={`d-${line.discount_paise}`}
                        className="h-11 w-16 rounded-md border border-border px-2 tabular-nums"
                        inputMode="decimal"
                        aria-label={`Discount on ${line.name}, up to ${rupees(limit)}`}
                        title={`Up to ${rupees(limit)}`}
                        defaultValue={line.discount_paise ? String(line.discount_paise / 100) : ''}
                        onBlur={(event) => {
                          const paise = typedPaise(event.target.value || '0');
                          if (paise === null) {
                            // The box shows what the ticket takes off, never a figure it does not.
                            event.target.value = line.discount_paise ? String(line.discount_paise / 100) : '';
                            $notice.set({ text: `A discount is an amount in rupees, such as 5 or 5.50: ${rupees(line.discount_paise)} off ${line.name} stays.`, tone: 'error' });
                            return;
                          }
                          updateTicket((t) => setLineDiscount(t, line.pack_id, Math.min(paise, limit)));
                          if (paise > limit) {
                            event.target.value = String(limit / 100);
                            $notice.set({ text: `Discount on ${line.name} held to ${rupees(limit)}, the most this till may take off the line.`, tone: 'info' });
                          }
                        }}
                      />
                    </label>
                    <button type="button" className={BUTTON} aria-label={`Remove ${line.name}`} onClick={() => updateTicket((t) => removeLine(t, line.pack_id))}>✕</button>
                  </div>
                  {/* Beside the quantity: held to the limit, or over the stock the till knows (a warning: the sale still goes). */}
                  <p role="status" className="flex flex-col text-sm empty:hidden">
                    {heldNote && <span id={`pos-held-${line.pack_id}`} className="text-muted-foreground">{heldNote}</span>}
                    {shortNote && <span id={`pos-short-${line.pack_id}`} className="font-medium text-amber-900">{shortNote}</span>}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span>Customer's phone (optional)</span>
            <input
              className={INPUT}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              aria-invalid={phoneInvalid}
              onChange={(event) => {
                setPhone(event.target.value);
                updateTicket((t) => setCustomerPhone(t, event.target.value));
              }}
            />
            {phoneInvalid && <span className="text-red-800">Not a 10-digit mobile number: left off the sale.</span>}
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span>Note (optional)</span>
            <input className={INPUT} maxLength={500} defaultValue={ticket.note} onBlur={(event) => updateTicket((t) => setNote(t, event.target.value))} />
          </label>
        </div>
        <CouponField />
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 border-t border-border pt-2 tabular-nums" data-pos-totals>
          <dt>Items</dt>
          <dd className="text-right">{rupees(settlement.subtotal_paise)}</dd>
          {settlement.line_discount_paise > 0 && (
            <>
              <dt>Discounts</dt>
              <dd className="text-right">−{rupees(settlement.line_discount_paise)}</dd>
            </>
          )}
          {settlement.coupon_discount_paise > 0 && (
            <>
              <dt>Coupon {ticket.coupon?.code}</dt>
              <dd className="text-right" data-pos-coupon-discount>−{rupees(settlement.coupon_discount_paise)}</dd>
            </>
          )}
          <dt className="text-lg font-semibold">Total</dt>
          <dd className="text-right text-lg font-semibold" data-pos-total>{rupees(settlement.total_paise)}</dd>
          <dt>Paid</dt>
          <dd className="text-right">{rupees(settlement.paid_paise)}</dd>
          <dt className="font-semibold">Due</dt>
          <dd className="text-right font-semibold" data-pos-due>{rupees(settlement.due_paise)}</dd>
          <dt className="text-lg font-semibold">Change</dt>
          <dd className="text-right text-lg font-semibold" data-pos-change>{rupees(settlement.change_paise)}</dd>
        </dl>
        {ticket.payments.length > 0 && (
          <ul aria-label="Payments" className="flex flex-col gap-1">
            {ticket.payments.map((payment, index) => (
              <li key={index} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  {MODE_NAMES[payment.method]} {payment.method === 'cash' ? `tendered ${rupees(payment.tendered_paise)}` : rupees(payment.amount_paise)}
                  {payment.method === 'card' && payment.reference && ` · ref ${payment.reference}`}
                </span>
                <button type="button" className={BUTTON} aria-label={`Take off the ${MODE_NAMES[payment.method]} payment`} onClick={() => updateTicket((t) => removePayment(t, index))}>✕</button>
              </li>
            ))}
          </ul>
        )}
        <fieldset className="flex flex-col gap-2 border-t border-border pt-2" disabled={ticket.lines.length === 0}>
          <legend className="sr-only">Payment</legend>
          <div className="flex gap-2" role="radiogroup" aria-label="Payment mode">
            {(['cash', 'card', 'upi'] as const).map((m) => (
              <label key={m} className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border border-border has-[:checked]:border-primary has-[:checked]:bg-muted has-[:disabled]:opacity-50">
                <input type="radio" name="pos-mode" value={m} checked={mode === m} disabled={m === 'upi' && !online} onChange={() => setMode(m)} className="size-4" />
                {MODE_NAMES[m]}
              </label>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">
            {online ? 'UPI: the customer scans a QR code for the exact amount once the sale is completed.' : 'UPI needs the network: not available offline.'}
          </p>
          <div className="flex gap-2">
            <label className="flex flex-1 flex-col gap-1 text-sm">
              <span>{mode === 'cash' ? 'Cash tendered (₹)' : 'Amount (₹)'}</span>
              <input className={INPUT} inputMode="decimal" autoComplete="off" placeholder={String(settlement.due_paise / 100)} value={amount} onChange={(e) => setAmount(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); takePayment(); } }} />
            </label>
            {mode === 'card' && (
              <label className="flex flex-1 flex-col gap-1 text-sm">
                <span>Terminal reference</span>
                <input className={INPUT} autoComplete="off" maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} />
              </label>
            )}
          </div>
          <button type="button" className={BUTTON} onClick={takePayment} disabled={mode === 'card' && !reference.trim()}>Take {MODE_NAMES[mode]} payment</button>
        </fieldset>
      </div>
      {/* Always in reach below the ticket, with why it waits when it does. */}
      <div className="flex flex-col gap-2 border-t border-border bg-background p-3" data-pos-complete-bar>
        {why && <p id="pos-complete-why" className="text-sm font-medium">{why}</p>}
        <button type="button" className={`${PRIMARY} w-full`} disabled={!settlement.can_complete || busy} aria-describedby={why ? 'pos-complete-why' : undefined} onClick={() => void completeSale()}>
          Complete sale
        </button>
      </div>
    </section>
  );
}
