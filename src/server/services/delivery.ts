import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import { SHOP_TIMEZONE } from '../../lib/format';
import type { Database } from '../db/schema';
import type { SessionRow } from '../env';
import { ApiError } from '../http/errors';
import type { DeliveryZone } from './pricing';

type DB = Kysely<Database>;

/** A delivery pincode: its zone when delivered, and which warehouses reach it. */
export interface Area {
  pincode: string;
  city: string;
  zone: (DeliveryZone & { name: string; lead_days: number; cod_allowed: number }) | null;
  warehouses: Map<number, string>;
}

export async function areaFor(db: DB, pincode: string): Promise<Area | null> {
  const row = await db.selectFrom('pincodes').selectAll().where('pincode', '=', pincode).executeTakeFirst();
  if (!row) return null;
  const zone = row.serviceable === 1 && row.zone_id !== null ? await db.selectFrom('delivery_zones').selectAll().where('id', '=', row.zone_id).executeTakeFirst() : undefined;
  const warehouses = zone
    ? await db
        .selectFrom('warehouse_zones')
        .innerJoin('warehouses', 'warehouses.id', 'warehouse_zones.warehouse_id')
        .select(['warehouses.id', 'warehouses.city'])
        .where('warehouse_zones.zone_id', '=', zone.id)
        .execute()
    : [];
  return { pincode: row.pincode, city: row.city, zone: zone ?? null, warehouses: new Map(warehouses.map((w) => [w.id, w.city])) };
}

/** Morning slot for every delivery; the times are shown as the spec's 'h:mm A'. */
export const SLOT = { start: '7:00 AM', end: '11:00 AM' };

/** When a warehouse's goods reach an area: the zone's lead days, one more from another city. India's calendar. */
export function deliveryDate(area: Area, warehouseId: number, now = new Date()): string {
  const sameCity = area.warehouses.get(warehouseId) === area.city;
  return dayjs(now).tz(SHOP_TIMEZONE).add((area.zone?.lead_days ?? 1) + (sameCity ? 0 : 1), 'day').format('YYYY-MM-DD');
}

/**
 * GET /api/check/pincode/{pincode}: a delivered pincode becomes the session's; an unknown or undelivered
 * one is refused with a sentence the pincode dialog shows, and the session keeps its pincode.
 */
export async function checkPincode(db: DB, session: SessionRow, pincode: string) {
  const area = await areaFor(db, pincode);
  if (!area) throw new ApiError(404, `We do not deliver to ${pincode} yet`);
  if (!area.zone) throw new ApiError(422, `Sorry, we do not deliver to ${pincode} (${area.city}) yet`);
  await db.updateTable('sessions').set({ pincode }).where('id', '=', session.id).execute();
  return { pincode, serviceable: true, message: `Delivering to ${pincode}, ${area.city}` };
}
