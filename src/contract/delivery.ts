import { z } from 'zod';
import { patterns } from './validation';

/** GET /api/check/pincode/{pincode}: 6 digits, not starting with 0 (docs/product.md#patterns). */
export const PincodeParam = z.object({
  pincode: z.string().regex(patterns.pincode, 'Please enter a valid pincode'),
});
/**
 * ?choose=false only looks the pincode up (the address form filling city and state): a known pincode answers
 * 200 whether or not it is delivered, and the session keeps its pincode. Without it (the pincode dialog) a
 * delivered pincode becomes the session's and any other is refused.
 */
export const PincodeQuery = z.object({
  choose: z.enum(['true', 'false'], { error: 'choose must be true or false' }).optional(),
});

/** A pincode the shop knows: whether it is delivered, its city and state, and the sentence the dialog shows. */
export const PincodeCheck = z
  .object({ pincode: z.string(), serviceable: z.boolean(), city: z.string(), state: z.string(), message: z.string() })
  .meta({ id: 'PincodeCheck' });
export type PincodeCheck = z.infer<typeof PincodeCheck>;

/**
 * Whether a pack reaches the session's pincode, and when (the cart's rules: the pack's warehouse must serve the
 * pincode's zone; the date is India's calendar date, YYYY-MM-DD; the window as the cart gives it, '7:00 AM').
 */
export const PackDelivery = z
  .object({ deliverable: z.boolean(), date: z.string().nullable(), start: z.string().nullable(), end: z.string().nullable() })
  .meta({ id: 'PackDelivery' });
export type PackDelivery = z.infer<typeof PackDelivery>;

/**
 * GET /api/deliveries: when the goods of each warehouse reach the session's pincode (PackDelivery), or no
 * pincode and none. A shared catalogue page is drawn without a pincode; a shopper's delivery lines are drawn from
 * this into it (docs/scaling-and-caching.md#personal-parts).
 */
export const Deliveries = z
  .object({
    pincode: z.string().nullable(),
    warehouses: z.array(PackDelivery.extend({ warehouse_id: z.number().int() })),
  })
  .meta({ id: 'Deliveries' });
export type Deliveries = z.infer<typeof Deliveries>;
