import type { CartItem } from '../../contract/cart';
import { MAX_LINE_QUANTITY } from '../../contract/constants';
import { formatRupees } from '../../lib/money';
import OrderForCustomerStepper from './OrderForCustomerStepper';

interface Props {
  items: CartItem[];
  pendingPacks: number[];
  packErrors: Record<number, string>;
  lineErrors: Record<number, string>;
  onAdd: (item: CartItem) => void;
  onRemoveOne: (item: CartItem) => void;
  onSet: (item: CartItem, quantity: number) => void;
  onRemoveLine: (item: CartItem) => void;
}

/** The order's lines: pack, price, quantity stepper, amount, Remove, and beside a line any reason it cannot go as it is. */
export default function OrderForCustomerLines({ items, pendingPacks, packErrors, lineErrors, onAdd, onRemoveOne, onSet, onRemoveLine }: Props) {
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-order-empty>No products yet: search the catalogue above and add them.</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Products in this order">
      {items.map((item) => {
        const label = `${item.name}, ${item.pack}`;
        const busy = pendingPacks.includes(item.pack_id);
        const reason = lineErrors[item.pack_id] ?? packErrors[item.pack_id] ?? (item.valid ? null : item.message);
        return (
          <li key={item.pack_id} className="flex gap-3 p-3" data-order-line={item.pack_id}>
            <img src={item.image} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-md bg-muted object-contain" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex items-start justify-between gap-2">
                <span className="min-w-0 text-sm font-medium">{item.name}</span>
                <span className="shrink-0 text-sm font-semibold" data-line-amount>{formatRupees(item.amount)}</span>
              </div>
              <span className="text-xs text-muted-foreground">
                {item.pack} · {formatRupees(item.price)} each
                {item.act_price > item.price && <s className="ml-1">{formatRupees(item.act_price)}</s>}
              </span>
              {reason && <p className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900" role="alert" data-line-reason>{reason}</p>}
              <div className="flex items-center justify-between gap-2">
                <OrderForCustomerStepper
                  label={label}
                  quantity={item.quantity}
                  busy={busy}
                  canAdd={item.quantity < MAX_LINE_QUANTITY}
                  onAdd={() => onAdd(item)}
                  onRemoveOne={() => onRemoveOne(item)}
                  onSet={(q) => onSet(item, q)}
                />
                <button type="button" disabled={busy} onClick={() => onRemoveLine(item)} className="min-h-11 px-2 text-sm text-red-700 underline disabled:opacity-50" aria-label={`Remove ${label} from the order`}>
                  Remove
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
