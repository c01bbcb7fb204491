import { createRoute } from '@hono/zod-openapi';
import { CodeSent, LoginBody, Message, RegisterBody, SignedIn, VerifyBody } from '../../contract';
import { ApiError, refusal } from '../http/errors';
import { authContext, clientIp } from '../http/request-context';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { ensureSession, forgetSession, guardStateChangingGet, useSession } from '../http/session';
import { toUser } from '../map';
import { accountExists, findUserId, normalizeIdentifier, requestCode, signIn, spendClientAllowance, verifyCode } from '../services/auth';
import { destroySession } from '../services/sessions';

export const authRoutes = router();
authRoutes.use('/auth/logout', guardStateChangingGet);

authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/login',
    tags: ['auth'],
    summary: 'Sends a one-time code to the mobile number or email of an account',
    request: jsonBody(LoginBody),
    responses: { 200: jsonAnswer(CodeSent, 'Code sent'), ...errorResponses([400, 403, 404]), 429: jsonAnswer(Message, 'Too many codes') },
  }),
  async (c) => {
    const identifier = normalizeIdentifier(c.req.valid('json').identifier);
    if (!identifier) throw new ApiError(400, refusal('refusals.badIdentifier'), { identifier: [refusal('refusals.badIdentifier')] });
    await spendClientAllowance(authContext(c), clientIp(c));
    await findUserId(c.var.deps.db.kysely, identifier);
    const session = await ensureSession(c);
    return c.json(await requestCode(authContext(c), session, { identifier, purpose: 'login' }), 200);
  },
);

authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/register',
    tags: ['auth'],
    summary: 'Starts an account: sends a one-time code to the mobile number',
    request: jsonBody(RegisterBody),
    responses: { 200: jsonAnswer(CodeSent, 'Code sent'), ...errorResponses([400, 403]), 409: jsonAnswer(Message, 'Account exists'), 429: jsonAnswer(Message, 'Too many codes') },
  }),
  async (c) => {
    const details = c.req.valid('json');
    await spendClientAllowance(authContext(c), clientIp(c));
    if (await accountExists(c.var.deps.db.kysely, details.phone, details.email.toLowerCase())) {
      throw new ApiError(409, refusal('refusals.accountExists'));
    }
    const session = await ensureSession(c);
    return c.json(await requestCode(authContext(c), session, { identifier: details.phone, purpose: 'register', pending: details }), 200);
  },
);

authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/verify',
    tags: ['auth'],
    summary: 'Signs in with the code: a new session replaces the old one, the guest cart moves along',
    request: jsonBody(VerifyBody),
    responses: { 200: jsonAnswer(SignedIn, 'Signed in'), ...errorResponses([400, 403, 404]), 409: jsonAnswer(Message, 'Account exists'), 429: jsonAnswer(Message, 'Too many tries') },
  }),
  async (c) => {
    const guest = c.var.session;
    if (!guest) throw new ApiError(400, refusal('refusals.newCode'));
    const userId = await verifyCode(authContext(c), guest, c.req.valid('json').code);
    const { token, session } = await signIn(c.var.deps.db.kysely, c.var.deps.config, guest, userId);
    useSession(c, token, session);
    const user = await c.var.deps.db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return c.json({ user: toUser(user) }, 200);
  },
);

authRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/auth/logout',
    tags: ['auth'],
    summary: 'Ends the session on the server and clears its cookies',
    responses: { 200: jsonAnswer(Message, 'Logged out') },
  }),
  async (c) => {
    if (c.var.session) await destroySession(c.var.deps.db.kysely, c.var.session.id);
    forgetSession(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ message: 'You have been logged out' }, 200);
  },
);
