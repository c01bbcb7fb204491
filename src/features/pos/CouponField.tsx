import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $online } from './connection-store';
import { fetchQuote, withQuote, type CouponState } from './coupon-quote';
import { rupees } from './receipt-text';
import { BUTTON, INPUT } from './styles';
import { pricingKey, setCoupon } from './ticket';
import { $ticket, updateTicket } from './ticket-store';
import { $till, tillSend } from './till-session';

/** How long the ticket rests after a change before a coupon on it is priced again. */
const REQUOTE_MS = 400;

/**
 * The coupon on the ticket (docs/pos.md#the-screen): a code, priced by the shop (POST /pos/quote) for the ticket
 * as it is; its discount and the new total, or why the shop refuses it. Quoted again whenever the lines or the
 * phone change. Offline the field says a coupon needs the network, and a coupon already on the ticket stops the
 * sale until it is taken off or the till is back online.
 */
export function CouponField() {
  const ticket = useStore($ticket);
  const online = useStore($online);
  const till = useStore($till);
  const [code, setCode] = useState(ticket.coupon?.code ?? '');
  const [state, setState] = useState<CouponState>(ticket.coupon ? { status: 'applied', code: ticket.coupon.code, discount_paise: ticket.coupon.discount_paise, total_paise: 0 } : { status: 'none' });
  const turn = useRef(0);
  const key = pricingKey(ticket);

  const price = async (wanted: string) => {
    const send = tillSend();
    const asked = $ticket.get();
    if (!send || !till || !wanted.trim()) return;
    if (asked.lines.length === 0) {
      setState({ status: 'failed', code: wanted, reason: 'Add an item to the ticket first.' });
      return;
    }
    const mine = (turn.current += 1);
    setState({ status: 'pricing', code: wanted.trim().toUpperCase() });
    try {
      const quote = await fetchQuote(send, asked, till.id, wanted);
      if (mine !== turn.current) return;
      const answered = withQuote($ticket.get(), asked, wanted, quote);
      if (!answered) return;
      $ticket.set(answered.ticket);
      setState(answered.state);
    } catch (error) {
      if (mine !== turn.current) return;
      updateTicket((t) => setCoupon(t, '', 0));
      setState({ status: 'failed', code: wanted.trim().toUpperCase(), reason: error instanceof Error ? error.message : String(error) });
    }
  };

  // The lines or the phone changed under a coupon asked for: price it again for the ticket as it is now.
  const wanted = state.status === 'none' ? '' : state.code;
  const stale = wanted !== '' && (ticket.coupon ? ticket.coupon.priced_for !== key : state.status === 'refused' && state.priced_for !== key);
  useEffect(() => {
    if (!stale || !online || ticket.lines.length === 0) return;
    const timer = setTimeout(() => void price(wanted), REQUOTE_MS);
    return () => clearTimeout(timer);
  }, [key, online, stale]);

  const remove = () => {
    turn.current += 1;
    updateTicket((t) => setCoupon(t, '', 0));
    setState({ status: 'none' });
    setCode('');
  };

  return (
    <div className="flex flex-col gap-1 text-sm" data-pos-coupon={state.status}>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void price(code);
        }}
      >
        <label className="flex flex-1 flex-col gap-1">
          <span>Coupon (optional)</span>
          <input
            className={`${INPUT} uppercase`}
            autoComplete="off"
            maxLength={40}
            value={code}
            disabled={!online}
            aria-describedby="pos-coupon-said"
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        <button type="submit" className={BUTTON} disabled={!online || !code.trim() || state.status === 'pricing' || ticket.lines.length === 0}>Apply</button>
        {(ticket.coupon || state.status !== 'none') && (
          <button type="button" className={BUTTON} onClick={remove}>Remove coupon</button>
        )}
      </form>
      <p id="pos-coupon-said" role="status" aria-live="polite" className={state.status === 'refused' || state.status === 'failed' || (!online && ticket.coupon) ? 'font-medium text-red-800' : 'text-muted-foreground'}>
        {!online
          ? ticket.coupon
            ? `A coupon needs the network: take ${ticket.coupon.code} off to sell offline, or wait to be online.`
            : 'A coupon needs the network: not available offline.'
          : state.status === 'pricing'
            ? `Pricing ${state.code}…`
            : state.status === 'applied' && ticket.coupon
              ? `${ticket.coupon.code}: −${rupees(ticket.coupon.discount_paise)} off this ticket.`
              : state.status === 'refused'
                ? `${state.code} does not apply: ${state.reason}`
                : state.status === 'failed'
                  ? `${state.code}: ${state.reason}`
                  : ''}
      </p>
    </div>
  );
}
