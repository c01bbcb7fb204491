import { createRoute, z } from '@hono/zod-openapi';
import { Outbox } from '../../contract';
import { notFound } from '../http/errors';
import { errorResponses, jsonAnswer, router } from '../http/router';
import { normalizeIdentifier } from '../services/auth';

/**
 * Calls that exist only in the demo (never in production, where createApp does not mount them at all): the
 * outbox of one-time codes that the console sender keeps, so a visitor can sign in as a demo account.
 */
export const demoRoutes = router();

demoRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/dev/outbox',
    tags: ['demo'],
    summary: 'Demo only (absent in production): the codes sent to a mobile number or email while codes go to the console',
    request: { query: z.object({ to: z.string().min(1).max(120) }) },
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
