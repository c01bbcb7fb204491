import { createRoute, z } from '@hono/zod-openapi';
import { Message, Outbox, Text } from '../../contract';
import { ApiError, notFound } from '../http/errors';
import { requireAdmin } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { assignCustomer } from '../services/agent-customers';
import { normalizeIdentifier } from '../services/auth';

/**
 * Calls that exist only in the demo (never in production, where createApp does not mount them at all): the
 * outbox of one-time codes that the console sender keeps, so a visitor can sign in as a demo account (open to
 * anyone: that is its purpose), and assigning a customer to a sales agent (there is no admin screen for it yet;
 * the browser tests use it), which changes who sees whose orders and so needs a signed-in administrator even here.
 */
export const demoRoutes = router();
demoRoutes.use('/dev/assign-customer', requireAdmin);

demoRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/dev/outbox',
    tags: ['demo'],
    summary: 'Demo only (absent in production): the codes sent to a mobile number or email while codes go to the console',
    request: { query: z.object({ to: Text('Mobile number or email', { required: true, max: 120 }) }) },
    responses: { 200: jsonAnswer(Outbox, 'Messages, newest first'), ...errorResponses([404]) },
  }),
  async (c) => {
    if (c.var.deps.config.otpSender !== 'console') throw notFound(`No API call at ${new URL(c.req.url).pathname}`);
    const to = normalizeIdentifier(c.req.valid('query').to) ?? c.req.valid('query').to;
    const rows = await c.var.deps.db.kysely.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('created_at', 'desc').limit(20).execute();
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: rows.map((r) => ({ to: r.recipient, text: r.body, created_at: r.created_at })) }, 200);
  },
);

const phoneField = (label: string) =>
  Text(label, { required: true, max: 20 }).transform((v, ctx) => normalizeIdentifier(v) ?? (ctx.addIssue({ code: 'custom', message: `${label} must be a 10-digit mobile number` }), z.NEVER));

demoRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/dev/assign-customer',
    tags: ['demo'],
    summary: 'Demo only (absent in production), administrators only: assigns a customer to a sales agent on this website, by their mobile numbers',
    request: jsonBody(z.object({ agent_phone: phoneField('Agent phone'), customer_phone: phoneField('Customer phone') })),
    responses: { 200: jsonAnswer(Message, 'Assigned'), ...errorResponses([400, 401, 403, 404, 422]) },
  }),
  async (c) => {
    const { agent_phone, customer_phone } = c.req.valid('json');
    const db = c.var.deps.db.kysely;
    const person = (phone: string) => db.selectFrom('users').select(['id', 'is_sales_agent']).where('phone', '=', phone).executeTakeFirst();
    const [agent, customer] = await Promise.all([person(agent_phone), person(customer_phone)]);
    if (!agent || agent.is_sales_agent !== 1) throw new ApiError(404, `No sales agent with mobile number ${agent_phone}`);
    if (!customer) throw new ApiError(404, `No customer with mobile number ${customer_phone}`);
    if (customer.id === agent.id) throw new ApiError(422, 'An agent cannot be their own customer');
    await assignCustomer(db, c.var.website.id, agent.id, customer.id);
    return c.json({ message: 'Customer assigned' }, 200);
  },
);
