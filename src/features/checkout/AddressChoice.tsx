import type { Address } from '../../contract/address';
import { RadioCard } from '../../ui/RadioCard';
import { addressLine } from '../addresses/address-values';

interface Props {
  addresses: Address[];
  chosen: number | null;
  disabled: boolean;
  onChoose: (id: number) => void;
}

/** The saved addresses as radio cards; the chosen one is sent with the order form (`form="place-order"`). */
export default function AddressChoice({ addresses, chosen, disabled, onChoose }: Props) {
  if (addresses.length === 0) return <p className="text-sm text-muted-foreground">You have no saved address yet: add one below.</p>;
  return (
    // Two cards side by side where each gets 15 rem, else one under another (large text).
    <div className="@container">
      <fieldset className="grid min-w-0 gap-2 @[30rem]:grid-cols-2">
        <legend className="sr-only">Deliver to</legend>
        {addresses.map((a) => (
          <RadioCard key={a.id} name="address_id" value={a.id} form="place-order" checked={a.id === chosen} disabled={disabled} onChange={() => onChoose(a.id)}>
            <span className="font-medium">
              {a.name} <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs font-normal capitalize">{a.type}</span>
              {a.is_default && <> <span className="text-xs font-normal text-muted-foreground">Default</span></>}
            </span>
            <span className="text-muted-foreground">{addressLine(a)}</span>
            <span className="text-muted-foreground">Phone {a.phone}</span>
          </RadioCard>
        ))}
      </fieldset>
    </div>
  );
}
