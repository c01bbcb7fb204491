import type { Cart } from '../../contract/cart';
import { RadioCard } from '../../ui/RadioCard';
import { methodWords, inEnglish, type CheckoutSay } from './checkout';

interface Props {
  methods: Cart['paymentMethods'];
  /** Methods this order cannot use, each with the server's reason (`cart.unavailablePaymentMethods`). */
  unavailable?: Cart['unavailablePaymentMethods'];
  chosen: string | null;
  disabled: boolean;
  onChoose: (code: string) => void;
  /** The checkout's words in the page's language (English when absent). */
  say?: CheckoutSay;
}

/**
 * The payment methods the server allows for this cart and address (`cart.paymentMethods`), as radio cards; after
 * them the ones it does not allow for this order (cash on delivery above its limit), not selectable, with why.
 */
export default function PaymentChoice({ methods, unavailable = [], chosen, disabled, onChoose, say = inEnglish() }: Props) {
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{say('checkout.payWith')}</legend>
      {methods.map((m) => (
        <RadioCard key={m.code} name="payment" value={m.code} form="place-order" checked={m.code === chosen} disabled={disabled} onChange={() => onChoose(m.code)}>
          <span className="font-medium">{methodWords(say, m).name}</span>
          <span className="text-muted-foreground">{methodWords(say, m).description}</span>
        </RadioCard>
      ))}
      {unavailable.map((m) => (
        <RadioCard key={m.code} name="payment" value={m.code} form="place-order" checked={false} disabled onChange={() => {}}>
          <span className="font-medium">{methodWords(say, m).name}</span>
          <span className="text-amber-900" data-payment-unavailable={m.code}>{m.reason}</span>
        </RadioCard>
      ))}
    </fieldset>
  );
}
