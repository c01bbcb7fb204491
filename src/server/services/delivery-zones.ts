/**
 * The back office's delivery zones (docs/back-office-delivery.md): zones with their charges, window, cash-on-delivery
 * rule and warehouses, and the pincodes each delivers to. Zones are the shop's, shared by its websites, as its
 * warehouses are. Every change is one transaction with its one audit row (subject kind `zone`), and is what the
 * next shopper's request reads: the cart, the pincode check and the listing read the zone tables on every request
 * (services/delivery.ts), and nothing is derived from them, so there is nothing else to recompute. The page
 * generation follows by the tables' own triggers (db/page-generation.ts).
 *
 * A pincode is in a zone when its row has that zone_id and is serviceable; one row per pincode (its primary key),
 * so it is in one zone at most. Adding pincodes is one conditional write that takes only pincodes in no zone
 * (or already in this one): two people adding one pincode to two zones at once cannot both have it, on either
 * database. Each write to a zone's pincodes first takes the zone's row (an update that changes nothing), so a
 * zone removed meanwhile is a 404 rather than a broken reference.
 */
import type { Kysely, Selectable } from 'kysely';
import type { BosAddPincodesBody, BosPincodesAdded, BosRefusedPincode, BosZone, BosZoneBody, BosZoneDetail, BosZoneList, BosZonePincodeQuery, BosZonePincodes, BosZoneQuery, BosZoneRemoved } from '../../contract/bos-delivery';
import { parsePincodes } from '../../contract/pincode-paste';
import { plural, pluralWord } from '../../contract/plural';
import type { Database, DeliveryZoneTable } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { recordAudit } from './audit';

type DB = Kysely<Database>;
type ZoneRow = Selectable<DeliveryZoneTable>;

/** Who acts, on which website's audit log. */
export interface DeliveryStaff {
  userId: number;
  websiteId: number;
}

/** How many values one statement carries (well under either database's limit on parameters). */
const CHUNK = 500;
const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** A LIKE pattern that matches the text as typed (its wildcards escaped with '\'). */
const likeEscaped = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The zone's settings as the audit keeps them (before → after), without counts. */
const settingsOf = (zone: BosZone) => {
  const { id: _, pincode_count: __, ...settings } = zone;
  return settings;
};

/** The warehouses a zone may be delivered from (the form's choice; a zone takes at most 100, BosZoneBody). */
async function warehouseChoices(db: DB) {
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'city']).orderBy('name').orderBy('id').limit(100).execute();
}

/** Zone rows as staff see them: with their warehouses and how many pincodes they deliver to. */
async function toZones(db: DB, rows: ZoneRow[]): Promise<BosZone[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [links, counts] = await Promise.all([
    db.selectFrom('warehouse_zones').select(['zone_id', 'warehouse_id']).where('zone_id', 'in', ids).orderBy('warehouse_id').execute(),
    db
      .selectFrom('pincodes')
      .select(['zone_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('zone_id', 'in', ids)
      .where('serviceable', '=', 1)
      .groupBy('zone_id')
      .execute(),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    charge_paise: r.charge_paise,
    free_above_paise: r.free_above_paise,
    min_order_paise: r.min_order_paise,
    cod_allowed: r.cod_allowed === 1,
    cod_limit_paise: r.cod_limit_paise,
    lead_days: r.lead_days,
    window_start: r.window_start,
    window_end: r.window_end,
    warehouse_ids: links.filter((l) => l.zone_id === r.id).map((l) => l.warehouse_id),
    pincode_count: Number(counts.find((c) => c.zone_id === r.id)?.n ?? 0),
  }));
}

async function zoneById(db: DB, id: number): Promise<BosZone> {
  const row = await db.selectFrom('delivery_zones').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such delivery zone');
  return (await toZones(db, [row]))[0]!;
}

/**
 * Takes the zone's row for the rest of the transaction (an update that changes nothing: no page generation is
 * raised), so that a removal and a change of its pincodes or warehouses follow one another. 404 when it is gone.
 */
async function lockZone(trx: DB, id: number): Promise<void> {
  const { numUpdatedRows } = await trx.updateTable('delivery_zones').set((eb) => ({ name: eb.ref('name') })).where('id', '=', id).executeTakeFirst();
  if (numUpdatedRows === 0n) throw notFound('No such delivery zone');
}

/** GET /s/api/bos/zones: a page of zones by name; `q` is part of a name, or the start of a pincode a zone has. */
export async function listZones(db: DB, shopCodLimitPaise: number, query: BosZoneQuery): Promise<BosZoneList> {
  const q = query.q?.trim() ?? '';
  let base = db.selectFrom('delivery_zones as z');
  if (q) {
    const like = likeEscaped(q);
    base = base.where((eb) => {
      const byName = eb(eb.fn('lower', ['z.name']), 'like', `%${like}%`);
      if (!/^\d{1,6}$/.test(q)) return byName;
      const byPincode = eb.exists(
        eb.selectFrom('pincodes as pc').select('pc.pincode').whereRef('pc.zone_id', '=', 'z.id').where('pc.serviceable', '=', 1).where('pc.pincode', 'like', `${like}%`),
      );
      return eb.or([byName, byPincode]);
    });
  }
  const [rows, total, warehouses] = await Promise.all([
    base
      .selectAll('z')
      .orderBy('z.name')
      .orderBy('z.id')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    warehouseChoices(db),
  ]);
  return { data: await toZones(db, rows), meta: { total: Number(total.n) }, warehouses, default_cod_limit_paise: shopCodLimitPaise };
}

/** GET /s/api/bos/zones/{id}. */
export async function zoneDetail(db: DB, shopCodLimitPaise: number, id: number): Promise<BosZoneDetail> {
  const [zone, warehouses] = await Promise.all([zoneById(db, id), warehouseChoices(db)]);
  return { zone, warehouses, default_cod_limit_paise: shopCodLimitPaise };
}

/** The zone table's columns from a body. */
const columnsOf = (body: BosZoneBody) => ({
  name: body.name,
  charge_paise: body.charge_paise,
  free_above_paise: body.free_above_paise,
  min_order_paise: body.min_order_paise,
  cod_allowed: body.cod_allowed ? 1 : 0,
  cod_limit_paise: body.cod_limit_paise,
  lead_days: body.lead_days,
  window_start: body.window_start,
  window_end: body.window_end,
});

/** 400 naming the warehouses of a body that do not exist. */
async function checkWarehouses(db: DB, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await db.selectFrom('warehouses').select('id').where('id', 'in', ids).execute()).map((w) => w.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const message = `No such ${pluralWord(missing.length, 'warehouse', 'warehouses')}: ${missing.map((id) => `#${id}`).join(', ')}`;
    throw new ApiError(400, message, { warehouse_ids: [message] });
  }
}

/** The unique index on zone names (whatever their case), as the name's field error. */
function nameTaken(name: string) {
  return (error: unknown): never => {
    if (/delivery_zones_name|unique|duplicate/i.test(String((error as Error)?.message))) {
      const message = `There is already a zone named ${name}`;
      throw new ApiError(400, message, { name: [message] });
    }
    throw error;
  };
}

async function linkWarehouses(trx: DB, zoneId: number, warehouseIds: number[]): Promise<void> {
  await trx.deleteFrom('warehouse_zones').where('zone_id', '=', zoneId).execute();
  if (warehouseIds.length) await trx.insertInto('warehouse_zones').values(warehouseIds.map((warehouse_id) => ({ warehouse_id, zone_id: zoneId }))).execute();
}

/** POST /s/api/bos/zones: a new zone, with no pincodes yet. */
export async function createZone(db: DB, staff: DeliveryStaff, body: BosZoneBody): Promise<BosZone> {
  return inTransaction(db, async (trx: DB) => {
    await checkWarehouses(trx, body.warehouse_ids);
    const { id } = await trx.insertInto('delivery_zones').values(columnsOf(body)).returning('id').executeTakeFirstOrThrow().catch(nameTaken(body.name));
    await linkWarehouses(trx, id, body.warehouse_ids);
    const zone = await zoneById(trx, id);
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'zone.created', subject: { kind: 'zone', id }, orderId: null, before: null, after: settingsOf(zone) });
    return zone;
  });
}

/** PUT /s/api/bos/zones/{id}: the zone's settings and warehouses, all at once. Its pincodes stay. */
export async function updateZone(db: DB, staff: DeliveryStaff, id: number, body: BosZoneBody): Promise<BosZone> {
  return inTransaction(db, async (trx: DB) => {
    await lockZone(trx, id);
    const before = await zoneById(trx, id);
    await checkWarehouses(trx, body.warehouse_ids);
    await trx.updateTable('delivery_zones').set(columnsOf(body)).where('id', '=', id).execute().catch(nameTaken(body.name));
    await linkWarehouses(trx, id, body.warehouse_ids);
    const after = await zoneById(trx, id);
    if (JSON.stringify(settingsOf(before)) !== JSON.stringify(settingsOf(after))) {
      await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'zone.updated', subject: { kind: 'zone', id }, orderId: null, before: settingsOf(before), after: settingsOf(after) });
    }
    return after;
  });
}

/**
 * DELETE /s/api/bos/zones/{id}: the zone goes, and its pincodes are no longer delivered (they stay known to the
 * shop, with their city and state, and can be added to another zone). The audit row keeps the zone and its pincodes.
 */
export async function deleteZone(db: DB, staff: DeliveryStaff, id: number): Promise<BosZoneRemoved> {
  return inTransaction(db, async (trx: DB) => {
    await lockZone(trx, id);
    const zone = await zoneById(trx, id);
    const pincodes = (await trx.selectFrom('pincodes').select('pincode').where('zone_id', '=', id).where('serviceable', '=', 1).orderBy('pincode').execute()).map((p) => p.pincode);
    await trx.updateTable('pincodes').set({ zone_id: null, serviceable: 0 }).where('zone_id', '=', id).execute();
    await trx.deleteFrom('warehouse_zones').where('zone_id', '=', id).execute();
    await trx.deleteFrom('delivery_zones').where('id', '=', id).execute();
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'zone.deleted', subject: { kind: 'zone', id }, orderId: null, before: { ...settingsOf(zone), pincodes }, after: null });
    const message = pincodes.length
      ? `Zone ${zone.name} removed. Its ${plural(pincodes.length, 'pincode is', 'pincodes are')} no longer delivered.`
      : `Zone ${zone.name} removed.`;
    return { message, zone: null, released: pincodes.length };
  });
}

/** GET /s/api/bos/zones/{id}/pincodes: a page of the zone's pincodes in order; `q` is a pincode's start or a city. */
export async function zonePincodes(db: DB, id: number, query: BosZonePincodeQuery): Promise<BosZonePincodes> {
  await zoneById(db, id);
  const q = query.q?.trim() ?? '';
  let base = db.selectFrom('pincodes').where('zone_id', '=', id).where('serviceable', '=', 1);
  if (q) base = /^\d+$/.test(q) ? base.where('pincode', 'like', `${likeEscaped(q)}%`) : base.where((eb) => eb(eb.fn('lower', ['city']), 'like', `${likeEscaped(q)}%`));
  const [data, total] = await Promise.all([
    base
      .select(['pincode', 'city', 'state'])
      .orderBy('pincode')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, meta: { total: Number(total.n) } };
}

/** A list in words: '560001, 560002 and 3 more'. */
function some(list: string[], shown = 5): string {
  const head = list.slice(0, shown);
  const rest = list.length - head.length;
  if (rest > 0) return `${head.join(', ')} and ${rest} more`;
  return head.length > 1 ? `${head.slice(0, -1).join(', ')} and ${head.at(-1)}` : (head[0] ?? '');
}

/** What an addition did, in a sentence or three. */
function addedMessage(zoneName: string, added: string[], already: string[], refused: BosRefusedPincode[]): string {
  const parts = [added.length ? `${plural(added.length, 'pincode', 'pincodes')} added to ${zoneName}.` : `No pincode added to ${zoneName}.`];
  if (already.length) parts.push(`${some(already)} ${pluralWord(already.length, 'was', 'were')} in it already.`);
  if (refused.length) parts.push(`${plural(refused.length, 'pincode', 'pincodes')} refused: ${refused.slice(0, 5).map((r) => r.message).join('; ')}${refused.length > 5 ? `; and ${refused.length - 5} more` : ''}.`);
  return parts.join(' ');
}

/**
 * POST /s/api/bos/zones/{id}/pincodes: adds pasted pincodes to the zone. A pincode in another zone is refused,
 * naming that zone (and the rest are added); one the shop does not know needs the city and state it is in, and
 * without them nothing is added (400 naming them). One audit row when any was added.
 */
export async function addPincodes(db: DB, staff: DeliveryStaff, id: number, body: BosAddPincodesBody): Promise<BosPincodesAdded> {
  const { pincodes } = parsePincodes(body.pincodes);
  return inTransaction(db, async (trx: DB) => {
    await lockZone(trx, id);
    const zone = await zoneById(trx, id);
    const known = new Map<string, { zone_id: number | null; serviceable: number }>();
    for (const part of chunks(pincodes)) for (const row of await trx.selectFrom('pincodes').select(['pincode', 'zone_id', 'serviceable']).where('pincode', 'in', part).execute()) known.set(row.pincode, row);
    const unknown = pincodes.filter((p) => !known.has(p));
    const city = body.city?.trim();
    if (unknown.length && (!city || !body.state)) {
      const message = `New to the shop: ${some(unknown)}. Give the city and state ${pluralWord(unknown.length, 'it is', 'they are')} in, or leave ${pluralWord(unknown.length, 'it', 'them')} out.`;
      throw new ApiError(400, message, { ...(city ? {} : { city: [message] }), ...(body.state ? {} : { state: [message] }) });
    }
    const inThisZone = (p: string) => known.get(p)?.zone_id === id && known.get(p)?.serviceable === 1;
    const already = pincodes.filter(inThisZone);
    // In order, so that two pastes racing over the same pincodes take their rows in one order (no deadlock).
    const candidates = pincodes.filter((p) => !inThisZone(p)).sort();
    // Only a pincode in no zone (or parked, not delivered) is taken: a conditional write, so a pincode another
    // zone took meanwhile is refused here rather than moved. New pincodes are inserted by the same statement.
    const added: string[] = [];
    for (const part of chunks(candidates)) {
      const rows = unknown.length
        ? await trx
            .insertInto('pincodes')
            .values(part.map((pincode) => ({ pincode, city: city!, state: body.state!, zone_id: id, serviceable: 1 })))
            .onConflict((oc) =>
              oc
                .column('pincode')
                .doUpdateSet({ zone_id: id, serviceable: 1 })
                .where((eb) => eb.or([eb('pincodes.zone_id', 'is', null), eb('pincodes.serviceable', '=', 0), eb('pincodes.zone_id', '=', id)])),
            )
            .returning('pincode')
            .execute()
        : await trx
            .updateTable('pincodes')
            .set({ zone_id: id, serviceable: 1 })
            .where('pincode', 'in', part)
            .where((eb) => eb.or([eb('zone_id', 'is', null), eb('serviceable', '=', 0), eb('zone_id', '=', id)]))
            .returning('pincode')
            .execute();
      added.push(...rows.map((r) => r.pincode));
    }
    const taken = new Set(added);
    const refusedPincodes = candidates.filter((p) => !taken.has(p));
    const holders = new Map<string, { id: number; name: string }>();
    for (const part of chunks(refusedPincodes)) {
      const rows = await trx.selectFrom('pincodes as pc').innerJoin('delivery_zones as z', 'z.id', 'pc.zone_id').select(['pc.pincode', 'z.id', 'z.name']).where('pc.pincode', 'in', part).execute();
      for (const r of rows) holders.set(r.pincode, { id: r.id, name: r.name });
    }
    const refused: BosRefusedPincode[] = refusedPincodes.map((pincode) => {
      const holder = holders.get(pincode) ?? null;
      return holder
        ? { pincode, reason: 'other_zone', zone: holder, message: `${pincode} is in zone ${holder.name}` }
        : { pincode, reason: 'unknown', zone: null, message: `${pincode} is not known to the shop` };
    });
    added.sort();
    if (added.length) {
      await recordAudit(trx, {
        websiteId: staff.websiteId, userId: staff.userId, action: 'zone.pincodes_added', subject: { kind: 'zone', id }, orderId: null,
        before: { pincode_count: zone.pincode_count },
        after: { pincode_count: zone.pincode_count + added.length, added, ...(unknown.some((p) => taken.has(p)) ? { new_pincodes: { city, state: body.state } } : {}) },
      });
    }
    return { added, already, refused, message: addedMessage(zone.name, added, already, refused), zone: await zoneById(trx, id) };
  });
}

/** DELETE /s/api/bos/zones/{id}/pincodes/{pincode}: the pincode is no longer delivered (the shop still knows it). */
export async function removePincode(db: DB, staff: DeliveryStaff, id: number, pincode: string): Promise<BosZoneRemoved> {
  return inTransaction(db, async (trx: DB) => {
    await lockZone(trx, id);
    const { numUpdatedRows } = await trx.updateTable('pincodes').set({ zone_id: null, serviceable: 0 }).where('pincode', '=', pincode).where('zone_id', '=', id).where('serviceable', '=', 1).executeTakeFirst();
    const zone = await zoneById(trx, id);
    if (numUpdatedRows === 0n) throw notFound(`${pincode} is not in zone ${zone.name}`);
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'zone.pincode_removed', subject: { kind: 'zone', id }, orderId: null, before: { pincode, zone_id: id }, after: { pincode, zone_id: null } });
    return { message: `${pincode} removed from ${zone.name}: it is no longer delivered.`, zone, released: 1 };
  });
}
