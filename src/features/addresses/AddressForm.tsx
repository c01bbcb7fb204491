import { useEffect, useRef, useState } from 'react';
import type { AddressBody } from '../../contract/address';
import { ADDRESS_RULES, ADDRESS_TYPES } from '../../contract/address-rules';
import { patterns } from '../../contract/validation';
import { Field } from '../../ui/Field';
import { useForm } from '../../ui/useForm';
import { pincodePlace } from '../delivery/actions';
import { addressBody, addressRulesIn, EMPTY_ADDRESS, placeFill, typedAddress, type AddressValues } from './address-values';
import { addresses as addressWords } from '../../lib/i18n/messages/en/addresses';
import { english, speak, type Words } from '../../lib/i18n/words';

const TYPE_OPTIONS = ADDRESS_TYPES.map((type) => ({ value: type, label: type[0]!.toUpperCase() + type.slice(1) }));

interface Props {
  /** Where the form posts without JavaScript, and its anti-forgery token and way back. */
  action: string;
  xsrf: string;
  back: string;
  busy: boolean;
  /** Saves the address; resolves to the API's messages per field (empty when it was saved). */
  onSave: (body: AddressBody) => Promise<Record<string, string>>;
  submitLabel?: string;
  /** An address being edited (its id goes with the form), else a new one. */
  initial?: AddressValues & { id?: number };
  /** Whose default it becomes: the shopper's own ('my'), or a customer's when an agent adds it. */
  defaultLabel?: string;
  /** The address book's words in the page's language (absent: English, and the shared rules as they are). */
  words?: Words<typeof addressWords>;
}

/**
 * A delivery address with the shared Field widget and the product's rules (phone: 10 digits from 6 to 9; pincode:
 * 6 digits, not from 0), checked on submit and again on change once an error has shown. A real form that
 * posts to `action` without JavaScript. A pincode the shop knows fills city and state (the pincode dialog's
 * lookup, without choosing it), never over what the shopper typed (placeFill); they stay editable.
 */
export default function AddressForm({ action, xsrf, back, busy, onSave, submitLabel, initial, defaultLabel, words }: Props) {
  const say = speak(words ?? english(addressWords));
  // One rules object for the form's life (useForm keeps what it is given).
  const [rules] = useState(() => (words ? addressRulesIn(say) : ADDRESS_RULES));
  const types = words ? ADDRESS_TYPES.map((type) => ({ value: type, label: say(`addresses.type.${type}`) })) : TYPE_OPTIONS;
  const { id, ...start }: AddressValues & { id?: number } = initial ?? EMPTY_ADDRESS;
  const { values, errors, setValue, handleSubmit, setErrors, reset } = useForm<AddressValues>(start, rules);
  const form = useRef<HTMLFormElement>(null);
  // What the shopper typed before the island woke (a slow phone) is the form's value, not the empty start.
  useEffect(() => {
    for (const [name, value] of Object.entries(typedAddress(new FormData(form.current!)))) setValue(name as keyof AddressValues, value as never);
  }, []);
  // City and state from a pincode the shop knows: judged against the values when the answer comes.
  const latest = useRef(values);
  latest.current = values;
  const filled = useRef({ city: '', state: '' });
  const pincode = values.pincode.trim();
  useEffect(() => {
    if (!patterns.pincode.test(pincode) || pincode === start.pincode) return;
    let current = true;
    void pincodePlace(pincode).then((place) => {
      if (!current || !place) return;
      const fill = placeFill(latest.current, place, filled.current);
      for (const key of ['city', 'state'] as const) {
        if (fill[key] === undefined) continue;
        setValue(key, fill[key]);
        filled.current[key] = fill[key];
      }
    });
    return () => {
      current = false;
    };
  }, [pincode]);
  const field = (name: keyof typeof ADDRESS_RULES, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      name={name}
      label={rules[name].label}
      required={'required' in ADDRESS_RULES[name]}
      value={values[name]}
      onChange={(v) => setValue(name, String(v ?? ''))}
      error={errors[name]}
      {...extra}
    />
  );
  const save = handleSubmit(async (v) => {
    const refused = await onSave(addressBody(v));
    if (Object.keys(refused).length) setErrors(refused);
    else if (id === undefined) reset();
  });
  return (
    <form ref={form} method="post" action={action} onSubmit={save} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2" aria-label={id === undefined ? say('addresses.newAddress') : say('addresses.editAddress', { line1: start.line1 })}>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="return" value={back} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      {field('name', { placeholder: say('addresses.namePlaceholder') })}
      {field('phone', { type: 'tel', inputMode: 'numeric', placeholder: say('addresses.phonePlaceholder') })}
      <div className="sm:col-span-2">{field('line1', { placeholder: say('addresses.line1Placeholder') })}</div>
      <div className="sm:col-span-2">{field('line2', { placeholder: say('addresses.line2Placeholder') })}</div>
      {field('landmark')}
      {field('pincode', { inputMode: 'numeric', placeholder: say('addresses.pincodePlaceholder') })}
      {field('city')}
      {field('state')}
      <Field name="type" label={say('addresses.type')} type="radio" options={types} value={values.type} onChange={(v) => setValue('type', String(v))} />
      <Field name="is_default" label={defaultLabel ?? say('addresses.makeMyDefault')} type="checkbox" value={values.is_default} onChange={(v) => setValue('is_default', Boolean(v))} />
      <div className="sm:col-span-2">
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="min-h-11 rounded-full bg-primary px-6 font-medium text-primary-foreground disabled:opacity-60">
          {busy ? say('addresses.saving') : (submitLabel ?? say('addresses.save'))}
        </button>
      </div>
    </form>
  );
}
