import type { FieldRule } from './validation';

/** The profile form's rules (docs/product.md#form-rules), without zod: the account details form and the API use these. */
export const PROFILE_RULES = {
  name: { label: 'Name', required: true },
  phone: { label: 'Phone', required: true, pattern: 'phone' },
  email: { label: 'Email', required: true, type: 'email' },
} as const satisfies Record<string, FieldRule>;

/** What a verified change can change. */
export const CONTACT_KINDS = ['phone', 'email'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
