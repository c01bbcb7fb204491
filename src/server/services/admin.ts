import type { Kysely } from 'kysely';
import { CreateWebsiteBody } from '../../contract';
import { validateForm } from '../../contract/validation';
import type { Database } from '../db/schema';
import { normalizeIdentifier } from './auth';
import { createWebsite } from './websites';

/** What a super administrator holds: every link of the account menu and website switching. */
const SUPER_ADMIN = {
  is_superadmin: 1,
  has_admin_access: 1,
  permissions_json: JSON.stringify(['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage']),
} as const;

export interface NewAdmin {
  name: string;
  phone: string;
  email: string;
}

/** Refused details: the message names the field with the shop's own rule text. */
export class AdminDetailsError extends Error {}

/** The checked details of an administrator, or AdminDetailsError with the first field's rule. */
function checkAdmin(details: NewAdmin): NewAdmin {
  const phone = normalizeIdentifier(details.phone) ?? details.phone.trim();
  const email = details.email.trim().toLowerCase();
  const name = details.name.trim();
  const problems = validateForm(
    { name, phone, email },
    { name: { label: 'Name', required: true }, phone: { label: 'Phone', required: true, pattern: 'phone' }, email: { label: 'Email', required: true, type: 'email' } },
  );
  const first = Object.values(problems)[0];
  if (first) throw new AdminDetailsError(first);
  return { name, phone, email };
}

/** What createSuperAdmin did: made the account, gave an existing one the role, or found it had it already. */
export interface AdminResult {
  created: boolean;
  /** The account was a super administrator already: nothing changed. */
  already: boolean;
  id: number;
  name: string;
  phone: string;
  email: string;
}

/**
 * Makes the shop's first (or another) super administrator, who then signs in with a one-time code like anyone.
 * An account with that phone and email is promoted rather than duplicated; a phone and an email that belong to
 * two different accounts are refused.
 */
export async function createSuperAdmin(db: Kysely<Database>, details: NewAdmin): Promise<AdminResult> {
  const { name, phone, email } = checkAdmin(details);
  return db.transaction().execute(async (trx) => {
    const owners = await trx.selectFrom('users').select(['id', 'name', 'phone', 'email', 'is_superadmin']).where((eb) => eb.or([eb('phone', '=', phone), eb('email', '=', email)])).execute();
    if (owners.length > 1 || (owners[0] && (owners[0].phone !== phone || owners[0].email !== email))) {
      throw new AdminDetailsError('That phone or email belongs to another account: give both of one account, or two unused ones');
    }
    const owner = owners[0];
    if (owner) {
      await trx.updateTable('users').set(SUPER_ADMIN).where('id', '=', owner.id).execute();
      return { created: false, already: owner.is_superadmin === 1, id: owner.id, name: owner.name, phone, email };
    }
    const { id } = await trx
      .insertInto('users')
      .values({ name, phone, email, ...SUPER_ADMIN, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { created: true, already: false, id, name, phone, email };
  });
}

/** The website a first run makes: its name and the host name shoppers reach it on. */
export interface FirstWebsite {
  name: string;
  host: string;
}

/** What setUpShop did with the website: made it, or found a website on that host (left as it was). */
export interface WebsiteResult {
  created: boolean;
  id: number;
  name: string;
  host: string;
}

/**
 * A shop's first run, from an empty (migrated) database: makes the first website (the default theme and
 * navigation, as the page builder's "create website" does) when the shop has none, and the super administrator.
 * Safe to run again: a website already on that host and an administrator already there are left as they are.
 * Every detail is checked before anything is written. Refused (AdminDetailsError): no website yet and none
 * given; a host that is none of the shop's websites once it has one (more websites are made signed in, where
 * their theme and pages are set too).
 */
export async function setUpShop(db: Kysely<Database>, details: { admin: NewAdmin; website?: Partial<FirstWebsite> }): Promise<{ website: WebsiteResult; admin: AdminResult }> {
  checkAdmin(details.admin);
  const given = details.website?.name !== undefined || details.website?.host !== undefined;
  let wanted: FirstWebsite | undefined;
  if (given) {
    const parsed = CreateWebsiteBody.safeParse({ name: details.website?.name ?? '', domain: details.website?.host ?? '' });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AdminDetailsError(issue.path[0] === 'domain' ? `Host ${issue.message.replace(/^Domain /, '')}: a host name such as shop.example.in (no scheme, port or path)` : `Website name ${issue.message.replace(/^Name /, '')}`);
    }
    wanted = { name: parsed.data.name, host: parsed.data.domain };
  }
  const sites = await db
    .selectFrom('websites')
    .leftJoin('website_domains', 'website_domains.website_id', 'websites.id')
    .select(['websites.id', 'websites.name', 'website_domains.host'])
    .orderBy('websites.id')
    .execute();
  if (!sites.length && !wanted) {
    throw new AdminDetailsError('This shop has no website yet: give its name and host too (--website "Shop name" --host shop.example.in), and it is made with the administrator');
  }
  const existing = wanted ? sites.find((site) => site.host === wanted.host) : sites[0];
  if (sites.length && !existing) {
    const list = sites.map((site) => `${site.name}: ${site.host ?? 'no host'}`).join(', ');
    throw new AdminDetailsError(`The shop has its website already (${list}), and ${wanted!.host} is none of its hosts: give one of them, or leave --website and --host out. More websites are made signed in as a super administrator, at /auth/bos/create`);
  }
  let website: WebsiteResult;
  if (existing) website = { created: false, id: existing.id, name: existing.name, host: existing.host ?? '' };
  else {
    const made = await createWebsite(db, { name: wanted!.name, domain: wanted!.host });
    if (!made) throw new AdminDetailsError(`${wanted!.host} already belongs to a website`);
    website = { created: true, id: made.id, name: made.name, host: wanted!.host };
  }
  return { website, admin: await createSuperAdmin(db, details.admin) };
}
