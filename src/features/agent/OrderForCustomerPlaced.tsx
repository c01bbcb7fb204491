import type { AgentOrderPlaced } from '../../contract/agent';
import { formatRupees } from '../../lib/money';
import { toast } from '../../stores/toasts';
import type { CustomerRef } from './order-for-customer';
import { paymentLinkOf, whatsappShareUrl } from './payment-link';

interface Props {
  placed: AgentOrderPlaced;
  customer: CustomerRef;
  /** The customer's page in the dashboard. */
  backHref: string;
  onAnother: () => void;
}

async function copy(text: string, field: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Payment link copied', 'success');
  } catch {
    // No clipboard (plain http, an old browser): select the link so the agent can copy it by hand.
    field?.select();
    toast('Select the link and copy it', 'info');
  }
}

/** The order placed: its number and total, and for a payment link the link with Copy and Share on WhatsApp. */
export default function OrderForCustomerPlaced({ placed, customer, backHref, onAnother }: Props) {
  const link = paymentLinkOf(placed);
  const whatsapp = whatsappShareUrl(customer, placed);
  const button = 'inline-flex min-h-11 items-center justify-center rounded-full px-4 font-medium sm:px-5';
  return (
    <section aria-labelledby="order-placed" className="mx-auto flex w-full max-w-xl flex-col gap-4 rounded-xl border border-border p-4 sm:p-5" data-order-placed>
      <h2 id="order-placed" className="text-xl font-semibold">
        Order <span data-placed-ordernumber>{placed.ordernumber}</span> placed for {customer.name}
      </h2>
      <p className="text-sm">
        Total <strong className="text-lg" data-placed-total>{formatRupees(placed.total)}</strong>
      </p>
      {link ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted/50 p-3 sm:p-4">
          <p className="text-sm">The order waits for the payment. Send {customer.name} this link: they sign in with their mobile number and pay.</p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Payment link
            <input id="payment-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="h-11 rounded-md border border-border bg-background px-3 font-mono text-xs font-normal" data-payment-link />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void copy(link, document.getElementById('payment-link') as HTMLInputElement | null)} className={`${button} border border-primary text-primary`}>
              Copy
            </button>
            {whatsapp && (
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${button} bg-[#1a7f45] text-white`}>
                Share on WhatsApp
              </a>
            )}
          </div>
        </div>
      ) : (
        <p className="text-sm">Cash on delivery: {customer.name} pays {formatRupees(placed.total)} when the order arrives. It shows in their account now.</p>
      )}
      <div className="flex flex-wrap gap-3 border-t border-border pt-4">
        <a href={backHref} className={`${button} bg-primary text-primary-foreground`}>Back to {customer.name}</a>
        <a href={`/account/dashboard/orders/${placed.id}`} className={`${button} border border-primary text-primary`}>View the order</a>
        <button type="button" onClick={onAnother} className={`${button} border border-border`}>New order for {customer.name}</button>
      </div>
    </section>
  );
}
