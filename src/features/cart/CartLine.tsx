import { useLayoutEffect, useRef } from 'react';
import type { CartItem } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import { useStepper } from './use-stepper';
import { cartSay, type CartSay } from './words';

interface Props {
  item: CartItem;
  xsrf: string;
  back: string;
}

interface LineProps extends Props {
  /** The panel's translator; English when left out. */
  say?: CartSay;
  /** The page language's address prefix ('/hi'); '' in English. */
  base?: string;
}

/** The hidden fields every line form carries (the no-JavaScript post needs them). */
function Hidden({ item, xsrf, back }: Props) {
  return (
    <>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="return" value={back} />
      <input type="hidden" name="pack" value={`${item.pack_id}:${item.warehouse_id}`} />
    </>
  );
}

/**
 * One line of 'Cart Summary': the pack, its price, its problem if any, a stepper and Remove (44 px targets). A
 * busy button, and + at the limit, are `aria-disabled`, never `disabled`, so the focus stays on them.
 */
export default function CartLine({ say = cartSay(), base = '', ...props }: LineProps) {
  const { item } = props;
  const { busy, atLimit, note, submit } = useStepper(say, item, item.quantity, item.max_per_order);
  const li = useRef<HTMLLIElement>(null);
  // A line that goes (Remove, or − at 1) while the focus is in it hands the focus to the next line's first button,
  // else the previous line's, else the panel's first (Close cart), before it leaves the page.
  useLayoutEffect(
    () => () => {
      const line = li.current!;
      if (line.contains(document.activeElement)) (line.nextElementSibling ?? line.previousElementSibling ?? line.closest('[popover]'))?.querySelector('button')?.focus();
    },
    [],
  );
  const step = 'flex min-h-11 min-w-11 items-center justify-center font-bold aria-disabled:opacity-40';
  return (
    <li ref={li} className="flex flex-wrap gap-3 py-3" data-cart-line={item.pack_id}>
      <img src={item.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-md bg-muted object-contain" />
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <a href={`${base}/products/${item.slug}`} className="cart-name"><span className="line-clamp-2">{item.name}</span></a>
        <span className="text-xs text-muted-foreground">{item.pack}</span>
        <span className="flex items-baseline gap-2 text-sm">
          <span className="font-semibold">{formatRupees(item.price)}</span>
          {item.act_price !== item.price && <s className="text-xs text-muted-foreground">{formatRupees(item.act_price)}</s>}
        </span>
        {item.message && <p className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900" role="alert">{item.message}</p>}
        {note && <p className="text-xs text-muted-foreground">{note}</p>}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <form method="post" action="/cart/add" onSubmit={submit} className="flex items-center">
            <Hidden {...props} />
            <div role="group" aria-label={say('cart.lineQuantity', { name: item.name, pack: item.pack })} className="flex items-center rounded-full border border-border text-sm">
              <button type="submit" formAction="/cart/remove" className={step} aria-disabled={busy === 'remove' || undefined} aria-busy={busy === 'remove' || undefined} aria-label={say('cart.lessOne', { name: item.name })}>−</button>
              <output className="min-w-6 text-center">{item.quantity}</output>
              <button type="submit" className={step} aria-disabled={atLimit || busy === 'add' || undefined} aria-busy={busy === 'add' || undefined} aria-label={say('cart.moreOne', { name: item.name })}>+</button>
            </div>
          </form>
          <span className="text-sm font-semibold" data-line-amount>{formatRupees(item.amount)}</span>
          <form method="post" action="/cart/remove" onSubmit={submit}>
            <Hidden {...props} />
            <input type="hidden" name="remove" value="1" />
            <button type="submit" className="min-h-11 min-w-11 px-2 text-xs text-red-700 underline aria-busy:opacity-50" aria-disabled={busy === 'remove-line' || undefined} aria-busy={busy === 'remove-line' || undefined} aria-label={say('cart.removeLine', { name: item.name })}>{say('cart.remove')}</button>
          </form>
        </div>
      </div>
    </li>
  );
}
