import { createRoute } from '@hono/zod-openapi';
import { CodeSent, ContactBody, ContactVerifyBody, Message, Profile, ProfileBody } from '../../contract';
import { requireUser } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { readProfile, renameUser, requestContactChange, verifyContactChange } from '../services/profile';
import { spendClientAllowance } from '../services/auth';
import { authContext, clientIp } from '../http/request-context';

/** The signed-in user's details: the name changes directly, a phone or email only through a one-time code. */
export const profileRoutes = router();
for (const path of ['/profile', '/profile/*']) profileRoutes.use(path, requireUser);

profileRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/profile',
    tags: ['profile'],
    summary: "The signed-in user's name, email and phone, and whether a code has proven each",
    responses: { 200: jsonAnswer(Profile, 'The profile'), ...errorResponses([401]) },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readProfile(c.var.deps.db.kysely, c.var.user!.id), 200);
  },
);

profileRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/profile',
    tags: ['profile'],
    summary: 'Changes the name (phone and email change through POST /profile/contact)',
    request: jsonBody(ProfileBody),
    responses: { 200: jsonAnswer(Profile, 'The profile'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => c.json(await renameUser(c.var.deps.db.kysely, c.var.user!.id, c.req.valid('json').name), 200),
);

profileRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/profile/contact',
    tags: ['profile'],
    summary: 'Sends a one-time code to a new phone or email, or to the unverified email; nothing changes until it is verified',
    description: 'Same code machinery and limits as sign-in: codes per client address and per phone or email each hour, 10 minutes, 5 tries.',
    request: jsonBody(ContactBody),
    responses: {
      200: jsonAnswer(CodeSent, 'Code sent'),
      ...errorResponses([400, 401, 403]),
      409: jsonAnswer(Message, 'Another account has it'),
      429: jsonAnswer(Message, 'Too many codes'),
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    await spendClientAllowance(authContext(c), clientIp(c));
    return c.json(await requestContactChange(authContext(c), c.var.session!, c.var.user!.id, body), 200);
  },
);

profileRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/profile/contact/verify',
    tags: ['profile'],
    summary: 'Applies the phone or email change (or verifies the email) when the code is right',
    request: jsonBody(ContactVerifyBody),
    responses: {
      200: jsonAnswer(Profile, 'The profile, changed'),
      ...errorResponses([400, 401, 403]),
      409: jsonAnswer(Message, 'Another account has it'),
      429: jsonAnswer(Message, 'Too many tries'),
    },
  }),
  async (c) => {
    const { kind, code } = c.req.valid('json');
    return c.json(await verifyContactChange(authContext(c), c.var.session!, c.var.user!.id, kind, code), 200);
  },
);
