import type { Address } from '../../contract/address';
import { RadioCard } from '../../ui/RadioCard';
import { addressLine } from '../addresses/address-values';
import { inEnglish, type CheckoutSay } from './checkout';

interface Props {
  addresses: Address[];
  chosen: number | null;
  disabled: boolean;
  onChoose: (id: number) => void;
  /** The checkout's words in the page's language (English when absent). */
  say?: CheckoutSay;
}

/** The saved addresses as radio cards; the chosen one is sent with the order form (`form="place-order"`). */
export default function AddressChoice({ addresses, chosen, disabled, onChoose, say = inEnglish() }: Props) {
  if (addresses.length === 0) return <p className="text-sm text-muted-foreground">{say('checkout.noAddress')}</p>;
  return (
    // Two cards side by side where each gets 15 rem, else one under another (large text).
    <div className="@container">
      <fieldset className="grid min-w-0 gap-2 @[30rem]:grid-cols-2">
        <legend className="sr-only">{say('checkout.deliverTo')}</legend>
        {addresses.map((a) => (
          <RadioCard key={a.id} name="address_id" value={a.id} form="place-order" checked={a.id === chosen} disabled={disabled} onChange={() => onChoose(a.id)}>
            <span className="font-medium">
              <span translate="no">{a.name}</span> <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs font-normal capitalize">{say(`checkout.type.${a.type}`)}</span>
              {a.is_default && <> <span className="text-xs font-normal text-muted-foreground">{say('checkout.default')}</span></>}
            </span>
            <span className="text-muted-foreground" translate="no">{addressLine(a)}</span>
            <span className="text-muted-foreground">{say('checkout.phone', { phone: a.phone })}</span>
          </RadioCard>
        ))}
      </fieldset>
    </div>
  );
}
