import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AgentCustomer, AgentCustomerList, AgentCustomerQuery, AgentOrder, AgentOrderList, AgentOrderQuery, AgentSales, AgentSummary, AgentTop, AgentTopQuery, IdParam, PeriodQuery } from '../../contract';
import type { AppEnv } from '../env';
import { requireAgent } from '../http/guards';
import { agentScope } from '../http/request-context';
import { errorResponses, jsonAnswer, router } from '../http/router';
import { requestOrigin } from '../http/session';
import { agentCustomer, agentOrder, listAgentCustomers, listAgentOrders } from '../services/agent-customers';
import { agentSales, agentSummary, agentTop } from '../services/agent-figures';

/** The sales agent's figures, customers and orders (docs/sales-agents.md): agents only, a customer's data only if assigned. */
export const agentRoutes = router();
agentRoutes.use('/agent/*', requireAgent);

const db = (c: Context<AppEnv>) => c.var.deps.db.kysely;
const refused = errorResponses([400, 401, 403]);
const period = 'Periods are calendar days in India (from and to included, YYYY-MM-DD, at most 366 days).';

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/summary',
    tags: ['agent'],
    summary: "The agent's figures for a period, and for the period of the same length just before",
    description: `${period} Orders, revenue, average order value, commission, new customers and cancellations (definitions: docs/sales-agents.md).`,
    request: { query: PeriodQuery },
    responses: { 200: jsonAnswer(AgentSummary, 'The figures'), ...refused },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await agentSummary(db(c), agentScope(c), c.var.user!.commission_bps, c.req.valid('query')), 200);
  },
);

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/sales',
    tags: ['agent'],
    summary: "The agent's orders and revenue on each day of a period, days without orders as zeros",
    description: period,
    request: { query: PeriodQuery },
    responses: { 200: jsonAnswer(AgentSales, 'One entry a day, oldest first'), ...refused },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await agentSales(db(c), c.var.deps.db.dialect, agentScope(c), c.req.valid('query')), 200);
  },
);

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/top',
    tags: ['agent'],
    summary: "The agent's best-selling packs and best customers in a period, by revenue",
    description: period,
    request: { query: AgentTopQuery },
    responses: { 200: jsonAnswer(AgentTop, 'Top packs and customers'), ...refused },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await agentTop(db(c), agentScope(c), c.req.valid('query')), 200);
  },
);

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/customers',
    tags: ['agent'],
    summary: "One page of the agent's customers, by name; q searches names and phone numbers",
    request: { query: AgentCustomerQuery },
    responses: { 200: jsonAnswer(AgentCustomerList, 'Customers and the total'), ...refused },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listAgentCustomers(db(c), agentScope(c), c.req.valid('query')), 200);
  },
);

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/customers/{id}',
    tags: ['agent'],
    summary: "One of the agent's customers, with their orders and revenue through the agent",
    request: { params: IdParam },
    responses: { 200: jsonAnswer(AgentCustomer, 'The customer'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await agentCustomer(db(c), agentScope(c), c.req.valid('param').id), 200);
  },
);

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/orders',
    tags: ['agent'],
    summary: "One page of the orders of the agent's customers, newest first: placed by the agent or by the customers",
    request: { query: AgentOrderQuery },
    responses: { 200: jsonAnswer(AgentOrderList, 'Orders and the total'), ...refused },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listAgentOrders(db(c), agentScope(c), c.req.valid('query')), 200);
  },
);

agentRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/agent/orders/{id}',
    tags: ['agent'],
    summary: "One order of an agent's customer, with the link the customer opens to pay while it waits for payment",
    request: { params: IdParam },
    responses: { 200: jsonAnswer(AgentOrder, 'The order'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await agentOrder(db(c), agentScope(c), c.req.valid('param').id, requestOrigin(c)), 200);
  },
);
