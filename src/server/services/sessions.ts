import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerConfig } from '../config';
import type { SessionRow } from '../env';

const HOUR = 3_600_000;
/** Touching a session on every request would make every page view a write; once a few minutes is enough. */
const TOUCH_EVERY_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a session for a website; returns the cookie's token (only its hash is stored). */
export async function createSession(db: Kysely<Database>, config: ServerConfig, websiteId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const row: SessionRow = {
    id: hashToken(token),
    website_id: websiteId,
    user_id: null,
    pincode: null,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiry(config, now, now).toISOString(),
    website_override: null,
  };
  await db.insertInto('sessions').values(row).execute();
  return { token, session: row };
}

/** The live session behind a cookie token for this website, touched when due; null when absent or expired. */
export async function loadSession(
  db: Kysely<Database>,
  config: ServerConfig,
  token: string | undefined,
  websiteId: number,
  now = new Date(),
): Promise<SessionRow | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const session = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!session || session.website_id !== websiteId) return null;
  if (session.expires_at <= now.toISOString()) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (now.getTime() - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
    session.last_seen_at = now.toISOString();
    session.expires_at = expiry(config, new Date(session.created_at), now).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: session.last_seen_at, expires_at: session.expires_at })
      .where('id', '=', id)
      .execute();
  }
  return session;
}

/** Idle timeout from the last visit, capped by the absolute timeout from creation. */
function expiry(config: ServerConfig, createdAt: Date, now: Date): Date {
  const idle = now.getTime() + config.sessionIdleHours * HOUR;
  const absolute = createdAt.getTime() + config.sessionAbsoluteDays * 24 * HOUR;
  return new Date(Math.min(idle, absolute));
}

export async function destroySession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Removes expired sessions; their carts go with them (cascade). */
export async function purgeExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The anti-forgery token is bound to the session: an HMAC of its id, never a free-standing value. */
export const xsrfToken = (secret: string, sessionId: string) =>
  createHmac('sha256', secret).update(`xsrf:${sessionId}`).digest('base64url');

export function xsrfMatches(secret: string, sessionId: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(xsrfToken(secret, sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The HMAC key: the configured one, else one generated once and kept in the database for every instance. */
export async function loadSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const found = await db.selectFrom('app_secrets').select('value').where('name', '=', 'session').executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('app_secrets')
    .values({ name: 'session', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('app_secrets').select('value').where('name', '=', 'session').executeTakeFirstOrThrow()).value;
}
