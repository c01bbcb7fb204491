/**
 * The back office's delivery calls (docs/back-office-delivery.md), for delivery:manage: the delivery zones with
 * their charges, window, cash-on-delivery rule and warehouses, and each zone's pincodes. Money is integer paise
 * (`*_paise`) both ways; a window's times are 24-hour 'HH:MM' in India's time.
 */
import { z } from 'zod';
import { Flag, Id, pagingQuery } from './common';
import { MAX_LEAD_DAYS } from './delivery-constants';
import { INDIA_STATES } from './india-states';
import { parsePincodes, pastedPincodesProblem } from './pincode-paste';
import { Text } from './rules';
import { patterns } from './validation';

/** The most any amount of a zone may be: ₹10,00,000. */
const MAX_PAISE = 100_000_000;

/** An amount in paise a person chose: a whole number, not negative, in the field's words. */
const Paise = (label: string, least = 0) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be an amount in paise`) })
    .int(`${label} must be a whole number of paise`)
    .min(0, `${label} must not be negative`)
    .refine((paise) => paise < 0 || paise >= least, `${label} must be at least ₹${least / 100}`)
    .max(MAX_PAISE, `${label} must be at most ₹10,00,000`);

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day, 24-hour 'HH:MM' ('07:00', '18:30'), in India's time. */
const ClockTime = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a time`) }).regex(CLOCK, `${label} must be a time as HH:MM, 24-hour (07:00, 18:30)`);


/** A zone as staff set it: POST /s/api/bos/zones makes one, PUT /s/api/bos/zones/{id} replaces its settings. */
export const BosZoneBody = z
  .object({
    name: Text('Zone name', { required: true, max: 60 }),
    charge_paise: Paise('Delivery charge'),
    /** Delivery is free from this value of goods (before any coupon); 0: always free. */
    free_above_paise: Paise('Free delivery from'),
    min_order_paise: Paise('Minimum order'),
    cod_allowed: Flag('Cash on delivery'),
    /** The most a cash-on-delivery order may come to here; null: the shop's own limit (COD_LIMIT_RUPEES). */
    cod_limit_paise: Paise('Cash on delivery limit', 100).nullable().default(null),
    /** Days from the order to the delivery, from a warehouse in the pincode's own city (one more from another city). */
    lead_days: z
      .number({ error: 'Lead days must be a whole number of days' })
      .int('Lead days must be a whole number of days')
      .min(0, 'Lead days must not be negative')
      .max(MAX_LEAD_DAYS, `Lead days must be at most ${MAX_LEAD_DAYS}`),
    window_start: ClockTime('Window start'),
    window_end: ClockTime('Window end'),
    /** The warehouses that deliver to the zone: a pack is delivered there only from one of them. */
    warehouse_ids: z.array(Id).max(100, 'At most 100 warehouses').default([]),
  })
  .superRefine((zone, ctx) => {
    const { window_start: start, window_end: end, warehouse_ids: ids } = zone as Partial<typeof zone>;
    if (typeof start === 'string' && typeof end === 'string' && CLOCK.test(start) && CLOCK.test(end) && end <= start) ctx.addIssue({ code: 'custom', path: ['window_end'], message: 'Window end must be after its start' });
    if (Array.isArray(ids) && new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['warehouse_ids'], message: 'A warehouse is chosen twice' });
  })
  .meta({ id: 'BosZoneBody' });
export type BosZoneBody = z.infer<typeof BosZoneBody>;

const PaiseAnswer = z.number().int().meta({ description: 'Amount in paise (integer)' });

export const BosZone = z
  .object({
    id: z.number().int(),
    name: z.string(),
    charge_paise: PaiseAnswer,
    free_above_paise: PaiseAnswer,
    min_order_paise: PaiseAnswer,
    cod_allowed: z.boolean(),
    cod_limit_paise: PaiseAnswer.nullable(),
    lead_days: z.number().int(),
    window_start: z.string(),
    window_end: z.string(),
    warehouse_ids: z.array(z.number().int()),
    /** How many pincodes the zone delivers to. */
    pincode_count: z.number().int(),
  })
  .meta({ id: 'BosZone' });
export type BosZone = z.infer<typeof BosZone>;

/** GET /s/api/bos/zones: a page of zones by name; `q` finds zones by name, or the zone a pincode is in. */
export const BosZoneQuery = z
  .object({
    ...pagingQuery(50),
    q: Text('Search', { max: 60 }).optional(),
  })
  .meta({ id: 'BosZoneQuery' });
export type BosZoneQuery = z.infer<typeof BosZoneQuery>;

const BosWarehouseChoice = z.object({ id: z.number().int(), code: z.string(), name: z.string(), city: z.string() }).meta({ id: 'BosWarehouseChoice' });

export const BosZoneList = z
  .object({
    data: z.array(BosZone),
    meta: z.object({ total: z.number().int() }),
    /** Every warehouse, for the zone form's choice. */
    warehouses: z.array(BosWarehouseChoice),
    /** The shop's own cash-on-delivery limit (COD_LIMIT_RUPEES): a zone without a limit of its own has it. */
    default_cod_limit_paise: PaiseAnswer,
  })
  .meta({ id: 'BosZoneList' });
export type BosZoneList = z.infer<typeof BosZoneList>;

/** GET /s/api/bos/zones/{id}: one zone, with the form's choices. */
export const BosZoneDetail = z
  .object({ zone: BosZone, warehouses: z.array(BosWarehouseChoice), default_cod_limit_paise: PaiseAnswer })
  .meta({ id: 'BosZoneDetail' });
export type BosZoneDetail = z.infer<typeof BosZoneDetail>;

/** GET /s/api/bos/zones/{id}/pincodes: a page of a zone's pincodes in order; `q` is the start of a pincode or a city. */
export const BosZonePincodeQuery = z
  .object({
    ...pagingQuery(50),
    q: Text('Search', { max: 60 }).optional(),
  })
  .meta({ id: 'BosZonePincodeQuery' });
export type BosZonePincodeQuery = z.infer<typeof BosZonePincodeQuery>;

const BosPincode = z.object({ pincode: z.string(), city: z.string(), state: z.string() }).meta({ id: 'BosPincode' });

export const BosZonePincodes = z
  .object({ data: z.array(BosPincode), meta: z.object({ total: z.number().int() }) })
  .meta({ id: 'BosZonePincodes' });
export type BosZonePincodes = z.infer<typeof BosZonePincodes>;

/**
 * POST /s/api/bos/zones/{id}/pincodes: pincodes pasted as they come (separated by commas, spaces or new lines). A
 * pincode the shop does not know yet needs the city and state it is in (every new one of the paste gets them).
 */
export const BosAddPincodesBody = z
  .object({
    pincodes: Text('Pincodes', { required: true, multiline: true, max: 40_000 }),
    city: Text('City', { max: 60 }).optional(),
    state: z.enum(INDIA_STATES, { error: 'State must be one of India’s states and union territories' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (typeof body.pincodes !== 'string') return;
    const problem = pastedPincodesProblem(parsePincodes(body.pincodes));
    if (problem) ctx.addIssue({ code: 'custom', path: ['pincodes'], message: problem });
  })
  .meta({ id: 'BosAddPincodesBody' });
export type BosAddPincodesBody = z.infer<typeof BosAddPincodesBody>;

/** A pincode not added, and why: it is in another zone (named), or new to the shop with no city and state given. */
const BosRefusedPincode = z
  .object({
    pincode: z.string(),
    reason: z.enum(['other_zone', 'unknown']),
    zone: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    message: z.string(),
  })
  .meta({ id: 'BosRefusedPincode' });
export type BosRefusedPincode = z.infer<typeof BosRefusedPincode>;

export const BosPincodesAdded = z
  .object({
    /** Pincodes now delivered by this zone that were not before. */
    added: z.array(z.string()),
    /** Pincodes that were in this zone already. */
    already: z.array(z.string()),
    refused: z.array(BosRefusedPincode),
    /** The outcome in a sentence: '3 pincodes added; 1 refused: 560001 is in zone Metro'. */
    message: z.string(),
    zone: BosZone,
  })
  .meta({ id: 'BosPincodesAdded' });
export type BosPincodesAdded = z.infer<typeof BosPincodesAdded>;

/** DELETE /s/api/bos/zones/{id}/pincodes/{pincode}. */
export const ZonePincodeParams = z.object({
  id: Id,
  pincode: z.string().regex(patterns.pincode, 'Please enter a valid pincode'),
});

/** What a removal did, in a sentence, and the zone as it is now (absent once the zone itself is removed). */
export const BosZoneRemoved = z
  .object({ message: z.string(), zone: BosZone.nullable(), released: z.number().int().meta({ description: 'Pincodes that stopped being delivered' }) })
  .meta({ id: 'BosZoneRemoved' });
export type BosZoneRemoved = z.infer<typeof BosZoneRemoved>;
