/**
 * One instance of the schedule's sweeper, as its own process (page-builder.test.ts runs two at once on one
 * database): `tsx sweep-pages.ts <database url> <due time ISO> <start at, ms since epoch>`. It opens the database,
 * waits for the start time (so both sweep together), sweeps once and prints how many pages it published.
 */
import { openDatabase } from '../../../src/server/db';
import { publishDuePages } from '../../../src/server/services/page-builder';

const [url, due, start] = process.argv.slice(2);
const db = await openDatabase(url!);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(start) - Date.now())));
try {
  process.stdout.write(String(await publishDuePages(db.kysely, new Date(due!))));
} finally {
  await db.close();
}
