import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { wishlist } from '../../lib/i18n/messages/en/wishlist';
import { sharedWords } from '../../lib/i18n/page-words';
import { english, speak, type Words } from '../../lib/i18n/words';
import { loadWishlists, toastWishlistFailure } from './actions';
import { $hearts, heartName, seedHeart } from './store';
import { useHydrated } from '../../ui/use-hydrated';
import { WishlistDialog } from './WishlistDialog';

interface Props {
  productId: number;
  productName: string;
  /** Whether the server says the product is in any of the shopper's lists. */
  on: boolean;
  xsrf: string;
  back: string;
  className?: string;
  /** The heart icon (server-rendered). */
  children?: ReactNode;
  /** The heart's and its dialogs' words in the page's language (lib/i18n/island-words.ts); English when absent. */
  words?: Words<typeof wishlist>;
}

/**
 * The heart on a product, for signed-in shoppers. Without JavaScript (and before hydration) it is a form that
 * toggles the product in the Default list (POST /wishlist/toggle); hydrated, it opens 'Add Products In
 * Wishlist'. It shows filled only when the server has said the product is in a list. For screen readers it is a
 * button that opens a dialog (`aria-haspopup`), named by where the product stands: "Add to wishlist: Atta" or
 * "In your wishlist: Atta" (not a toggle: pressing it opens the lists, it does not take the product out).
 */
export default function WishlistHeart({ productId, productName, on: initial, xsrf, back, className, children, words }: Props) {
  const say = speak(words ?? sharedWords<typeof wishlist>('wishlist') ?? english(wishlist));
  const hydrated = useHydrated();
  const hearts = useStore($hearts);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => seedHeart(productId, initial), []);
  const on = hydrated ? (hearts[productId] ?? initial) : initial;

  async function openDialog(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || open) return;
    setLoading(true);
    try {
      await loadWishlists();
      setOpen(true);
    } catch (failure) {
      toastWishlistFailure(failure);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <form method="post" action="/wishlist/toggle" onSubmit={openDialog} data-wishlist-toggle data-product-id={productId} className={className}>
        <input type="hidden" name="xsrf" value={xsrf} />
        <input type="hidden" name="product_id" value={productId} />
        <input type="hidden" name="return" value={back} />
        <button
          type="submit"
          aria-haspopup="dialog"
          aria-busy={loading || undefined}
          aria-label={heartName(on, productName, say)}
          data-on={on || undefined}
          className="grid h-11 w-11 place-items-center rounded-full bg-background/90 text-muted-foreground shadow hover:text-red-600 aria-busy:opacity-60 data-on:text-red-600 data-on:[&_svg]:fill-current"
        >
          {children}
        </button>
      </form>
      {open && <WishlistDialog productId={productId} say={say} onClose={() => setOpen(false)} />}
    </>
  );
}
