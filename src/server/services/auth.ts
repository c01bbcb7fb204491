import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { RegisterBody } from '../../contract';
import { MAX_LINE_QUANTITY } from '../../contract';
import { patterns } from '../../contract/validation';
import type { ServerConfig } from '../config';
import type { Database, OtpCodeTable } from '../db/schema';
import type { SessionRow } from '../env';
import { ApiError, refusal } from '../http/errors';
import type { Locale } from '../../lib/i18n/locales';
import { codeText } from './notify-text';
import type { OtpSender } from './otp-sender';
import type { RateLimiter } from './rate-limit';
import { createSession, destroySession } from './sessions';

const CODE_TTL_MS = 10 * 60_000;
const MAX_WRONG_TRIES = 5;
const HOUR = 3_600_000;

type DB = Kysely<Database>;
export interface AuthContext {
  db: DB;
  config: ServerConfig;
  secret: string;
  sender: OtpSender;
  websiteName: string;
  /** The request's language (Accept-Language): the code's text is written in it. */
  locale: Locale;
  /** Counts code requests (in the database or Redis: which is the limiter's business). */
  limiter: RateLimiter;
}

/** A 10-digit mobile number (a +91 or 0 in front is dropped) or a lower-case email; null when it is neither. */
export function normalizeIdentifier(raw: string): string | null {
  const text = raw.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return patterns.email.test(email) ? email : null;
  }
  const digits = text.replace(/[\s-]/g, '').replace(/^(\+?91|0)(?=\d{10}$)/, '');
  return patterns.phone.test(digits) ? digits : null;
}

/** Where a code went, without giving the whole address away: '98******01', 'as***@example.com'. */
function maskIdentifier(identifier: string): string {
  if (!identifier.includes('@')) return `${identifier.slice(0, 2)}${'*'.repeat(6)}${identifier.slice(-2)}`;
  const [local = '', domain] = identifier.split('@');
  return `${local.slice(0, 2)}${'*'.repeat(Math.max(3, local.length - 2))}@${domain}`;
}

const hashCode = (secret: string, id: string, code: string) => createHmac('sha256', secret).update(`otp:${id}:${code}`).digest('base64url');

/**
 * Spends one of the client address's hourly code requests. Called before the account is looked up, so asking
 * about numbers or emails that have no account (probing for accounts) is limited just the same.
 */
export async function spendClientAllowance(ctx: Pick<AuthContext, 'limiter' | 'config'>, ip: string, now = new Date()): Promise<void> {
  const wait = await ctx.limiter.hit(`otp-ip:${ip}`, ctx.config.otpPerClientPerHour, HOUR, now);
  if (wait !== null) throw new ApiError(429, refusal('refusals.tooManyCodesWait', { count: Math.ceil(wait / 60) }));
}

/** Sends a fresh 6-digit code for this session, within the per-address limit (the caller spent the client's). */
export async function requestCode(
  ctx: AuthContext,
  session: SessionRow,
  input: { identifier: string; purpose: 'login' | 'register' | 'contact'; pending?: unknown },
): Promise<{ to: string; expires_in: number }> {
  const now = new Date();
  const wait = await ctx.limiter.hit(`otp-to:${input.identifier}`, ctx.config.otpPerAddressPerHour, HOUR, now);
  if (wait !== null) throw new ApiError(429, refusal('refusals.tooManyCodesHour'));

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    // Only the newest code of a session counts: earlier ones stop working.
    await trx.updateTable('otp_codes').set({ consumed_at: now.toISOString() }).where('session_id', '=', session.id).where('consumed_at', 'is', null).execute();
    await trx
      .insertInto('otp_codes')
      .values({
        id,
        session_id: session.id,
        identifier: input.identifier,
        purpose: input.purpose,
        code_hash: hashCode(ctx.secret, id, code),
        pending_json: input.pending ? JSON.stringify(input.pending) : null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      })
      .execute();
  });
  await ctx.sender.send(input.identifier, codeText(ctx.locale, code, ctx.websiteName, input.purpose));
  return { to: maskIdentifier(input.identifier), expires_in: CODE_TTL_MS / 1000 };
}

/** Checks the session's newest code; on success returns the user it signs in (creating them when registering). */
export async function verifyCode(ctx: AuthContext, session: SessionRow, code: string, now = new Date()): Promise<number> {
  const row = await consumeCode(ctx, session, code, ['login', 'register'], now);
  const userId = row.purpose === 'register' ? await createUser(ctx.db, JSON.parse(row.pending_json!) as RegisterBody, now) : await findUserId(ctx.db, row.identifier);
  // The code proved the address it went to.
  await ctx.db.updateTable('users').set(row.identifier.includes('@') ? { email_verified: 1 } : { phone_verified: 1 }).where('id', '=', userId).execute();
  return userId;
}

/**
 * Checks a code against the session's newest unused code of these purposes and uses it up: at most
 * MAX_WRONG_TRIES tries, within CODE_TTL_MS. Answers the code's row (its identifier and pending details).
 */
export async function consumeCode(
  ctx: Pick<AuthContext, 'db' | 'secret'>,
  session: SessionRow,
  code: string,
  purposes: OtpCodeTable['purpose'][],
  now = new Date(),
  /** Refuses (throws) a code that is not for this request, before a try is counted. */
  belongs: (row: Selectable<OtpCodeTable>) => boolean = () => true,
) {
  const row = await ctx.db
    .selectFrom('otp_codes')
    .selectAll()
    .where('session_id', '=', session.id)
    .where('purpose', 'in', purposes)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || !belongs(row)) throw new ApiError(400, refusal('refusals.newCode'));
  if (row.expires_at <= now.toISOString()) throw new ApiError(400, refusal('refusals.codeExpired'));
  // Count the try before comparing, atomically: parallel guesses cannot all read the same count.
  const counted = await ctx.db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', MAX_WRONG_TRIES)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) throw new ApiError(429, refusal('refusals.tooManyTries'));
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(ctx.secret, row.id, code));
  if (!(expected.length === given.length && timingSafeEqual(expected, given))) {
    const left = MAX_WRONG_TRIES - counted.attempts;
    throw new ApiError(400, left > 0 ? refusal('refusals.wrongCode', { count: left }) : refusal('refusals.wrongCodeLast'));
  }
  // Consume it exactly once, even if two requests race with the right code.
  const used = await ctx.db.updateTable('otp_codes').set({ consumed_at: now.toISOString() }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new ApiError(400, refusal('refusals.newCode'));
  return row;
}

/** What a blocked user is told when they try to sign in (docs/back-office-people.md#blocking). */
const BLOCKED_MESSAGE = refusal('refusals.blocked');

/** The account a sign-in is for; a blocked account is refused (403) before a code is sent, and again at the code. */
export async function findUserId(db: DB, identifier: string): Promise<number> {
  const column = identifier.includes('@') ? 'email' : 'phone';
  const user = await db.selectFrom('users').select(['id', 'blocked_at']).where(column, '=', identifier).executeTakeFirst();
  if (!user) throw new ApiError(404, refusal('refusals.noAccount'));
  if (user.blocked_at !== null) throw new ApiError(403, BLOCKED_MESSAGE);
  return user.id;
}

/** True when a phone or email already belongs to an account. */
export async function accountExists(db: DB, phone: string, email: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where((eb) => eb.or([eb('phone', '=', phone), eb('email', '=', email)])).executeTakeFirst());
}

async function createUser(db: DB, details: RegisterBody, now: Date): Promise<number> {
  if (await accountExists(db, details.phone, details.email.toLowerCase())) {
    throw new ApiError(409, refusal('refusals.accountExists'));
  }
  const row = await db
    .insertInto('users')
    .values({ name: details.name, email: details.email.toLowerCase(), phone: details.phone, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Signs a user in on a new session (a fixed session id would let whoever planted it ride along), moving
 * the guest's cart to the user (merged into any cart the user already has), and destroys the old session.
 */
export async function signIn(db: DB, config: ServerConfig, guest: SessionRow, userId: number) {
  const fresh = await createSession(db, config, guest.website_id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ user_id: userId, pincode: guest.pincode }).where('id', '=', fresh.session.id).execute();
    const guestCart = await trx.selectFrom('carts').selectAll().where('session_id', '=', guest.id).where('website_id', '=', guest.website_id).executeTakeFirst();
    if (guestCart) {
      const userCart = await trx.selectFrom('carts').selectAll().where('user_id', '=', userId).where('website_id', '=', guest.website_id).executeTakeFirst();
      if (!userCart) {
        await trx.updateTable('carts').set({ user_id: userId, session_id: null }).where('id', '=', guestCart.id).execute();
      } else {
        const lines = await trx.selectFrom('cart_items').selectAll().where('cart_id', '=', guestCart.id).execute();
        for (const line of lines) {
          const existing = await trx.selectFrom('cart_items').select('quantity').where('cart_id', '=', userCart.id).where('pack_id', '=', line.pack_id).executeTakeFirst();
          if (existing) {
            await trx
              .updateTable('cart_items')
              .set({ quantity: Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity) })
              .where('cart_id', '=', userCart.id)
              .where('pack_id', '=', line.pack_id)
              .execute();
          } else {
            await trx.insertInto('cart_items').values({ ...line, cart_id: userCart.id }).execute();
          }
        }
        await trx.deleteFrom('carts').where('id', '=', guestCart.id).execute();
      }
    }
  });
  await destroySession(db, guest.id);
  return { token: fresh.token, session: { ...fresh.session, user_id: userId, pincode: guest.pincode } };
}
