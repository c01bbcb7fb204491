import { z } from 'zod';
import { Id } from './common';

/** The checkout form (spec section 3) as POST /api/order/create receives it. */
export const OrderCreateBody = z
  .object({
    address_id: Id,
    payment: z.string().min(1).max(40),
    offercode: z.string().max(40).nullable().optional(),
    note: z.string().max(500).nullable().optional(),
  })
  .meta({ id: 'OrderCreateBody' });
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;

export const PayOptions = z.object({ provider: z.string(), id: z.string() }).meta({ id: 'PayOptions' });

export const OrderCreated = z
  .object({ id: z.number().int(), ordernumber: z.string(), payOptions: PayOptions.nullable().optional() })
  .meta({ id: 'OrderCreated' });
export type OrderCreated = z.infer<typeof OrderCreated>;
