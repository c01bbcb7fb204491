import type { Cart } from '../../contract/cart';

interface Props {
  methods: Cart['paymentMethods'];
  chosen: string | null;
  disabled: boolean;
  onChoose: (code: string) => void;
}

/** The payment methods the server allows for this cart and address (`cart.paymentMethods`), as radio cards. */
export default function PaymentChoice({ methods, chosen, disabled, onChoose }: Props) {
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">Pay with</legend>
      {methods.map((m) => (
        <label key={m.code} className="flex cursor-pointer gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
          <input
            type="radio"
            name="payment"
            value={m.code}
            form="place-order"
            checked={m.code === chosen}
            disabled={disabled}
            onChange={() => onChoose(m.code)}
            className="mt-1 h-5 w-5 shrink-0 accent-[var(--color-primary)]"
          />
          <span className="flex flex-col text-sm">
            <span className="font-medium">{m.name}</span>
            <span className="text-muted-foreground">{m.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
