import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The built shop served with NODE_ENV=production on a free port over a throwaway SQLite database, for what
 * only production does (HSTS, Secure cookies). Resolves once the database is prepared.
 */
export async function startProductionServer(): Promise<{ port: number; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-production-'));
  const script = "const { serve } = await import('./scripts/serve.mjs'); const s = await serve({ port: 0, host: '127.0.0.1', log: () => {} }); console.log(`listening ${s.address().port}`);";
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'production', OTP_SENDER: 'console', DATABASE_URL: `file:${join(dir, 'shop.sqlite')}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('the production server did not start within 60 s')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`the production server exited (${code})`)));
  }).catch((error) => {
    stop();
    throw error;
  });
  const warm = await fetch(`http://127.0.0.1:${port}/s/api/init`, { signal: AbortSignal.timeout(60_000) });
  if (!warm.ok) {
    stop();
    throw new Error(`the production server answered init with ${warm.status}`);
  }
  return { port, stop };
}
