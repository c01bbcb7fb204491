// A production shop's first run, and later administrators, in the database at DATABASE_URL (migrated first):
//
//   npm run admin -- create --website "Annapurna Fresh" --host shop.example.in \
//     --name "Shop Owner" --phone 98xxxxxxxx --email owner@example.in
//
// makes the shop's first website (when it has none: the default theme and navigation) and a super administrator,
// who signs in at /auth/login with a one-time code, like everyone. Safe to run again: what is there already is
// kept and said so. Once the shop has a website, --website and --host may be left out (or name one of its hosts).
import { parseArgs } from 'node:util';
import { databaseUrl } from '../src/server/config';
import { migrate, openDatabase } from '../src/server/db';
import { AdminDetailsError, setUpShop } from '../src/server/services/admin';

const usage = [
  'usage: npm run admin -- create --website "Shop name" --host shop.example.in --name "Shop Owner" --phone 9876543210 --email owner@example.com',
  '       (--website and --host make the first website; once the shop has one they may be left out)',
].join('\n');
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string', default: '' },
    phone: { type: 'string', default: '' },
    email: { type: 'string', default: '' },
    website: { type: 'string' },
    host: { type: 'string' },
  },
});
if (positionals[0] !== 'create') {
  console.error(usage);
  process.exit(2);
}

const db = await openDatabase(databaseUrl());
try {
  await migrate(db);
  const { website, admin } = await setUpShop(db.kysely, {
    admin: { name: values.name, phone: values.phone, email: values.email },
    website: values.website === undefined && values.host === undefined ? undefined : { name: values.website, host: values.host },
  });
  console.log(
    website.created
      ? `website: made ${website.name} on ${website.host} (default theme and navigation: change them signed in)`
      : `website: ${website.name} on ${website.host} is there already (left as it is)`,
  );
  console.log(
    `super administrator: ${admin.created ? 'created' : admin.already ? 'is one already:' : 'promoted'} ${admin.name} (phone ${admin.phone}, email ${admin.email})`,
  );
  const scheme = website.host === 'localhost' || website.host.endsWith('.localhost') ? 'http' : 'https';
  console.log(`sign in at ${scheme}://${website.host}/auth/login with that phone or email: a one-time code is sent to it`);
} catch (error) {
  if (!(error instanceof AdminDetailsError)) throw error;
  console.error(`${error.message}\n${usage}`);
  process.exitCode = 2;
} finally {
  await db.close();
}
