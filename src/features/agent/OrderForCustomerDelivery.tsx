import type { AddressBody } from '../../contract/address';
import { RadioCard } from '../../ui/RadioCard';
import AddressForm from '../addresses/AddressForm';
import AddressChoice from '../checkout/AddressChoice';
import type { OrderForCustomerState } from './order-for-customer';
import { paymentOptions } from './order-for-customer-view';

interface Props {
  state: OrderForCustomerState;
  /** The page's path (the address form's target without JavaScript) and anti-forgery token. */
  path: string;
  xsrf: string;
  onChooseAddress: (id: number) => void;
  /** Saves an address; resolves to the API's messages per field (empty when saved). */
  onSaveAddress: (body: AddressBody) => Promise<Record<string, string>>;
  onChoosePayment: (code: string) => void;
}

const H2 = 'mb-3 text-lg font-semibold';

/** Where the order goes (the customer's addresses, or a new one) and how the customer pays (cash or a link). */
export default function OrderForCustomerDelivery({ state, path, xsrf, onChooseAddress, onSaveAddress, onChoosePayment }: Props) {
  const busy = state.busy !== null;
  const payments = paymentOptions(state.cart.paymentMethods, state.customer.name);
  return (
    <>
      <section aria-labelledby="order-address">
        <h2 id="order-address" className={H2}>Deliver to</h2>
        {state.addresses.length ? (
          <AddressChoice addresses={state.addresses} chosen={state.addressId} disabled={busy} onChoose={onChooseAddress} />
        ) : (
          <p className="text-sm text-muted-foreground">{state.customer.name} has no saved address yet: add one below.</p>
        )}
        {state.addressError && <p role="alert" className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-address-error>{state.addressError}</p>}
        <details className="mt-3 rounded-lg border border-border p-3" open={state.addresses.length === 0}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-primary">Add a new address for {state.customer.name}</summary>
          <div className="pt-3">
            <AddressForm action={path} xsrf={xsrf} back={path} busy={state.busy === 'address'} onSave={onSaveAddress} submitLabel="Save and deliver here" defaultLabel="Make this their default address" />
          </div>
        </details>
      </section>

      <section aria-labelledby="order-payment">
        <h2 id="order-payment" className={H2}>Payment</h2>
        {payments.length ? (
          <fieldset className="grid gap-2">
            <legend className="sr-only">How {state.customer.name} pays</legend>
            {payments.map((p) => (
              <RadioCard key={p.code} name="payment" value={p.code} form="place-order" checked={p.code === state.payment} disabled={busy} onChange={() => onChoosePayment(p.code)}>
                <span className="font-medium">{p.title}</span>
                <span className="text-muted-foreground">{p.detail}</span>
              </RadioCard>
            ))}
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">The ways to pay show once the order has products and a delivery address.</p>
        )}
      </section>
    </>
  );
}
