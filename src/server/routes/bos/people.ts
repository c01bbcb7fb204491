import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../../contract';
import { BosCustomerAgent, BosCustomerAgentBody, BosUserDetail, BosUserList, BosUserQuery, BosUserUpdateBody } from '../../../contract/bos-people';
import { requirePeopleStaff, staffOf } from '../../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../../http/router';
import { listUsers, setCustomerAgent, updateUser, userDetail } from '../../services/people';

/**
 * People (docs/back-office-people.md): users, their roles, permissions, sales-agent standing and block, and which
 * sales agent each customer has on this website. Permission people:manage; every change writes one audit row.
 */
export const bosPeopleRoutes = router();
for (const path of ['/bos/users', '/bos/users/*', '/bos/customers/*']) bosPeopleRoutes.use(path, requirePeopleStaff);

bosPeopleRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/users',
    tags: ['bos'],
    summary: 'Users by name, email or phone (a search lists A–Z, none the newest first), of a role, blocked or not, or the customers of one sales agent',
    request: { query: BosUserQuery },
    responses: { 200: jsonAnswer(BosUserList, 'Users'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listUsers(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

bosPeopleRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/users/{id}',
    tags: ['bos'],
    summary: "A user: roles, permissions, sales-agent standing and customers, block, sessions, and what the page needs to judge each control",
    request: { params: IdParam },
    responses: { 200: jsonAnswer(BosUserDetail, 'The user'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await userDetail(c.var.deps.db.kysely, staffOf(c), c.req.valid('param').id), 200);
  },
);

bosPeopleRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/users/{id}',
    tags: ['bos'],
    summary:
      "Changes a user's roles, permissions, sales-agent standing or commission, or blocks (their sessions end) or unblocks them. Refused: raising one's own standing, granting what one does not hold (403), the last super administrator, an agent with customers (409)",
    request: { params: IdParam, ...jsonBody(BosUserUpdateBody) },
    responses: { 200: jsonAnswer(BosUserDetail, 'The user after the change'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await updateUser(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

bosPeopleRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/bos/customers/{id}/agent',
    tags: ['bos'],
    summary: "Gives a customer to a sales agent on this website (or to none): the agents' dashboards follow on their next request",
    request: { params: IdParam, ...jsonBody(BosCustomerAgentBody) },
    responses: { 200: jsonAnswer(BosCustomerAgent, "The customer's agent now"), ...errorResponses([400, 401, 403, 404, 422]) },
  }),
  async (c) => c.json(await setCustomerAgent(c.var.deps.db, staffOf(c), c.req.valid('param').id, c.req.valid('json').agent_id), 200),
);
