import { z } from 'zod';
import type { FieldRule } from './validation';
import { Flag } from './common';
import { ruleField as field, ruleSchema } from './rules';

export { MAX_ADDRESSES } from './address-rules';
import { ADDRESS_RULES, ADDRESS_TYPES } from './address-rules';

/** An optional line: absent, null or blank is null (a form may leave it out altogether). */
const optionalField = (rule: FieldRule, max: number) =>
  ruleSchema(rule)
    .pipe(z.string().trim().max(max, `${rule.label} is too long`).nullish())
    .optional()
    .transform((v) => v || null);

/** POST /api/addresses and PUT /api/addresses/{id}. */
export const AddressBody = z
  .object({
    name: field(ADDRESS_RULES.name, 80),
    phone: field(ADDRESS_RULES.phone, 10),
    pincode: field(ADDRESS_RULES.pincode, 6),
    line1: field(ADDRESS_RULES.line1, 200),
    line2: optionalField(ADDRESS_RULES.line2, 200),
    landmark: optionalField(ADDRESS_RULES.landmark, 120),
    city: field(ADDRESS_RULES.city, 80),
    state: field(ADDRESS_RULES.state, 80),
    type: z.enum(ADDRESS_TYPES, { error: `Type must be one of ${ADDRESS_TYPES.join(', ')}` }).default('home'),
    is_default: Flag('Default address').default(false),
  })
  .meta({ id: 'AddressBody' });
export type AddressBody = z.infer<typeof AddressBody>;

/** A saved delivery address; also the snapshot an order keeps (without id and is_default). */
export const AddressFields = z.object({
  name: z.string(),
  phone: z.string(),
  pincode: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  type: z.enum(ADDRESS_TYPES),
});
export type AddressFields = z.infer<typeof AddressFields>;
export const Address = AddressFields.extend({ id: z.number().int(), is_default: z.boolean() }).meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const AddressList = z.object({ data: z.array(Address) }).meta({ id: 'AddressList' });
export type AddressList = z.infer<typeof AddressList>;
