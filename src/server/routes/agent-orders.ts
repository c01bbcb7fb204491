import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { Address, AddressBody, AddressList, AgentCart, AgentCartQuery, AgentOrderBody, AgentOrderPlaced, CartAddBody, CartRemoveBody, IdParam, IDEMPOTENCY_HEADER, idempotencyHeaders, OrderRefusal } from '../../contract';
import type { AppEnv } from '../env';
import { requireAgent } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { agentAddresses, agentCart, agentCartAdd, agentCartRemove, agentCreateAddress, placeAgentOrder, type AgentRequest } from '../services/agent-orders';
import { requestOrigin } from '../http/session';
import { agentScope, viewOptions } from '../http/request-context';

/** Ordering for a customer (docs/sales-agents.md): the cart an agent builds for them, their addresses, the order. */
export const agentOrderRoutes = router();
agentOrderRoutes.use('/agent/*', requireAgent);

/** Who asks for which customer; requireAgent has made sure of a signed-in agent, so of a session. */
const asAgent = (c: Context<AppEnv>, customerId: number): AgentRequest => ({ deps: c.var.deps, scope: agentScope(c), session: c.var.session!, customerId });

const cartAnswer = jsonAnswer(AgentCart, "The customer's cart as the agent builds it");
const cartErrors = errorResponses([400, 401, 403, 404]);
const tags = ['agent'];

agentOrderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/customers/{id}/cart',
    tags,
    summary: "The cart the agent builds for an assigned customer, priced for the customer (and one of the customer's addresses when given)",
    request: { params: IdParam, query: AgentCartQuery },
    responses: { 200: cartAnswer, ...cartErrors },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await agentCart(asAgent(c, c.req.valid('param').id), viewOptions(c), c.req.valid('query').address_id), 200);
  },
);

agentOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/agent/customers/{id}/cart/add',
    tags,
    summary: "Adds one of a pack to the customer's cart (not the agent's own), or sets its quantity",
    request: { params: IdParam, query: AgentCartQuery, ...jsonBody(CartAddBody) },
    responses: { 200: cartAnswer, ...cartErrors },
  }),
  async (c) => c.json(await agentCartAdd(asAgent(c, c.req.valid('param').id), c.req.valid('json'), viewOptions(c), c.req.valid('query').address_id), 200),
);

agentOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/agent/customers/{id}/cart/remove',
    tags,
    summary: "Takes one of a pack out of the customer's cart, or the whole line with remove",
    request: { params: IdParam, query: AgentCartQuery, ...jsonBody(CartRemoveBody) },
    responses: { 200: cartAnswer, ...cartErrors },
  }),
  async (c) => c.json(await agentCartRemove(asAgent(c, c.req.valid('param').id), c.req.valid('json'), viewOptions(c), c.req.valid('query').address_id), 200),
);

agentOrderRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/customers/{id}/addresses',
    tags,
    summary: "The assigned customer's saved addresses, the default first",
    request: { params: IdParam },
    responses: { 200: jsonAnswer(AddressList, 'Addresses'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await agentAddresses(asAgent(c, c.req.valid('param').id)) }, 200);
  },
);

agentOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/agent/customers/{id}/addresses',
    tags,
    summary: 'Saves a new address for the assigned customer, with the rules and limit of their own address book',
    request: { params: IdParam, ...jsonBody(AddressBody) },
    responses: { 201: jsonAnswer(Address, 'Saved'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await agentCreateAddress(asAgent(c, c.req.valid('param').id), c.req.valid('json')), 201),
);

const refusals = (codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: 'Refused: the reason, and a reason per line when lines are the trouble', content: { 'application/json': { schema: OrderRefusal } } }]));

agentOrderRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/agent/customers/{id}/order',
    tags,
    summary: "Places the agent's cart for the customer as the customer's order, once per Idempotency-Key",
    description:
      "Checkout's order placement for the customer's cart and address (re-priced, stock reserved, the cart emptied); the order is the customer's, attributed to the agent. " +
      'Cash on delivery answers placed; razorpay or stripe answer pending_payment and a payment_link the customer opens, signed in, to pay (for a day). The same key answers the same order (200).',
    request: {
      params: IdParam,
      headers: idempotencyHeaders('order'),
      ...jsonBody(AgentOrderBody),
    },
    responses: {
      201: jsonAnswer(AgentOrderPlaced, 'Placed, or waiting for the customer to pay through the link'),
      200: jsonAnswer(AgentOrderPlaced, 'Placed earlier with this Idempotency-Key'),
      ...errorResponses([400, 401, 403, 404]),
      ...refusals([409, 422]),
    },
  }),
  async (c) => {
    const key = c.req.valid('header')[IDEMPOTENCY_HEADER.toLowerCase()]!;
    const { created, order } = await placeAgentOrder(asAgent(c, c.req.valid('param').id), key, c.req.valid('json'), requestOrigin(c));
    return created ? c.json(order, 201) : c.json(order, 200);
  },
);
