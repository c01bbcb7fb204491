import type { FieldRule } from './validation';

/**
 * The address form's plain constants, without zod (the checkout island imports them), in a module of their own
 * so they reach only the pages that draw the form.
 */
export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
/** A user keeps at most this many addresses. */
export const MAX_ADDRESSES = 20;

/** The address form's rules (docs/product.md#form-rules): the checkout and account forms and the API use these. */
export const ADDRESS_RULES = {
  name: { label: 'Name', required: true },
  phone: { label: 'Phone', required: true, pattern: 'phone' },
  pincode: { label: 'Pincode', required: true, pattern: 'pincode' },
  line1: { label: 'Address line 1', required: true },
  line2: { label: 'Address line 2' },
  landmark: { label: 'Landmark' },
  city: { label: 'City', required: true },
  state: { label: 'State', required: true },
} as const satisfies Record<string, FieldRule>;

