import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/seed';
import { createSuperAdmin } from '../../src/server/services/admin';
import { openTestShop, pgUrl, type Backend, type TestShop } from './shop';

/** Production keeps none of the demo's conveniences: no outbox, no demo accounts; the first administrator is made by a command. */
for (const backend of ['sqlite', 'postgres'] as const satisfies Backend[]) {
  describe.skipIf(backend === 'postgres' && !pgUrl)(`production mode [${backend}]`, () => {
    let shop: TestShop;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ shop, cleanup } = await openTestShop(backend, { production: true, otpSender: 'console', seedDemo: true }));
    });
    afterAll(() => cleanup());

    it('seeds the demo shop without any demo account', async () => {
      const users = await shop.deps.db.kysely.selectFrom('users').select(['phone', 'email']).execute();
      expect(users).toEqual([]);
      const websites = await shop.deps.db.kysely.selectFrom('websites').select('id').execute();
      expect(websites.length).toBeGreaterThan(0);
    });

    it('has no outbox call, whatever the code sender', async () => {
      const outbox = await shop.visitor().get(`/dev/outbox?to=${DEMO_USERS[3].phone}`);
      expect(outbox.status).toBe(404);
      expect(await outbox.json()).toEqual({ message: 'No API call at /s/api/dev/outbox' });
      const doc = await (await shop.visitor().get('/openapi.json')).json();
      expect(Object.keys(doc.paths)).not.toContain('/s/api/dev/outbox');
    });

    it('signs in the administrator the command created, and keeps no code in an outbox', async () => {
      const admin = await createSuperAdmin(shop.deps.db.kysely, { name: 'Shop Owner', phone: '+91 91234 56780', email: 'Owner@Shop.in' });
      expect(admin).toMatchObject({ created: true, phone: '9123456780', email: 'owner@shop.in' });
      const visitor = await shop.visitor().start();
      expect((await visitor.post('/auth/login', { identifier: '9123456780' })).status).toBe(200);
      expect(await shop.deps.db.kysely.selectFrom('outbox').select('id').execute()).toEqual([]);
      const row = await shop.deps.db.kysely.selectFrom('users').selectAll().where('phone', '=', '9123456780').executeTakeFirstOrThrow();
      expect([row.is_superadmin, row.has_admin_access]).toEqual([1, 1]);
    });

    it('promotes an existing account instead of making a second one, and refuses bad details', async () => {
      const again = await createSuperAdmin(shop.deps.db.kysely, { name: 'Owner', phone: '9123456780', email: 'owner@shop.in' });
      expect(again.created).toBe(false);
      expect(await shop.deps.db.kysely.selectFrom('users').select('id').where('phone', '=', '9123456780').execute()).toHaveLength(1);
      await expect(createSuperAdmin(shop.deps.db.kysely, { name: 'X', phone: '12345', email: 'x@shop.in' })).rejects.toThrow(/Phone/);
      await expect(createSuperAdmin(shop.deps.db.kysely, { name: 'X', phone: '9123456781', email: 'not-an-email' })).rejects.toThrow(/Email/);
      await expect(createSuperAdmin(shop.deps.db.kysely, { name: 'X', phone: '9123456780', email: 'other@shop.in' })).rejects.toThrow(/another account/);
    });
  });
}

describe('npm run admin -- create', () => {
  const root = resolve(import.meta.dirname, '../..');
  const dir = mkdtempSync(join(tmpdir(), 'storefront-admin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'scripts/admin.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`, NODE_ENV: 'production', SEED_DEMO: 'false' },
    });

  it('creates the first super administrator in a production database, and says how to sign in', () => {
    const made = run('create', '--name', 'Shop Owner', '--phone', '9123456780', '--email', 'owner@shop.in');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/super administrator Shop Owner.*9123456780/);
  });

  it('refuses bad details with the field rule and exit code 2', () => {
    const refused = run('create', '--name', 'X', '--phone', '555', '--email', 'x@shop.in');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/Phone is not in valid format/);
  });
});
