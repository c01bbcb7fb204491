import { useEffect, useRef, useState } from 'react';
import type { Pack } from '../../contract/catalogue';
import { formatRupees } from '../../lib/money';
import { useCart } from './use-cart';
import { packOfValue, useStepper } from './use-stepper';
import { cartSay, type CartWords } from './words';

/** What a stepper needs of a pack to post it and say whether it can be bought. */
export type PackRef = Pick<Pack, 'pack_id' | 'warehouse_id' | 'in_stock'>;

interface Common {
  productName: string;
  /** The server's quantity of each pack in the cart, by pack id (omitted when none is in the cart). */
  quantities?: Record<number, number>;
  /** The most of each of those packs one order may hold (their max_per_order), by pack id. */
  limits?: Record<number, number>;
  /** The anti-forgery token for the plain form; absent on a shared page, which has none. */
  xsrf?: string;
  back: string;
  size?: 'sm' | 'lg';
  /** The cart's words in the page's language (Hindi pages); English when left out. */
  words?: CartWords;
}
/**
 * A card offers one pack and needs only its ids, as its form posts them (`pack_id:warehouse_id`), and whether it
 * is sold out (its name and price are the card's own markup): the island's props are serialised into the page
 * once per card, so they are kept this short. The product page lets the shopper choose among all packs.
 */
type Props = Common & ({ selector?: false; pack: string; soldOut?: true } | { selector: true; packs: Pack[] });

const packValue = (pack: PackRef) => `${pack.pack_id}:${pack.warehouse_id}`;

/**
 * 'Add to Cart', or once the pack is in the cart a stepper (minus, quantity, plus), each button showing its
 * loading state during its call. A real form (POST /cart/add, /cart/remove) before and without JavaScript.
 * At the item's limit (its max_per_order, the contract's, or the one the server answered) + is disabled and a
 * note says the most one order may hold. Busy or at the limit a button is `aria-disabled`, never `disabled`: a
 * disabled button loses the focus of the keyboard that pressed it (docs/accessibility.md).
 */
export default function AddToCart(props: Props) {
  const { productName, quantities = {}, limits = {}, xsrf = '', back, size = 'sm', words } = props;
  const say = cartSay(words);
  const selector = props.selector === true;
  const packs: PackRef[] = props.selector ? props.packs : [{ ...packOfValue(props.pack)!, in_stock: !props.soldOut }];
  const cart = useCart();
  const [chosen, setChosen] = useState(selector ? Math.max(0, packs.findIndex((p) => p.in_stock)) : 0);
  const form = useRef<HTMLFormElement>(null);
  // A pack chosen before hydration (the tap that woke the island) is the one shown and sent.
  useEffect(() => {
    const value = new FormData(form.current!).get('pack');
    const index = packs.findIndex((p) => packValue(p) === value);
    if (index >= 0) setChosen(index);
  }, []);
  const pack = packs[chosen];
  // The server's cart once this island has one, else the page's figures.
  const line = pack && cart?.items.find((item) => item.pack_id === pack.pack_id);
  const quantity = !pack ? 0 : cart ? (line?.quantity ?? 0) : (quantities[pack.pack_id] ?? 0);
  const { busy, atLimit, note, submit } = useStepper(say, pack, quantity, pack && (cart ? line?.max_per_order : limits[pack.pack_id]));
  // 'Add to Cart' and the stepper replace each other: the focus on the button the shopper used would drop to the
  // page. Whether the form held the focus when it was last submitted; then its successor takes it (+ after 'Add
  // to Cart', 'Add to Cart' after − took the quantity to 0), unless the focus has gone somewhere else meanwhile.
  // Only one of the two is on the page at a time, so one ref holds whichever is.
  const usedHere = useRef(false);
  const successor = useRef<HTMLButtonElement>(null);
  const inCart = quantity > 0;
  useEffect(() => {
    if (usedHere.current && document.activeElement == document.body) successor.current?.focus();
  }, [inCart]);
  if (!pack) return null;
  const big = size === 'lg';
  const pill = big ? 'px-6 py-3' : 'px-3 py-2 text-sm';
  const step = `cart-step ${big ? 'px-5' : 'px-3'}`;
  return (
    <form ref={form} method="post" action="/cart/add" onSubmit={(event) => {
        usedHere.current = event.currentTarget.contains(document.activeElement);
        void submit(event);
      }}
      data-add-to-cart className="cart-form">
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="return" value={back} />
      {selector ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{say('cart.choosePack')}</legend>
          {(packs as Pack[]).map((p, i) => (
            <label key={p.pack_id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
              <input type="radio" name="pack" value={packValue(p)} defaultChecked={i === chosen} onChange={() => setChosen(i)} className="accent-[var(--color-primary)]" />
              <span className="flex flex-1 flex-col">
                <span className="font-medium">{p.pack_name}</span>
                <span className="flex flex-wrap items-baseline gap-2 text-sm">
                  <span className="font-semibold">{formatRupees(p.price)}</span>
                  {p.act_price > p.price && <s className="text-muted-foreground">{formatRupees(p.act_price)}</s>}
                  {p.discount > 0 && <span className="font-medium text-primary">{say('cart.off', { discount: p.discount })}</span>}
                  {!p.in_stock && <span className="font-medium text-red-700">{say('cart.soldOut')}</span>}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="pack" value={packValue(pack)} />
      )}
      {quantity > 0 ? (
        <div role="group" aria-label={say('cart.quantityOf', { name: productName })} className={`cart-stepper ${big ? 'text-base' : 'text-sm'}`}>
          <button type="submit" formAction="/cart/remove" className={step} aria-disabled={busy === 'remove' || undefined} aria-busy={busy === 'remove' || undefined} aria-label={say('cart.lessOne', { name: productName })}>−</button>
          <output aria-live="polite" className="font-semibold">{quantity}</output>
          <button ref={successor} type="submit" className={step} aria-disabled={atLimit || busy === 'add' || undefined} aria-busy={busy === 'add' || undefined} aria-label={say('cart.moreOne', { name: productName })}>+</button>
        </div>
      ) : pack.in_stock ? (
        <button ref={successor} type="submit" className={`cart-add ${pill}`} aria-disabled={busy === 'add' || undefined} aria-busy={busy === 'add' || undefined}>
          {say('cart.add')}
        </button>
      ) : (
        <p className={`cart-out ${pill}`}>{say('cart.soldOut')}</p>
      )}
      {note && <p className="cart-note">{note}</p>}
    </form>
  );
}
