import type { BosAddPincodesBody, BosZoneBody, BosZonePincodeQuery, BosZoneQuery } from '../../contract/bos-delivery';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The back office's delivery calls (docs/back-office-delivery.md): zones and their pincodes. A client of its own,
 * like the other back-office ones, so no shopper's page carries it.
 */
export function createBosDeliveryApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    /** A page of zones by name; `q` is part of a name or the start of a pincode in the zone. */
    bosZones: (query: Partial<BosZoneQuery> = {}) => call('BosZoneList', `/bos/zones${queryString(query)}`),
    bosZone: (id: number) => call('BosZoneDetail', `/bos/zones/${id}`),
    bosCreateZone: (body: BosZoneBody) => call('BosZone', '/bos/zones', post(body)),
    /** Replaces the zone's settings and warehouses (400 with field errors, as the form shows them). */
    bosUpdateZone: (id: number, body: BosZoneBody) => call('BosZone', `/bos/zones/${id}`, post(body, 'PUT')),
    /** Removes the zone: its pincodes are no longer delivered. */
    bosDeleteZone: (id: number) => call('BosZoneRemoved', `/bos/zones/${id}`, { method: 'DELETE' }),
    bosZonePincodes: (id: number, query: Partial<BosZonePincodeQuery> = {}) => call('BosZonePincodes', `/bos/zones/${id}/pincodes${queryString(query)}`),
    /** Adds pasted pincodes; the answer says which were added and which refused (in another zone, named). */
    bosAddPincodes: (id: number, body: BosAddPincodesBody) => call('BosPincodesAdded', `/bos/zones/${id}/pincodes`, post(body)),
    bosRemovePincode: (id: number, pincode: string) => call('BosZoneRemoved', `/bos/zones/${id}/pincodes/${encodeURIComponent(pincode)}`, { method: 'DELETE' }),
  };
}
export type BosDeliveryApi = ReturnType<typeof createBosDeliveryApi>;

/** The delivery screens' calls for their islands. */
export const bosDeliveryApi = () => createBosDeliveryApi(pageSend(), isJsonObject);
