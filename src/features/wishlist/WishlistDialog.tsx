import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { Modal } from '../../ui/Modal';
import { toggleInList, toastWishlistFailure } from './actions';
import { $wishlists, entriesOf, holds, rowName, type SayWishlist } from './store';

interface Props {
  productId: number;
  /** The words of the page's language (the heart's). */
  say: SayWishlist;
  onClose: () => void;
}

/** Loaded when the shopper asks for it: the Field widget brings dayjs and the combobox, which the heart's first tap need not wait for. */
const CreateListDialog = lazy(() => import('./CreateListDialog').then((module) => ({ default: module.CreateListDialog })));

const ROW =
  'flex min-h-11 w-full items-center justify-between rounded-lg border border-border px-4 py-2 text-left text-sm hover:bg-muted data-held:border-primary data-held:bg-secondary aria-busy:opacity-60';

/**
 * 'Add Products In Wishlist' (docs/product.md#wishlist): Default and the shopper's lists, each a button that
 * puts the product in that list or takes it out, named for what it does ("Add to Default", "Remove from
 * Festive"), and 'Create Another Wishlist' for a named list.
 */
export function WishlistDialog({ productId, say, onClose }: Props) {
  const state = useStore($wishlists);
  /** The list whose call is in flight (null is Default), or undefined: one call at a time. */
  const [busy, setBusy] = useState<number | null | undefined>(undefined);
  const [creating, setCreating] = useState(false);

  async function choose(listId: number | null) {
    if (busy !== undefined) return;
    setBusy(listId);
    try {
      await toggleInList(productId, listId);
    } catch (failure) {
      toastWishlistFailure(failure);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <>
      <Modal open title={say('wishlist.dialogTitle')} hideFooter onClose={onClose}>
        <ul className="flex flex-col gap-2" aria-live="polite">
          {entriesOf(state, say).map(({ id, name }) => {
            const held = holds(state, productId, id);
            return (
              <li key={id ?? 'default'}>
                <button type="button" className={ROW} aria-label={rowName(held, name, say)} data-held={held || undefined} aria-busy={busy === id || undefined} onClick={() => void choose(id)}>
                  {name}
                  <span className="text-xs text-muted-foreground">{say(held ? 'wishlist.added' : 'wishlist.add')}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" onClick={() => setCreating(true)} className="mt-4 min-h-11 w-full rounded-full border border-border px-4 py-2 text-sm font-medium hover:bg-muted">
          {say('wishlist.createAnother')}
        </button>
      </Modal>
      {creating && (
        <Suspense fallback={null}>
          <CreateListDialog say={say} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
