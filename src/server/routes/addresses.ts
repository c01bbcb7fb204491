import { createRoute } from '@hono/zod-openapi';
import { Address, AddressBody, AddressList, IdParam, Message } from '../../contract';
import { requireUser } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { shopperOf } from '../http/shopper';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '../services/addresses';

/** Delivery addresses of the signed-in user on this website (the design is ours: docs/shopping.md#the-account-area). */
export const addressRoutes = router();
addressRoutes.use('/addresses', requireUser);
addressRoutes.use('/addresses/*', requireUser);

addressRoutes.openapi(
  createRoute({ method: 'get', path: '/addresses', tags: ['addresses'], summary: 'The saved addresses, the default first', responses: { 200: jsonAnswer(AddressList, 'Addresses'), ...errorResponses([401]) } }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listAddresses(c.var.deps.db.kysely, shopperOf(c)) }, 200);
  },
);

addressRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/addresses',
    tags: ['addresses'],
    summary: 'Saves a new address (the first becomes the default)',
    request: jsonBody(AddressBody),
    responses: { 201: jsonAnswer(Address, 'Saved'), ...errorResponses([400, 401, 403, 409]) },
  }),
  async (c) => c.json(await createAddress(c.var.deps.db.kysely, c.var.deps.db.dialect, shopperOf(c), c.req.valid('json')), 201),
);

addressRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/addresses/{id}',
    tags: ['addresses'],
    summary: 'Changes an address; is_default true makes it the default',
    request: { params: IdParam, ...jsonBody(AddressBody) },
    responses: { 200: jsonAnswer(Address, 'Saved'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => c.json(await updateAddress(c.var.deps.db.kysely, c.var.deps.db.dialect, shopperOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

addressRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/addresses/{id}',
    tags: ['addresses'],
    summary: 'Deletes an address (orders keep their own copy)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(Message, 'Deleted'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    await deleteAddress(c.var.deps.db.kysely, c.var.deps.db.dialect, shopperOf(c), c.req.valid('param').id);
    return c.json({ message: 'Address deleted' }, 200);
  },
);
