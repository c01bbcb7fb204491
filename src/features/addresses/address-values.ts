import type { Address, AddressBody } from '../../contract/address';
import { ADDRESS_RULES } from '../../contract/address-rules';
import { validateField, type FieldRule } from '../../contract/validation';
import type { addresses as addressWords } from '../../lib/i18n/messages/en/addresses';
import type { Say } from '../../lib/i18n/words';

/** The address form's values: its text fields, the type and the default flag. */
export type AddressValues = Record<keyof typeof ADDRESS_RULES, string> & { type: string; is_default: boolean };

export const EMPTY_ADDRESS: AddressValues = { name: '', phone: '', pincode: '', line1: '', line2: '', landmark: '', city: '', state: '', type: 'home', is_default: false };

/** The form's values as the API takes them (blank optional lines as null). */
export const addressBody = (v: AddressValues): AddressBody => ({
  ...v,
  line2: v.line2.trim() || null,
  landmark: v.landmark.trim() || null,
  type: v.type as AddressBody['type'],
});

/** The fields a posted (or not yet hydrated) address form holds, as form values; an unticked box is absent. */
export function typedAddress(form: FormData): AddressValues {
  const text = Object.fromEntries(Object.keys(EMPTY_ADDRESS).map((name) => [name, String(form.get(name) ?? '')])) as unknown as AddressValues;
  return { ...text, type: text.type || 'home', is_default: form.get('is_default') !== null };
}

/** A posted address form's fields as the API takes them (the no-JavaScript endpoints). */
export const addressFromForm = (form: FormData) => addressBody(typedAddress(form));

/** An address on one line, as a shopper reads it on a label; `near` says where its landmark is ('near X' by default). */
export function addressLine(a: Pick<Address, 'line1' | 'line2' | 'landmark' | 'city' | 'state' | 'pincode'>, near: (landmark: string) => string = (landmark) => `near ${landmark}`): string {
  return [a.line1, a.line2, a.landmark && near(a.landmark), a.city, `${a.state} ${a.pincode}`].filter(Boolean).join(', ');
}

/**
 * The address form's rules in the page's words: each field named in them, and its failures (required, not in the
 * pattern) said in them; the same checks as the shared rules (contract/address-rules), which English keeps.
 */
export function addressRulesIn(say: Say<keyof typeof addressWords>): Record<keyof typeof ADDRESS_RULES, FieldRule & { label: string }> {
  return Object.fromEntries(
    Object.entries(ADDRESS_RULES).map(([name, rule]) => {
      const label = say(`addresses.${name as keyof typeof ADDRESS_RULES}`);
      const validate = (value: unknown) => {
        if (!validateField(value, rule)) return null;
        return String(value ?? '').trim() === '' ? say('addresses.required', { label }) : say('addresses.invalid', { label });
      };
      return [name, { ...rule, label, validate }];
    }),
  ) as unknown as Record<keyof typeof ADDRESS_RULES, FieldRule & { label: string }>;
}

type Place = { city: string; state: string };

/**
 * What a pincode's place (its city and state, as the shop knows them) fills in the address form: each of city
 * and state that is empty, or still holds what the last fill put there. What the shopper typed (or an address
 * being edited already had) is never replaced; whatever is filled stays editable.
 */
export function placeFill(current: Place, place: Place, lastFilled: Place): Partial<Place> {
  const fill: Partial<Place> = {};
  for (const key of ['city', 'state'] as const) {
    if (place[key] && (current[key].trim() === '' || current[key] === lastFilled[key])) fill[key] = place[key];
  }
  return fill;
}
