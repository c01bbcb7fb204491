import type { PaymentStarted } from '../../contract/payment';

type Started<P extends PaymentStarted['provider']> = Extract<PaymentStarted, { provider: P }>;

/** The confirm page's address with the provider's return parameters on it. */
const confirmUrl = (returnUrl: string, params: Record<string, string>) => `${returnUrl}?${new URLSearchParams(params)}`;

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayCheckout;
  }
}

function loadScript(src: string, failed: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src, async: true });
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(failed));
    document.head.append(script);
  });
}

/**
 * Opens Razorpay Checkout (UPI, cards, netbanking, wallets) for the order, as Razorpay's own sample does; its
 * handler hands the signed ids to the confirm page, which verifies them on the server and asks Razorpay.
 */
export async function payWithRazorpay(started: Started<'razorpay'>, onDismiss: () => void, failed = 'The payment page could not load. Check your connection and try again.') {
  if (!window.Razorpay) await loadScript(RAZORPAY_SCRIPT, failed);
  const checkout = new window.Razorpay!({
    ...started.checkout,
    handler: (answer: Record<string, string>) => location.assign(confirmUrl(started.return_url, answer)),
    modal: { ondismiss: onDismiss },
  });
  checkout.on('payment.failed', () => location.assign(confirmUrl(started.return_url, {})));
  checkout.open();
}

/**
 * Mounts Stripe's Payment Element for the PaymentIntent in `mount`; resolves to the function that confirms it.
 * Stripe brings the shopper back to the confirm page (with 3-D Secure in between when the bank asks for it).
 */
export async function stripeElement(started: Started<'stripe'>, mount: HTMLElement, failed = 'The card form could not load. Check your connection and try again.'): Promise<() => Promise<string | undefined>> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(started.checkout.publishable_key);
  if (!stripe) throw new Error(failed);
  const elements = stripe.elements({ clientSecret: started.checkout.client_secret });
  elements.create('payment').mount(mount);
  return async () => {
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: new URL(started.return_url, location.origin).href } });
    return error?.message;
  };
}
