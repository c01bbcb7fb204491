import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { WebsiteRow } from '../env';

/** The website for a host name (port ignored); any unknown host gets the first website. */
export async function websiteForHost(db: Kysely<Database>, host: string): Promise<WebsiteRow | undefined> {
  const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  const byDomain = await db
    .selectFrom('websites')
    .innerJoin('website_domains', 'website_domains.website_id', 'websites.id')
    .selectAll('websites')
    .where('website_domains.host', '=', hostname)
    .executeTakeFirst();
  return byDomain ?? db.selectFrom('websites').selectAll().orderBy('id').limit(1).executeTakeFirst();
}
