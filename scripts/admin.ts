// `npm run admin -- create --name "…" --phone 98xxxxxxxx --email you@shop.in`: makes a super administrator in
// the database at DATABASE_URL (migrating it first), for a production shop, which never gets demo accounts.
// The new administrator signs in at /auth/login with a one-time code, like everyone.
import { parseArgs } from 'node:util';
import { databaseUrl } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db';
import { AdminDetailsError, createSuperAdmin } from '../src/server/services/admin';

const usage = 'usage: npm run admin -- create --name "Shop Owner" --phone 9876543210 --email owner@example.com';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string', default: '' }, phone: { type: 'string', default: '' }, email: { type: 'string', default: '' } },
});
if (positionals[0] !== 'create') {
  console.error(usage);
  process.exit(2);
}

const db = await openDatabase(databaseUrl());
try {
  await migrate(db);
  const admin = await createSuperAdmin(db.kysely, { name: values.name, phone: values.phone, email: values.email });
  console.log(
    `${admin.created ? 'created' : 'promoted'} super administrator ${values.name.trim()} (phone ${admin.phone}, email ${admin.email}); ` +
      'sign in at /auth/login with either',
  );
} catch (error) {
  if (!(error instanceof AdminDetailsError)) throw error;
  console.error(`${error.message}\n${usage}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
