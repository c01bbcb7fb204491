import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { flushSync } from 'react-dom';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { createList, toastListCreated } from './actions';
import type { SayWishlist } from './store';

/**
 * ' Create Another Wish List' (the product's title, leading space and all): the 'New Wishlist' field and Submit.
 * The new list joins 'Add Products In Wishlist' and the toast says 'Wishlist added successfully'.
 */
export function CreateListDialog({ say, onClose }: { say: SayWishlist; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setError(say('wishlist.newListRequired'));
    setBusy(true);
    try {
      await createList(name.trim());
      // This dialog leaves the page before the toast shows: the toaster lifts its region into the open modal.
      flushSync(onClose);
      toastListCreated(say);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <Modal open title={say('wishlist.createTitle')} hideFooter onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <Field name="name" label={say('wishlist.newList')} required value={name} onChange={(value) => setName(String(value))} error={error} />
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="min-h-11 rounded-full border border-border px-4 py-2 text-sm">
            {say('wishlist.cancel')}
          </button>
          <button type="submit" aria-busy={busy || undefined} className="min-h-11 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground aria-busy:opacity-60">
            {say('wishlist.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
