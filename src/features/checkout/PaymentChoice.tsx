import type { Cart } from '../../contract/cart';
import { RadioCard } from '../../ui/RadioCard';

interface Props {
  methods: Cart['paymentMethods'];
  /** Methods this order cannot use, each with the server's reason (`cart.unavailablePaymentMethods`). */
  unavailable?: Cart['unavailablePaymentMethods'];
  chosen: string | null;
  disabled: boolean;
  onChoose: (code: string) => void;
}

/**
 * The payment methods the server allows for this cart and address (`cart.paymentMethods`), as radio cards; after
 * them the ones it does not allow for this order (cash on delivery above its limit), not selectable, with why.
 */
export default function PaymentChoice({ methods, unavailable = [], chosen, disabled, onChoose }: Props) {
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">Pay with</legend>
      {methods.map((m) => (
        <RadioCard key={m.code} name="payment" value={m.code} form="place-order" checked={m.code === chosen} disabled={disabled} onChange={() => onChoose(m.code)}>
          <span className="font-medium">{m.name}</span>
          <span className="text-muted-foreground">{m.description}</span>
        </RadioCard>
      ))}
      {unavailable.map((m) => (
        <RadioCard key={m.code} name="payment" value={m.code} form="place-order" checked={false} disabled onChange={() => {}}>
          <span className="font-medium">{m.name}</span>
          <span className="text-amber-900" data-payment-unavailable={m.code}>{m.reason}</span>
        </RadioCard>
      ))}
    </fieldset>
  );
}
