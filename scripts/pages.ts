// `npm run pages -- check <file-or-folder> [--host localhost]`: checks page JSON files against the block schemas
// and against the website on that host, at DATABASE_URL (every category, brand, product, supplier and form they
// name must be there), and reports every problem with its file and path.
// `npm run pages -- publish <file-or-folder> [--host localhost] [--yes]`: the same checks, then publishes the pages
// (all or none) on that website. A page that would replace a live one is named, and nothing is published
// without --yes. A host no website has is an error in both commands.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PageDocument, problemLines } from '../src/contract/blocks';
import { readConfig } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db';
import { inTransaction } from '../src/server/db/transaction';
import { pageCheckErrors, publishPage } from '../src/server/services/pages';
import { listWebsites, websiteWithHost } from '../src/server/services/websites';

const USAGE = 'usage: npm run pages -- check|publish <file-or-folder> [--host localhost] [--yes]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { host: { type: 'string', default: 'localhost' }, yes: { type: 'boolean', default: false } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { positionals, values } = parsed;
const [command, target] = positionals;
if (!['publish', 'check'].includes(command ?? '') || !target) {
  console.error(USAGE);
  process.exit(2);
}
let files: string[];
try {
  files = statSync(target).isDirectory() ? readdirSync(target).filter((f) => f.endsWith('.json')).sort().map((f) => join(target, f)) : [target];
} catch (error) {
  console.error(`${target}: ${(error as Error).message}`);
  process.exit(2);
}

const db = await openDatabase(readConfig().databaseUrl);
/** Ends the command with this exit status, once the database is closed. */
const finish = async (code: number): Promise<never> => {
  await db.close();
  process.exit(code);
};
await migrate(db);
const website = await websiteWithHost(db.kysely, values.host);
if (!website) {
  const sites = await listWebsites(db.kysely, 0);
  if (!sites.length) console.error('The database holds no website yet: run npm start once (or npm run seed).');
  else console.error(`No website has the host ${values.host}. Hosts: ${sites.map((s) => `${s.domains.join(', ')} (${s.name})`).join('; ')}.`);
  await finish(1);
}
const site = website!;

const pages: { file: string; page: unknown; url: string }[] = [];
let problems = 0;
for (const file of files) {
  let page: unknown;
  try {
    page = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: not valid JSON (${(error as Error).message})`);
    problems++;
    continue;
  }
  const lines = problemLines(await pageCheckErrors(db.kysely, site.id, page));
  for (const line of lines) console.error(`${file}: ${line}`);
  problems += lines.length;
  if (!lines.length) pages.push({ file, page, url: PageDocument.parse(page).url });
}
if (problems) {
  console.error(`${problems} problem(s) on ${site.name}; nothing was published.`);
  await finish(1);
}
if (command === 'check') {
  console.log(`${files.length} page(s) are valid for ${site.name}.`);
  await finish(0);
}

const live = new Set(
  (await db.kysely.selectFrom('pages').select('url').where('website_id', '=', site.id).where('live', '=', 1).where('url', 'in', pages.map((p) => p.url)).execute()).map((r) => r.url),
);
const replacing = pages.filter((p) => live.has(p.url));
for (const { file, url } of replacing) console.log(`${file} replaces the live page ${url} on ${site.name}`);
if (replacing.length && !values.yes) {
  console.error(`Nothing was published: ${replacing.length} page(s) would replace live pages on ${site.name}. Run again with --yes to replace them.`);
  await finish(1);
}
await inTransaction(db.kysely, async (trx) => {
  for (const { page } of pages) await publishPage(trx, site.id, page);
});
for (const { file, url } of pages) console.log(`published ${file} on ${site.name}${live.has(url) ? ` (replaced the live page ${url})` : ''}`);
await finish(0);
