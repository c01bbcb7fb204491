import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/seed';
import { createSuperAdmin, setUpShop } from '../../src/server/services/admin';
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

/** A production shop from nothing: no demo seed, so no website until the first run makes one. */
for (const backend of ['sqlite', 'postgres'] as const satisfies Backend[]) {
  describe.skipIf(backend === 'postgres' && !pgUrl)(`first run on a clean database [${backend}]`, () => {
    let shop: TestShop;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ shop, cleanup } = await openTestShop(backend, { production: true, otpSender: 'console', seedDemo: false }));
    });
    afterAll(() => cleanup());
    const owner = { name: 'Shop Owner', phone: '9123456780', email: 'owner@shop.in' };
    const counts = async () => {
      const db = shop.deps.db.kysely;
      const [websites, users, domains] = await Promise.all([
        db.selectFrom('websites').select('id').execute(),
        db.selectFrom('users').select('id').execute(),
        db.selectFrom('website_domains').select('host').execute(),
      ]);
      return { websites: websites.length, users: users.length, domains: domains.length };
    };

    it('has no website and refuses sign-in until the first run, which without a website refuses and writes nothing', async () => {
      const visitor = await shop.visitor('shop.example.in').start();
      const login = await visitor.post('/auth/login', { identifier: owner.phone });
      expect(login.status).toBe(503);
      expect(await login.json()).toMatchObject({ message: 'This shop has no website yet' });
      await expect(setUpShop(shop.deps.db.kysely, { admin: owner })).rejects.toThrow(/no website yet: give its name and host/);
      await expect(setUpShop(shop.deps.db.kysely, { admin: owner, website: { name: 'Annapurna Fresh', host: 'https://shop.example.in/' } })).rejects.toThrow(/^Host .*shop\.example\.in/);
      await expect(setUpShop(shop.deps.db.kysely, { admin: { ...owner, phone: '12' }, website: { name: 'Annapurna Fresh', host: 'shop.example.in' } })).rejects.toThrow(/Phone/);
      expect(await counts()).toEqual({ websites: 0, users: 0, domains: 0 });
    });

    it('makes the first website and the super administrator, who can then sign in on that host', async () => {
      const made = await setUpShop(shop.deps.db.kysely, { admin: owner, website: { name: ' Annapurna Fresh ', host: 'Shop.Example.in' } });
      expect(made.website).toMatchObject({ created: true, name: 'Annapurna Fresh', host: 'shop.example.in' });
      expect(made.admin).toMatchObject({ created: true, already: false, phone: owner.phone });
      const visitor = await shop.visitor('shop.example.in').start();
      expect((await visitor.post('/auth/login', { identifier: owner.phone })).status).toBe(200);
      const init = await (await visitor.get('/init')).json();
      expect(JSON.stringify(init)).toContain('Annapurna Fresh');
    });

    it('is idempotent: run again it keeps the website and the administrator, and refuses a host that is none of its websites', async () => {
      const before = await counts();
      const again = await setUpShop(shop.deps.db.kysely, { admin: owner, website: { name: 'Annapurna Fresh', host: 'shop.example.in' } });
      expect(again.website).toMatchObject({ created: false, host: 'shop.example.in' });
      expect(again.admin).toMatchObject({ created: false, already: true });
      const bare = await setUpShop(shop.deps.db.kysely, { admin: owner });
      expect(bare.website).toMatchObject({ created: false, host: 'shop.example.in', name: 'Annapurna Fresh' });
      await expect(setUpShop(shop.deps.db.kysely, { admin: owner, website: { name: 'Other', host: 'other.example.in' } })).rejects.toThrow(/none of its hosts/);
      expect(await counts()).toEqual(before);
      expect(before).toEqual({ websites: 1, users: 1, domains: 1 });
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

  it('on a clean production database refuses without a website, then makes the website and the administrator, idempotently', () => {
    const refused = run('create', '--name', 'Shop Owner', '--phone', '9123456780', '--email', 'owner@shop.in');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/no website yet: give its name and host too \(--website "Shop name" --host shop.example.in\)/);

    const args = ['create', '--website', 'Annapurna Fresh', '--host', 'shop.example.in', '--name', 'Shop Owner', '--phone', '9123456780', '--email', 'owner@shop.in'];
    const made = run(...args);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout.trim().split('\n')).toEqual([
      'website: made Annapurna Fresh on shop.example.in (default theme and navigation: change them signed in)',
      'super administrator: created Shop Owner (phone 9123456780, email owner@shop.in)',
      'sign in at https://shop.example.in/auth/login with that phone or email: a one-time code is sent to it',
    ]);

    const again = run(...args);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('website: Annapurna Fresh on shop.example.in is there already (left as it is)');
    expect(again.stdout).toContain('super administrator: is one already: Shop Owner (phone 9123456780, email owner@shop.in)');
  });

  it('refuses bad details with the field rule and exit code 2', () => {
    const refused = run('create', '--name', 'X', '--phone', '555', '--email', 'x@shop.in');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/Phone is not in valid format/);
  });
});
