// `npm run pages -- publish <file-or-folder> [--host localhost]`: checks page JSON files against the block
// schemas, reports every problem with its file and path, and publishes them (all or none) to the website on
// that host, at DATABASE_URL. `npm run pages -- check <file-or-folder>` only checks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pageProblems } from '../src/contract/blocks';
import { readConfig } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db';
import { inTransaction } from '../src/server/db/transaction';
import { publishPage } from '../src/server/services/pages';
import { websiteForHost } from '../src/server/services/websites';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { host: { type: 'string', default: 'localhost' } } });
const [command, target] = positionals;
if (!['publish', 'check'].includes(command ?? '') || !target) {
  console.error('usage: npm run pages -- publish|check <file-or-folder> [--host localhost]');
  process.exit(2);
}
const files = statSync(target).isDirectory() ? readdirSync(target).filter((f) => f.endsWith('.json')).map((f) => join(target, f)) : [target];
const pages: { file: string; page: unknown }[] = [];
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
  for (const problem of pageProblems(page)) {
    console.error(`${file}: ${problem}`);
    problems++;
  }
  pages.push({ file, page });
}
if (problems) {
  console.error(`${problems} problem(s); nothing was published.`);
  process.exit(1);
}
if (command === 'check') {
  console.log(`${files.length} page(s) are valid.`);
  process.exit(0);
}
const db = await openDatabase(readConfig().databaseUrl);
await migrate(db);
const website = await websiteForHost(db.kysely, values.host!);
if (!website) {
  console.error('The database holds no website yet: run npm start once (or npm run seed).');
  process.exit(1);
}
await inTransaction(db.kysely, async (trx) => {
  for (const { file, page } of pages) {
    await publishPage(trx, website.id, page);
    console.log(`published ${file} on ${website.name}`);
  }
});
await db.close();
