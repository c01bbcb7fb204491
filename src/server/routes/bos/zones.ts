import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../../contract';
import {
  BosAddPincodesBody, BosPincodesAdded, BosZone, BosZoneBody, BosZoneDetail, BosZoneList, BosZonePincodeQuery, BosZonePincodes, BosZoneQuery, BosZoneRemoved, ZonePincodeParams,
} from '../../../contract/bos-delivery';
import { requireDeliveryStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { addPincodes, createZone, deleteZone, listZones, removePincode, updateZone, zoneDetail, zonePincodes } from '../../services/delivery-zones';

/** The back office's delivery zones and their pincodes (docs/back-office-delivery.md): delivery:manage only. */
export const bosZoneRoutes = router();
for (const path of ['/bos/zones', '/bos/zones/*']) bosZoneRoutes.use(path, requireDeliveryStaff);

bosZoneRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/zones',
    tags: ['bos'],
    summary: 'A page of delivery zones by name (q: part of a name, or the start of a pincode in the zone), with the warehouses and the shop’s COD limit',
    request: { query: BosZoneQuery },
    responses: { 200: jsonAnswer(BosZoneList, 'Zones'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listZones(c.var.deps.db.kysely, c.var.deps.config.codLimitPaise, c.req.valid('query')), 200);
  },
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/zones',
    tags: ['bos'],
    summary: 'Makes a delivery zone (no pincodes yet): charges, window, cash on delivery, lead days and warehouses',
    request: jsonBody(BosZoneBody),
    responses: { 201: jsonAnswer(BosZone, 'The zone made'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => c.json(await createZone(c.var.deps.db.kysely, staffOf(c), c.req.valid('json')), 201),
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/zones/{id}',
    tags: ['bos'],
    summary: 'One delivery zone, with the warehouses and the shop’s COD limit',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosZoneDetail, 'The zone'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await zoneDetail(c.var.deps.db.kysely, c.var.deps.config.codLimitPaise, c.req.valid('param').id), 200);
  },
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/zones/{id}',
    tags: ['bos'],
    summary: 'Replaces a zone’s settings and warehouses; its pincodes stay',
    request: { params: IdParam, ...jsonBody(BosZoneBody) },
    responses: { 200: jsonAnswer(BosZone, 'The zone as it is now'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await updateZone(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/zones/{id}',
    tags: ['bos'],
    summary: 'Removes a zone: its pincodes are no longer delivered (the shop still knows them)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosZoneRemoved, 'What was removed'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await deleteZone(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id), 200),
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/zones/{id}/pincodes',
    tags: ['bos'],
    summary: 'A page of a zone’s pincodes in order (q: the start of a pincode, or of a city)',
    request: { params: IdParam, query: BosZonePincodeQuery },
    responses: { 200: jsonAnswer(BosZonePincodes, 'Pincodes'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await zonePincodes(c.var.deps.db.kysely, c.req.valid('param').id, c.req.valid('query')), 200);
  },
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/bos/zones/{id}/pincodes',
    tags: ['bos'],
    summary: 'Adds pasted pincodes to a zone; those in another zone are refused, naming it',
    request: { params: IdParam, ...jsonBody(BosAddPincodesBody) },
    responses: { 200: jsonAnswer(BosPincodesAdded, 'What was added and what refused'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await addPincodes(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosZoneRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/bos/zones/{id}/pincodes/{pincode}',
    tags: ['bos'],
    summary: 'Takes a pincode out of a zone: it is no longer delivered',
    request: { params: ZonePincodeParams },
    responses: { 200: jsonAnswer(BosZoneRemoved, 'What was removed, and the zone now'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    const { id, pincode } = c.req.valid('param');
    return c.json(await removePincode(c.var.deps.db.kysely, staffOf(c), id, pincode), 200);
  },
);
