import type { Kysely } from 'kysely';
import { validateForm } from '../../lib/validation';
import type { Database } from '../db/schema';
import { normalizeIdentifier } from './auth';

/** What a super administrator holds: every link of the account menu and website switching. */
const SUPER_ADMIN = {
  is_superadmin: 1,
  has_admin_access: 1,
  permissions_json: JSON.stringify(['website_setting:view', 'pos_access:view']),
} as const;

export interface NewAdmin {
  name: string;
  phone: string;
  email: string;
}

/** Refused details: the message names the field with the shop's own rule text. */
export class AdminDetailsError extends Error {}

/**
 * Makes the shop's first (or another) super administrator, who then signs in with a one-time code like anyone.
 * An account with that phone and email is promoted rather than duplicated; a phone and an email that belong to
 * two different accounts are refused.
 */
export async function createSuperAdmin(db: Kysely<Database>, details: NewAdmin): Promise<{ created: boolean; id: number; phone: string; email: string }> {
  const phone = normalizeIdentifier(details.phone) ?? details.phone.trim();
  const email = details.email.trim().toLowerCase();
  const name = details.name.trim();
  const problems = validateForm(
    { name, phone, email },
    { name: { label: 'Name', required: true }, phone: { label: 'Phone', required: true, pattern: 'phone' }, email: { label: 'Email', required: true, type: 'email' } },
  );
  const first = Object.values(problems)[0];
  if (first) throw new AdminDetailsError(first);

  return db.transaction().execute(async (trx) => {
    const owners = await trx.selectFrom('users').select(['id', 'phone', 'email']).where((eb) => eb.or([eb('phone', '=', phone), eb('email', '=', email)])).execute();
    if (owners.length > 1 || (owners[0] && (owners[0].phone !== phone || owners[0].email !== email))) {
      throw new AdminDetailsError('That phone or email belongs to another account: give both of one account, or two unused ones');
    }
    if (owners[0]) {
      await trx.updateTable('users').set(SUPER_ADMIN).where('id', '=', owners[0].id).execute();
      return { created: false, id: owners[0].id, phone, email };
    }
    const { id } = await trx
      .insertInto('users')
      .values({ name, phone, email, ...SUPER_ADMIN, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { created: true, id, phone, email };
  });
}
