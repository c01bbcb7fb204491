import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionRow, WebsiteRow } from '../env';
import { ApiError } from '../http/errors';

/** The website for a host name (port ignored); any unknown host gets the first website. */
export async function websiteForHost(db: Kysely<Database>, host: string): Promise<WebsiteRow | undefined> {
  return (await websiteWithHost(db, host)) ?? db.selectFrom('websites').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

/** The website that has this host name among its domains (port ignored), and no other: for commands that change a website. */
export async function websiteWithHost(db: Kysely<Database>, host: string): Promise<WebsiteRow | undefined> {
  const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  return db
    .selectFrom('websites')
    .innerJoin('website_domains', 'website_domains.website_id', 'websites.id')
    .selectAll('websites')
    .where('website_domains.host', '=', hostname)
    .executeTakeFirst();
}

/** Every website with its domains; `current` marks the one this session shows. */
export async function listWebsites(db: Kysely<Database>, currentId: number) {
  const [sites, domains] = await Promise.all([
    db.selectFrom('websites').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('website_domains').selectAll().orderBy('host').execute(),
  ]);
  return sites.map((s) => ({ ...s, domains: domains.filter((d) => d.website_id === s.id).map((d) => d.host), current: s.id === currentId }));
}

/** Points a session at a website (or back at its host's, when that one is chosen). */
export async function switchWebsite(db: Kysely<Database>, session: SessionRow, websiteId: number): Promise<WebsiteRow> {
  const website = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
  if (!website) throw new ApiError(404, 'No such website');
  await db
    .updateTable('sessions')
    .set({ website_override: website.id === session.website_id ? null : website.id })
    .where('id', '=', session.id)
    .execute();
  return website;
}

/** Creates a website on a new domain with the default theme; undefined when the domain is taken. */
export async function createWebsite(db: Kysely<Database>, input: { name: string; domain: string }): Promise<WebsiteRow | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('website_domains').select('host').where('host', '=', input.domain).executeTakeFirst()) return undefined;
    const website = await trx
      .insertInto('websites')
      .values({ name: input.name, description: `${input.name}: groceries delivered.`, logo: null, favicon: null, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('website_domains').values({ host: input.domain, website_id: website.id }).execute();
    await trx
      .insertInto('website_settings')
      .values({ website_id: website.id, nav_setting_json: '{}', seo_json: '{}', address_json: '{}', theme_json: JSON.stringify(DEFAULT_THEME) })
      .execute();
    const items: [string, string][] = [['Home', '/'], ['Categories', '/categories'], ['All Products', '/products']];
    for (const [position, [name, link]] of items.entries()) {
      await trx.insertInto('nav_items').values({ website_id: website.id, kind: 'nav', name, link, value: link, position }).execute();
    }
    return website;
  });
}

/** The theme a new website starts with. */
export const DEFAULT_THEME = {
  primary: '#15803d', 'primary-foreground': '#ffffff', secondary: '#f0fdf4', 'secondary-foreground': '#14532d',
  accent: '#f59e0b', background: '#ffffff', foreground: '#1c1917', muted: '#f5f5f4', 'muted-foreground': '#57534e', border: '#e7e5e4',
};
