/**
 * `npm install` on a machine whose Node is older than the shop needs: npm warns once per package that needs a
 * newer Node (EBADENGINE), and scripts/postinstall.mjs then says in one line why that is harmless. Silent when
 * npm ran on a Node that is new enough.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const postinstall = (agent: string) =>
  spawnSync(process.execPath, [resolve(root, 'scripts/postinstall.mjs')], { encoding: 'utf8', env: { ...process.env, npm_config_user_agent: agent } });

describe('npm install', () => {
  it('runs scripts/postinstall.mjs after installing', () => {
    expect(JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).scripts.postinstall).toBe('node scripts/postinstall.mjs');
  });

  it('explains in one line, after npm ran on Node 20, why the engine warnings are harmless', () => {
    const run = postinstall('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'storefront: npm ran on Node 20.20.2, hence the EBADENGINE warnings above; the shop needs Node 22.12 or newer, so this install brought Node 24 as a package (devDependency "node") and every npm script (npm start, npm test, npm run …) runs on it.',
    );
  });

  it('says nothing when npm ran on a Node the shop runs on', () => {
    for (const agent of ['npm/11.6.0 node/v24.11.0 linux x64 workspaces/false', 'npm/10.9.0 node/v22.12.0 linux x64 workspaces/false', '']) {
      const run = postinstall(agent);
      expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
    }
  });
});
