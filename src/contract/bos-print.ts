/**
 * The back office's printouts (docs/back-office.md#pick-list-and-packing-slips): the pick list of a delivery date,
 * window and warehouse, and the packing slips of orders. Money is integer paise.
 */
import { z } from 'zod';
import { Id } from './common';
import { MAX_SLIPS, ORDER_STATUSES } from './order-constants';
import { Text } from './rules';

const Paise = z.number().int().meta({ description: 'Amount in paise (integer)' });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const Day = {
  /** Delivery date (YYYY-MM-DD, India's date) and window (its start, as the order shows it: '7:00 AM'). */
  window: Text('Window', { max: 20 }).optional(),
  warehouse: Id.optional(),
};

export const BosPickListQuery = z
  .object({ date: z.string({ error: 'date is required (YYYY-MM-DD)' }).regex(DATE, 'date must be YYYY-MM-DD'), ...Day })
  .meta({ id: 'BosPickListQuery' });
export type BosPickListQuery = z.infer<typeof BosPickListQuery>;

const Delivery = z.object({ date: z.string().nullable(), start: z.string().nullable(), end: z.string().nullable() });
const Warehouse = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const BosPickList = z
  .object({
    date: z.string(),
    window: z.string().nullable(),
    /** The warehouse asked for, or null for every warehouse. */
    warehouse: Warehouse.nullable(),
    /** Every pack to pick, by category, then product, then pack. The catalogue keeps no SKU: pack_id is the pack's number. */
    packs: z.array(
      z.object({
        pack_id: z.number().int(),
        name: z.string(),
        pack: z.string(),
        category: z.string(),
        warehouse_id: z.number().int(),
        /** Units to pick: what the orders hold, less what was refunded of their lines. */
        quantity: z.number().int(),
        /** How many orders want it. */
        orders: z.number().int(),
      }),
    ),
    /** The confirmed orders it covers, by order number. */
    orders: z.array(z.object({ id: z.number().int(), ordernumber: z.string(), customer: z.string(), delivery: Delivery })),
    total_quantity: z.number().int(),
  })
  .meta({ id: 'BosPickList' });
export type BosPickList = z.infer<typeof BosPickList>;

const IDS = /^\s*[1-9]\d{0,9}(\s*,\s*[1-9]\d{0,9})*\s*$/;

export const BosPackingSlipQuery = z
  .object({
    /** Orders by id, comma-separated (at most MAX_SLIPS); or the confirmed orders of a date (and window, warehouse). */
    ids: z
      .string()
      .regex(IDS, 'ids must be order ids separated by commas')
      .transform((s) => [...new Set(s.split(',').map((id) => Number(id.trim())))])
      .refine((ids) => ids.length <= MAX_SLIPS, `At most ${MAX_SLIPS} orders at once`)
      .optional()
      .meta({ type: 'string', description: 'Order ids separated by commas' }),
    date: z.string().regex(DATE, 'date must be YYYY-MM-DD').optional(),
    ...Day,
  })
  .refine((q) => (q.ids === undefined) !== (q.date === undefined), { message: 'Give either ids or a date', path: ['ids'] })
  .refine((q) => q.ids === undefined || (q.window === undefined && q.warehouse === undefined), { message: 'window and warehouse go with a date, not with ids', path: ['window'] })
  .meta({ id: 'BosPackingSlipQuery' });
export type BosPackingSlipQuery = z.infer<typeof BosPackingSlipQuery>;

const BosPackingSlip = z
  .object({
    id: z.number().int(),
    ordernumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string(),
    customer: z.object({ name: z.string(), phone: z.string() }),
    /** The delivery address as ordered (name, phone, line1, line2, landmark, city, state, pincode). */
    address: z.record(z.string(), z.unknown()),
    /** The order's delivery windows, earliest first. */
    deliveries: z.array(Delivery),
    lines: z.array(z.object({ pack_id: z.number().int(), name: z.string(), pack: z.string(), quantity: z.number().int(), warehouse_id: z.number().int() })),
    /** The shopper's note for the shop. */
    note: z.string().nullable(),
    payment_method: z.string(),
    total_paise: Paise,
    /** What the rider collects at the door: the total for cash on delivery not yet delivered, else 0 (paid online). */
    collect_paise: Paise,
  })
  .meta({ id: 'BosPackingSlip' });

export const BosPackingSlips = z
  .object({
    data: z.array(BosPackingSlip),
    /** Orders that matched; only the first MAX_SLIPS are in data. */
    meta: z.object({ total: z.number().int() }),
  })
  .meta({ id: 'BosPackingSlips' });
export type BosPackingSlips = z.infer<typeof BosPackingSlips>;
