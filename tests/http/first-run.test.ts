/**
 * A production shop from nothing, as its owner meets it: `npm start` on an empty database without the demo
 * seed says there is no website yet (not that the database is away) and /readyz says not ready and why; the
 * first run (`npm run admin -- create` with --website and --host) makes the website and the super administrator;
 * then /readyz is ready, the home page shows the website and the administrator can ask for a sign-in code.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpVisitor, testPort } from './built-server';

const root = resolve(import.meta.dirname, '../..');
const port = testPort(24);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'storefront-first-run-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  OTP_SENDER: 'console',
  SEED_DEMO: 'false',
  WEB_CONCURRENCY: '1',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
};

let shop: ChildProcess;
let output = '';

beforeAll(async () => {
  shop = spawn(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  shop.stdout!.on('data', (chunk) => (output += chunk));
  shop.stderr!.on('data', (chunk) => (output += chunk));
  const end = Date.now() + 240_000;
  while (!output.includes('Stop with Ctrl+C') && shop.exitCode === null && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  expect(shop.exitCode, output).toBeNull();
}, 300_000);

afterAll(() => {
  try {
    process.kill(-shop.pid!, 'SIGKILL');
  } catch {
    // the group has ended already
  }
  rmSync(dir, { recursive: true, force: true });
});

const readyz = async () => {
  const answer = await fetch(`${base}/readyz`);
  return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.json() };
};

describe('first run of a production shop', () => {
  it('says there is no website yet, on the log and in /readyz, while the database answers', async () => {
    // In production the log is JSON, a line each (docs/operations.md#logs).
    const logged = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'error', module: 'storefront', msg: expect.stringContaining('This shop has no website yet: make it, with the first administrator, by npm run admin -- create') }),
    );
    expect(output).not.toMatch(/database is not answering/);
    expect(output).toContain('not ready yet');
    expect(output).not.toContain('Storefront ready');
    expect(await readyz()).toEqual({
      status: 503,
      type: 'application/json',
      body: { ready: false, reason: 'no-website', message: expect.stringContaining('This shop has no website yet') },
    });
    const visitor = new HttpVisitor(base);
    expect((await visitor.api('/auth/login', { identifier: '9123456780' })).status).toBe(503);
  });

  it('after npm run admin -- create with --website and --host: ready, the home page shows the website, the administrator can sign in', async () => {
    const made = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/admin.ts'), 'create', '--website', 'Annapurna Fresh', '--host', 'shop.example.in', '--name', 'Shop Owner', '--phone', '9123456780', '--email', 'owner@shop.in'], {
      cwd: root,
      encoding: 'utf8',
      env,
    });
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(await readyz()).toEqual({ status: 200, type: 'application/json', body: { ready: true } });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Annapurna Fresh');
    const visitor = new HttpVisitor(base);
    await visitor.api('/cookie');
    const login = await visitor.api('/auth/login', { identifier: '9123456780' });
    expect(login.status, login.body).toBe(200);
  });
});
