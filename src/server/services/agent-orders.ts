/**
 * Ordering for a customer (docs/sales-agents.md): a sales agent builds a cart for an assigned customer, picks or adds one of
 * the customer's addresses, and places the order through the same createOrder as checkout. Every function
 * checks the assignment first (assignedCustomer: 404 for anyone else's customer), so a refusal changes nothing.
 */
import type { AddressBody, AgentOrderBody, AgentOrderPlaced, Cart, CartAddBody, CartRemoveBody } from '../../contract';
import type { Deps, SessionRow } from '../env';
import { addressOf, createAddress, listAddresses } from './addresses';
import type { Shopper } from './shopper';
import { assignedCustomer, orderPaymentLink, type AgentScope } from './agent-customers';
import { addToCart, removeFromCart, viewCart, type CartOwner, type ViewOptions } from './cart';
import { createOrder } from '../orders/create';

/** What the calls share: who asks (the agent's scope and session), for which customer. */
export interface AgentRequest {
  deps: Deps;
  scope: AgentScope;
  session: SessionRow;
  customerId: number;
}

/** The (agent, customer) cart, after checking the assignment: never the agent's own cart nor the customer's. */
async function customerCart(request: AgentRequest): Promise<CartOwner & { session: SessionRow }> {
  const { deps, scope, session, customerId } = request;
  await assignedCustomer(deps.db.kysely, scope, customerId);
  return { websiteId: scope.websiteId, session, agentFor: { agentId: scope.agentId, customerId } };
}

/** The customer on the agent's website: their addresses and coupon uses there. */
const customerOn = (request: AgentRequest): Shopper => ({ userId: request.customerId, websiteId: request.scope.websiteId });

/** Priced with the customer as the user, and for one of the customer's addresses when given (else 404). */
async function pricedFor(request: AgentRequest, view: ViewOptions, addressId: number | undefined): Promise<ViewOptions> {
  if (addressId === undefined) return view;
  return { ...view, pincode: (await addressOf(request.deps.db.kysely, customerOn(request), addressId)).pincode };
}

/** The cart the agent builds for the customer. */
export async function agentCart(request: AgentRequest, view: ViewOptions, addressId?: number): Promise<Cart> {
  const owner = await customerCart(request);
  return viewCart(request.deps.db.kysely, owner, await pricedFor(request, view, addressId));
}

/** Adds to (or sets a quantity in) the customer's cart, with the shopper's cart's rules. */
export async function agentCartAdd(request: AgentRequest, body: CartAddBody, view: ViewOptions, addressId?: number): Promise<Cart> {
  const owner = await customerCart(request);
  const priced = await pricedFor(request, view, addressId);
  return addToCart(request.deps.db.kysely, owner, body, priced);
}

/** Takes one of a pack (or the line) out of the customer's cart. */
export async function agentCartRemove(request: AgentRequest, body: CartRemoveBody, view: ViewOptions, addressId?: number): Promise<Cart> {
  const owner = await customerCart(request);
  const priced = await pricedFor(request, view, addressId);
  return removeFromCart(request.deps.db.kysely, owner, body, priced);
}

/** The customer's saved addresses on the agent's website, the default first. */
export async function agentAddresses(request: AgentRequest) {
  await assignedCustomer(request.deps.db.kysely, request.scope, request.customerId);
  return listAddresses(request.deps.db.kysely, customerOn(request));
}

/** Saves an address for the customer, with the same rules and limit as the customer's own POST /addresses. */
export async function agentCreateAddress(request: AgentRequest, body: AddressBody) {
  const { deps, scope, customerId } = request;
  await assignedCustomer(deps.db.kysely, scope, customerId);
  return createAddress(deps.db.kysely, deps.db.dialect, customerOn(request), body);
}

/**
 * Places the agent's cart for the customer as the customer's order (user_id the customer, agent_id the agent),
 * once per Idempotency-Key, through checkout's createOrder: re-priced, stock guarded, coupon and payment rules
 * re-checked in one transaction, the (agent, customer) cart emptied. Paid online, the order waits for its
 * payment with a link for the customer (who alone can pay it: payments check the order's owner).
 */
export async function placeAgentOrder(request: AgentRequest, idempotencyKey: string, body: AgentOrderBody, origin: string): Promise<{ created: boolean; order: AgentOrderPlaced }> {
  const { deps, scope, session, customerId } = request;
  await assignedCustomer(deps.db.kysely, scope, customerId);
  const { created, order } = await createOrder(deps, { websiteId: scope.websiteId, session, userId: customerId, agentId: scope.agentId, idempotencyKey, body });
  // Read back: a replayed key answers the order as it stands now (paid since, or its link expired), with the
  // link GET /agent/orders/{id} gives while it waits: the page the customer opens, signed in, to pay it.
  const row = await deps.db.kysely.selectFrom('orders').select(['id', 'status', 'payment_method', 'payment_provider']).where('id', '=', order.id).executeTakeFirstOrThrow();
  return {
    created,
    order: { id: order.id, ordernumber: order.ordernumber, total: order.total, status: row.status, payment_link: orderPaymentLink(origin, row) },
  };
}
