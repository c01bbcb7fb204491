/**
 * Stopping the shop, over real sockets. (1) SIGTERM to `node scripts/start.mjs` (what the container runs) while
 * 40 clients keep sending add-to-cart calls and page loads, each on a new connection: every connection the
 * kernel accepted is answered in full, and the only failure a client sees is a refused connection (nothing was
 * sent, safe to retry); the primary exits 0 and no worker is left. (2) SIGTERM to `npm start`'s own process
 * (what `kill <pid>` or a service manager does): the primary and every worker stop too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testPort } from './built-server';

const root = resolve(import.meta.dirname, '../..');
const port = testPort(25);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'storefront-shutdown-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the group has ended already
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Every process under `pid` (children, their children, …), from /proc. */
function descendants(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Starts the shop with `command`, in a process group of its own, and waits until it says it is ready. */
async function startShop(command: string, args: string[], database: string): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: { ...process.env, WEB_CONCURRENCY: '2', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, database)}`, NODE_ENV: '', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const end = Date.now() + 240_000;
  while (!output.includes('Storefront ready') && child.exitCode === null && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  expect(child.exitCode, output).toBeNull();
  expect(output).toContain('Storefront ready');
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess, ms: number) =>
  new Promise<number | string | null>((done) => {
    if (child.exitCode !== null) return done(child.exitCode);
    const timer = setTimeout(() => done('still running'), ms);
    child.once('exit', (code) => (clearTimeout(timer), done(code)));
  });

interface Outcome {
  /** Sent before SIGTERM was. */
  before: boolean;
  status?: number;
  /** The error's code: ECONNREFUSED (never connected), ECONNRESET, … */
  error?: string;
  /** The connection was made (the kernel accepted it) before the error. */
  connected: boolean;
  /** When the answer (or the error) came. */
  at: number;
}

/** One request on a connection of its own, answered in full (or failed, with whether it had connected). */
function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string }, before: () => boolean): Promise<Outcome> {
  return new Promise((done) => {
    const sentBefore = before();
    let connected = false;
    const req = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => done({ before: sentBefore, status: res.statusCode, connected: true, at: Date.now() }));
      res.on('error', (error: NodeJS.ErrnoException) => done({ before: sentBefore, error: error.code ?? error.message, connected: true, at: Date.now() }));
    });
    req.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    req.on('error', (error: NodeJS.ErrnoException) => done({ before: sentBefore, error: error.code ?? error.message, connected, at: Date.now() }));
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('no answer within 30 s'), { code: 'TIMEOUT' })));
    req.end(options.body);
  });
}

describe('stopping the shop', () => {
  it('on SIGTERM to node scripts/start.mjs under load: every accepted connection is answered, new ones are refused, nothing is left', async () => {
    const { child, output } = await startShop(process.execPath, [join(root, 'scripts/start.mjs')], 'load.sqlite');
    const workers = descendants(child.pid!);
    expect(workers).toHaveLength(2);

    type Pack = { pack_id: number; warehouse_id: number; in_stock: boolean };
    const { data } = (await (await fetch(`${base}/s/api/products?perPage=6`)).json()) as { data: { slug: string }[] };
    const packs = (await Promise.all(data.map(async ({ slug }) => ((await (await fetch(`${base}/s/api/products/${slug}`)).json()) as { packs: Pack[] }).packs.find((p) => p.in_stock)))).filter(
      (pack) => pack !== undefined,
    );
    expect(packs.length).toBeGreaterThan(1);

    // 40 shoppers, each with a session of its own, alternate add-to-cart calls and page loads, on a new connection each time.
    const shoppers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const answer = await fetch(`${base}/s/api/cookie`);
        const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0]!);
        const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
        return { cookie: cookies.join('; '), xsrf };
      }),
    );
    let signalled = false;
    let answered = 0;
    let sigtermAt = 0;
    const exited = exitOf(child, 60_000);
    const outcomes = await Promise.all(
      shoppers.map(async (shopper, n) => {
        const seen: Outcome[] = [];
        // At most 25 requests each; a refused connection means the shop has closed its port: that shopper stops.
        for (let i = 0; i < 25; i++) {
          const pack = packs[(n + i) % packs.length]!;
          const outcome =
            i % 2 === 0
              ? await request(
                  '/s/api/cart/add',
                  {
                    method: 'POST',
                    headers: { cookie: shopper.cookie, 'x-xsrf-token': shopper.xsrf, 'x-origin': base, 'content-type': 'application/json' },
                    body: JSON.stringify({ pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, quantity: 1 + (i % 3) }),
                  },
                  () => !signalled,
                )
              : await request(`/products?page=${1 + (i % 3)}`, { headers: { cookie: shopper.cookie } }, () => !signalled);
          seen.push(outcome);
          // SIGTERM once the load is under way: after the 60th answer, with all 40 shoppers sending.
          if (outcome.status && ++answered === 60) {
            signalled = true;
            sigtermAt = Date.now();
            child.kill('SIGTERM');
          }
          if (outcome.error) break;
        }
        return seen;
      }),
    );
    const code = await exited;
    const all = outcomes.flat();
    // A connection begun after SIGTERM that the kernel's queue held as the port closed is reset before the client
    // ever saw it open: like a refusal, its request was never sent. Anything else that fails is a failure.
    const neverOpened = (o: Outcome) => !o.before && !o.connected && (o.error === 'ECONNREFUSED' || o.error === 'ECONNRESET');
    const failures = all.filter((o) => o.error && !neverOpened(o));
    // Sent before SIGTERM and answered after it: in flight when it came.
    const inFlight = all.filter((o) => o.before && o.status !== undefined && o.at >= sigtermAt);

    const refused = all.filter((o) => o.error === 'ECONNREFUSED').length;
    console.log(`[shutdown] ${all.length} requests: ${inFlight.length} in flight at SIGTERM and answered, ${refused} refused after it, ${failures.length} other failures`);
    expect(signalled).toBe(true);
    // Nothing but refusals: no reset, no hang-up, no time-out on a connection the kernel had accepted.
    expect(failures, JSON.stringify(failures)).toEqual([]);
    expect(all.filter((o) => o.error === 'ECONNREFUSED' && o.connected)).toEqual([]);
    // The port did close, and requests were in flight when SIGTERM came, and answered.
    expect(all.filter((o) => o.error === 'ECONNREFUSED').length).toBeGreaterThan(0);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(all.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    expect(code, output()).toBe(0);
    expect(Date.now() - sigtermAt).toBeLessThan(15_000);
    expect(workers.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  }, 360_000);

  it("on SIGTERM to npm start's own process: the primary and every worker stop", async () => {
    const { child } = await startShop('npm', ['start'], 'npm.sqlite');
    const tree = descendants(child.pid!);
    // npm, then the primary (node scripts/start.mjs) and its two workers, whatever stands between.
    const nodes = tree.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.mjs'));
    expect(nodes.length).toBeGreaterThanOrEqual(3);
    child.kill('SIGTERM');
    const code = await exitOf(child, 20_000);
    // Whatever npm answers, nothing it started may be left running.
    const end = Date.now() + 5000;
    while (tree.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(tree.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    expect(code).not.toBe('still running');
    expect(await fetch(`${base}/healthz`).then(() => 'answered', (error: Error & { cause?: { code?: string } }) => error.cause?.code)).toBe('ECONNREFUSED');
  }, 360_000);
});
