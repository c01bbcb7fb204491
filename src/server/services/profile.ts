import type { Kysely } from 'kysely';
import type { ContactBody, ContactKind, Profile } from '../../contract';
import type { Database, UserTable } from '../db/schema';
import type { SessionRow } from '../env';
import { ApiError, refusal, type Refusal } from '../http/errors';
import { consumeCode, requestCode, type AuthContext } from './auth';

type DB = Kysely<Database>;

const toProfile = (row: Pick<UserTable, 'name' | 'email' | 'phone'> & { email_verified: number; phone_verified: number }): Profile => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  email_verified: row.email_verified === 1,
  phone_verified: row.phone_verified === 1,
});

export async function readProfile(db: DB, userId: number): Promise<Profile> {
  const row = await db.selectFrom('users').select(['name', 'email', 'phone', 'email_verified', 'phone_verified']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError(404, refusal('refusals.accountMissing'));
  return toProfile(row);
}

/** Only the name changes directly. */
export async function renameUser(db: DB, userId: number, name: string): Promise<Profile> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
  return readProfile(db, userId);
}

const WORDS: Record<ContactKind, { taken: Refusal; same: Refusal }> = {
  phone: { taken: refusal('refusals.phoneTaken'), same: refusal('refusals.samePhone') },
  email: { taken: refusal('refusals.emailTaken'), same: refusal('refusals.sameEmail') },
};

async function refuseTaken(db: DB, userId: number, { kind, value }: ContactBody) {
  const other = await db.selectFrom('users').select('id').where(kind, '=', value).where('id', '!=', userId).executeTakeFirst();
  if (other) throw new ApiError(409, WORDS[kind].taken, { value: [WORDS[kind].taken] });
}

/**
 * Sends a code to a new phone or email (or to the current, unverified one) through the sign-in code machinery
 * and its limits; the change waits in the code's row and nothing in the account changes until it is verified.
 */
export async function requestContactChange(ctx: AuthContext, session: SessionRow, userId: number, body: ContactBody) {
  const current = await readProfile(ctx.db, userId);
  if (current[body.kind] === body.value && current[`${body.kind}_verified`]) throw new ApiError(400, WORDS[body.kind].same, { value: [WORDS[body.kind].same] });
  await refuseTaken(ctx.db, userId, body);
  return requestCode(ctx, session, { identifier: body.value, purpose: 'contact', pending: { user_id: userId, kind: body.kind, value: body.value } });
}

/** Applies the change the session's newest contact code waits for, when the code is right (5 tries, 10 minutes). */
export async function verifyContactChange(ctx: AuthContext, session: SessionRow, userId: number, kind: ContactKind, code: string): Promise<Profile> {
  const pendingOf = (row: { pending_json: string | null }) => JSON.parse(row.pending_json!) as { user_id: number; kind: ContactKind; value: string };
  const row = await consumeCode(ctx, session, code, ['contact'], new Date(), (r) => pendingOf(r).user_id === userId && pendingOf(r).kind === kind);
  const pending = pendingOf(row);
  // Someone may have taken it while the code was on its way; one taking it this very moment trips the unique
  // column instead, and is refused the same way.
  await refuseTaken(ctx.db, userId, pending);
  try {
    await ctx.db
      .updateTable('users')
      .set(kind === 'email' ? { email: pending.value, email_verified: 1 } : { phone: pending.value, phone_verified: 1 })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    await refuseTaken(ctx.db, userId, pending);
    throw error;
  }
  return readProfile(ctx.db, userId);
}
