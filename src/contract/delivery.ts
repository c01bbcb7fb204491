import { z } from 'zod';
import { patterns } from '../lib/validation';

/** GET /api/check/pincode/{pincode}: 6 digits, not starting with 0 (spec section 5). */
export const PincodeParam = z.object({
  pincode: z.string().regex(patterns.pincode, 'Please enter a valid pincode'),
});
export const PincodeCheck = z
  .object({ pincode: z.string(), serviceable: z.boolean(), message: z.string() })
  .meta({ id: 'PincodeCheck' });
export type PincodeCheck = z.infer<typeof PincodeCheck>;
