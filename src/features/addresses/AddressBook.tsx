import { useState, type FormEvent } from 'react';
import type { Address, AddressBody } from '../../contract/address';
import { ApiCallError } from '../../lib/api/client';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { useConfirm } from '../../ui/Confirm';
import { ConfirmStep } from '../../ui/ConfirmStep';
import { addressLine } from './address-values';
import AddressForm from './AddressForm';
import { addresses as addressWords } from '../../lib/i18n/messages/en/addresses';
import { english, speak, type Words } from '../../lib/i18n/words';
import { linkIn } from '../account/page-language';

interface Props {
  addresses: Address[];
  xsrf: string;
  /** The address the page was asked to confirm deleting (`?confirm=delete&id=`: a tap before the island woke, or no JavaScript). */
  askDelete?: number;
  /** The address book's words in the page's language (absent: English). */
  words?: Words<typeof addressWords>;
}

const BACK = '/account/addresses';
const fieldErrors = (failure: unknown) => {
  const errors = failure instanceof ApiCallError ? (failure.body as { errors?: Record<string, string[]> } | null)?.errors : undefined;
  return errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? ''])) : null;
};
const valuesOf = ({ id, is_default, ...a }: Address) => ({ ...a, id, is_default, line2: a.line2 ?? '', landmark: a.landmark ?? '' });

/**
 * /account/addresses: the address book. Add, edit, make default and delete, each a real form without
 * JavaScript (/account/addresses/save, /default, /delete; Delete asks first as a step of the page); with it, the
 * same calls without a reload, and Delete asks first with the shared Confirm dialog. Orders keep the address as it
 * was when placed.
 */
export default function AddressBook({ addresses: initial, xsrf, askDelete, words }: Props) {
  const say = speak(words ?? english(addressWords));
  const link = (path: string) => linkIn(words, path);
  const back = link(BACK);
  const deleteQuestion = (a: Address) => say('addresses.deleteQuestion', { line1: a.line1 });
  const near = words ? (landmark: string) => say('addresses.near', { landmark }) : undefined;
  // The Confirm widget's own words (its title and buttons) in the page's language; English keeps its defaults.
  const confirmWords = words ? { title: say('addresses.confirmTitle'), confirmText: say('addresses.confirm'), cancelText: say('addresses.cancel') } : {};
  const [addresses, setAddresses] = useState(initial);
  const [busy, setBusy] = useState<number | 'new' | null>(null);
  const [error, setError] = useState('');
  const [dialog, ask] = useConfirm();
  const reload = async () => setAddresses((await ordersApi().addresses()).data);

  const save = (id?: number) => async (body: AddressBody) => {
    setBusy(id ?? 'new');
    setError('');
    try {
      await (id === undefined ? ordersApi().createAddress(body) : ordersApi().updateAddress(id, body));
      await reload();
      return {};
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (!fields) setError(errorMessage(failure));
      return fields ?? {};
    } finally {
      setBusy(null);
    }
  };

  const act = (a: Address, kind: 'default' | 'delete') => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy !== null) return;
    if (kind === 'delete' && !(await ask({ message: deleteQuestion(a), ...confirmWords }))) return;
    setBusy(a.id);
    setError('');
    try {
      if (kind === 'delete') await ordersApi().deleteAddress(a.id);
      else await ordersApi().updateAddress(a.id, { ...valuesOf(a), line2: a.line2, landmark: a.landmark, is_default: true });
      await reload();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const hidden = (a: Address) => (
    <>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="id" value={a.id} />
    </>
  );
  const asked = addresses.find((a) => a.id === askDelete);
  return (
    <div className="flex flex-col gap-4">
      {asked && <ConfirmStep message={deleteQuestion(asked)} {...confirmWords} action={link('/account/addresses/delete')} fields={{ xsrf, id: asked.id }} back={back} />}
      {error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      {addresses.length === 0 && <p className="text-muted-foreground" data-addresses-empty>{say('addresses.none')}</p>}
      <ul className="grid gap-3 md:grid-cols-2" aria-label={say('addresses.yours')}>
        {addresses.map((a) => (
          <li key={a.id} className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm" data-address={a.id}>
            <p className="font-medium">
              <span translate="no">{a.name}</span> <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs font-normal capitalize">{words ? say(`addresses.type.${a.type}`) : a.type}</span>
              {a.is_default && <span className="ml-1 rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground" data-default>{say('addresses.default')}</span>}
            </p>
            <p className="text-muted-foreground" translate="no">{addressLine(a, near)}</p>
            <p className="text-muted-foreground">{say('addresses.phoneLine', { phone: a.phone })}</p>
            <div className="flex flex-wrap gap-2">
              {!a.is_default && (
                <form method="post" action={link('/account/addresses/default')} onSubmit={act(a, 'default')}>
                  {hidden(a)}
                  <button type="submit" disabled={busy !== null} className="min-h-11 rounded-full border border-border px-4">{say('addresses.makeDefault')}</button>
                </form>
              )}
              <form method="get" action={back} onSubmit={act(a, 'delete')}>
                <input type="hidden" name="confirm" value="delete" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" disabled={busy !== null} aria-label={say('addresses.deleteLabel', { line1: a.line1 })} className="min-h-11 rounded-full border border-red-300 px-4 text-red-700">{say('addresses.delete')}</button>
              </form>
            </div>
            <details>
              <summary className="min-h-11 cursor-pointer py-2 text-primary">{say('addresses.edit')}</summary>
              <AddressForm key={`${a.id}-${a.line1}-${a.is_default}`} action={link('/account/addresses/save')} xsrf={xsrf} back={back} busy={busy === a.id} onSave={save(a.id)} initial={valuesOf(a)} words={words} />
            </details>
          </li>
        ))}
      </ul>
      <details className="rounded-lg border border-border p-3" open={addresses.length === 0}>
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-primary">{say('addresses.add')}</summary>
        <div className="pt-3">
          <AddressForm action={link('/account/addresses/save')} xsrf={xsrf} back={back} busy={busy === 'new'} onSave={save()} words={words} />
        </div>
      </details>
      {dialog}
    </div>
  );
}
