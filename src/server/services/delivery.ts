import type { Kysely } from 'kysely';
import type { Deliveries, PackDelivery, PincodeCheck } from '../../contract';
import { formatClock } from '../../lib/format';
import { indiaDate } from '../../lib/india-time';
import type { Database } from '../db/schema';
import type { SessionRow } from '../env';
import { ApiError, refusal } from '../http/errors';
import { translator, type Translate } from '../../lib/i18n/translate';
import type { DeliveryZone } from '../orders/pricing';

type DB = Kysely<Database>;

/** A zone as the cart and the cards use it: its charges, lead days, cash-on-delivery rule and window ('7:00 AM'). */
type AreaZone = DeliveryZone & {
  name: string;
  lead_days: number;
  cod_allowed: number;
  /** The most a cash-on-delivery order may come to here; null: the shop's limit (config.codLimitPaise). */
  cod_limit_paise: number | null;
  window: { start: string; end: string };
};

/** A delivery pincode: its zone when delivered, and which warehouses reach it. */
export interface Area {
  pincode: string;
  city: string;
  state: string;
  zone: AreaZone | null;
  warehouses: Map<number, string>;
}

export async function areaFor(db: DB, pincode: string): Promise<Area | null> {
  // The pincode with its zone when it is delivered, in one query (every listing with a pincode asks this).
  const row = await db
    .selectFrom('pincodes as pc')
    .leftJoin('delivery_zones as z', (join) => join.onRef('z.id', '=', 'pc.zone_id').on('pc.serviceable', '=', 1))
    .select([
      'pc.pincode', 'pc.city', 'pc.state', 'z.id as zone_id', 'z.name', 'z.charge_paise', 'z.free_above_paise', 'z.min_order_paise', 'z.lead_days', 'z.cod_allowed',
      'z.cod_limit_paise', 'z.window_start', 'z.window_end',
    ])
    .where('pc.pincode', '=', pincode)
    .executeTakeFirst();
  if (!row) return null;
  // A joined zone has every column (they are NOT NULL in its table, but for the COD limit).
  const { pincode: _, city: __, state: ___, zone_id, window_start, window_end, ...columns } = row;
  const zone = zone_id === null ? undefined : ({ id: zone_id, ...columns, window: { start: formatClock(window_start!), end: formatClock(window_end!) } } as AreaZone);
  const warehouses = zone
    ? await db
        .selectFrom('warehouse_zones')
        .innerJoin('warehouses', 'warehouses.id', 'warehouse_zones.warehouse_id')
        .select(['warehouses.id', 'warehouses.city'])
        .where('warehouse_zones.zone_id', '=', zone.id)
        .execute()
    : [];
  return { pincode: row.pincode, city: row.city, state: row.state, zone: zone ?? null, warehouses: new Map(warehouses.map((w) => [w.id, w.city])) };
}

/** When a warehouse's goods reach an area: the zone's lead days, one more from another city. India's calendar. */
export function deliveryDate(area: Area, warehouseId: number, now = new Date()): string {
  const sameCity = area.warehouses.get(warehouseId) === area.city;
  return indiaDate(now, (area.zone?.lead_days ?? 1) + (sameCity ? 0 : 1));
}

/** Whether goods from a warehouse reach an area at all: the area is delivered and the warehouse serves its zone. */
export const delivers = (area: Area, warehouseId: number) => area.zone !== null && area.warehouses.has(warehouseId);

/**
 * What the cart says of a line and a card of a pack, by one rule: whether the pack's warehouse delivers to the
 * area, and if so the date (deliveryDate) and the zone's window, as the shop writes times ('7:00 AM').
 */
function packDelivery(area: Area, warehouseId: number, now = new Date()): PackDelivery {
  if (!delivers(area, warehouseId)) return { deliverable: false, date: null, start: null, end: null };
  return { deliverable: true, date: deliveryDate(area, warehouseId, now), start: area.zone!.window.start, end: area.zone!.window.end };
}

/**
 * packDelivery for the packs of one answer: computed once a warehouse (a page of 24 cards has a few warehouses but
 * about 50 packs, and the date in India's time zone costs about 0.1 ms each).
 */
export function packDeliveries(area: Area, now = new Date()): (warehouseId: number) => PackDelivery {
  const byWarehouse = new Map<number, PackDelivery>();
  return (warehouseId) => {
    let delivery = byWarehouse.get(warehouseId);
    if (!delivery) byWarehouse.set(warehouseId, (delivery = packDelivery(area, warehouseId, now)));
    return delivery;
  };
}

/** The most warehouses GET /api/deliveries answers for (a shop has a handful). */
const DELIVERIES_MAX = 500;

/**
 * GET /api/deliveries: packDelivery for every warehouse to the session's pincode; none without a pincode, or for a
 * pincode the shop no longer knows.
 */
export async function deliveriesFor(db: DB, pincode: string | null | undefined, now = new Date()): Promise<Deliveries> {
  const area = pincode ? await areaFor(db, pincode) : null;
  if (!area) return { pincode: pincode ?? null, warehouses: [] };
  const ids = await db.selectFrom('warehouses').select('id').orderBy('id').limit(DELIVERIES_MAX).execute();
  const delivery = packDeliveries(area, now);
  return { pincode: area.pincode, warehouses: ids.map(({ id }) => ({ warehouse_id: id, ...delivery(id) })) };
}

/**
 * GET /api/check/pincode/{pincode}: a delivered pincode becomes the session's; an unknown or undelivered
 * one is refused with a sentence the pincode dialog shows, and the session keeps its pincode. With `choose`
 * false it only looks the pincode up (the address form's city and state): any pincode the shop knows answers,
 * delivered or not, and the session is left alone. An unknown pincode is a 404 either way. The answer's
 * sentence is in `t`'s language (the request's).
 */
export async function checkPincode(db: DB, session: SessionRow, pincode: string, choose = true, t: Translate = translator('en')): Promise<PincodeCheck> {
  const area = await areaFor(db, pincode);
  if (!area) throw new ApiError(404, refusal('refusals.notDeliveredYet', { pincode }));
  const { city, state } = area;
  if (!area.zone) {
    const message = refusal('refusals.noDeliveryCity', { pincode, city });
    if (choose) throw new ApiError(422, message);
    return { pincode, serviceable: false, city, state, message: message.say(t) };
  }
  if (choose) await db.updateTable('sessions').set({ pincode }).where('id', '=', session.id).execute();
  return { pincode, serviceable: true, city, state, message: refusal('refusals.deliveringTo', { pincode, city }).say(t) };
}
