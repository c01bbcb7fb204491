/**
 * `npm start` with WEB_CONCURRENCY=2, over real sockets: two worker processes answer on the one port, a worker
 * killed with SIGKILL is replaced while the other keeps answering, and SIGTERM drains (a request in flight is
 * answered, no new connection is taken, the primary exits 0). Which process answered a connection is read
 * from /proc (the socket's inode in /proc/net/tcp, held open by that process), so the shop says nothing about
 * its processes to a visitor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPort } from './built-server';

const root = resolve(import.meta.dirname, '../..');
const port = testPort(4);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'storefront-cluster-'));

let primary: ChildProcess;
let output = '';

/** The primary's children (its workers), from /proc. */
function workerPids(): number[] {
  const pid = primary.pid!;
  return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** The process among `pids` that holds the server side of the loopback connection from `clientPort`. */
function ownerOf(clientPort: number, pids: number[]): number | undefined {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hex(port)}`) && f[2]?.endsWith(`:${hex(clientPort)}`));
  const socket = `socket:[${line?.[9]}]`;
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === socket);
    } catch {
      return false;
    }
  });
}

/**
 * Opens a keep-alive connection, asks /readyz on it (the worker's database must answer, so that worker has
 * prepared), and answers its status with the socket (left open).
 */
function readyOnNewConnection(): Promise<{ socket: net.Socket; status: number }> {
  return new Promise((done, fail) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(10_000, () => {
      socket.destroy();
      fail(new Error('no answer to /readyz within 10 s'));
    });
    socket.on('error', fail);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n\r\n')) done({ socket, status: Number(answer.slice(9, 12)) });
    });
    socket.write(`GET /readyz HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: keep-alive\r\n\r\n`);
  });
}

/** Which of the workers answer: `count` connections, each asked /readyz, each traced to its process. */
async function answeringWorkers(count: number): Promise<{ statuses: number[]; owners: Set<number | undefined> }> {
  const pids = workerPids();
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await readyOnNewConnection());
  const owners = new Set(answers.map(({ socket }) => ownerOf(socket.localPort!, pids)));
  for (const { socket } of answers) socket.destroy();
  return { statuses: answers.map((a) => a.status), owners };
}

const until = async (what: string, check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The body of a raw HTTP/1.1 answer, chunked or not. */
function bodyOf(answer: Buffer): string {
  const split = answer.indexOf('\r\n\r\n');
  const rest = answer.subarray(split + 4);
  if (!/^transfer-encoding:\s*chunked/im.test(answer.subarray(0, split).toString())) return rest.toString();
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const end = rest.indexOf('\r\n', at);
    const size = parseInt(rest.subarray(at, end).toString(), 16);
    if (!size) return Buffer.concat(parts).toString();
    parts.push(rest.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

/** A product page's API read, which needs the worker's database (not only the process). */
const productsStatus = async () => (await fetch(`${base}/s/api/products?perPage=1`, { signal: AbortSignal.timeout(10_000) })).status;

beforeAll(async () => {
  // Its own process group, so the cleanup below ends the primary and every worker even when a test failed.
  primary = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true,
    env: { ...process.env, WEB_CONCURRENCY: '2', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`, NODE_ENV: '', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (chunk) => (output += chunk));
  primary.stderr!.on('data', (chunk) => (output += chunk));
  await until('the shop says it is ready', () => output.includes('Storefront ready') || primary.exitCode !== null, 240_000);
  expect(primary.exitCode).toBeNull();
}, 300_000);

afterAll(() => {
  try {
    process.kill(-primary.pid!, 'SIGKILL');
  } catch {
    // the group has ended already
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2', () => {
  it('runs two worker processes that both answer, and migrates and seeds once', async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    const { statuses, owners } = await answeringWorkers(6);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect([...owners].sort()).toEqual([...workers].sort());
    expect(await productsStatus()).toBe(200);
    // Both workers opened the database; only the one given the turn migrated, seeded and listed the accounts.
    expect(output.match(/seeded the demo shop/g)).toHaveLength(1);
    expect(output.match(/demo accounts:/g)).toHaveLength(1);
  });

  it('takes parallel cart writes through both workers on one SQLite file without a refusal', async () => {
    type Pack = { pack_id: number; warehouse_id: number; in_stock: boolean };
    const { data } = (await (await fetch(`${base}/s/api/products?perPage=8`)).json()) as { data: { slug: string }[] };
    const found = await Promise.all(data.map(async ({ slug }) => ((await (await fetch(`${base}/s/api/products/${slug}`)).json()) as { packs: Pack[] }).packs.find((p) => p.in_stock)));
    const packs = found.filter((pack) => pack !== undefined);
    expect(packs.length).toBeGreaterThan(2);
    // Eight shoppers, each on connections of its own (so both workers write), setting quantities 30 times.
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, shopper) => {
        const answer = await fetch(`${base}/s/api/cookie`);
        const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0]!);
        const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
        const seen: number[] = [];
        for (let i = 0; i < 30; i++) {
          const pack = packs[(shopper + i) % packs.length]!;
          const write = await fetch(`${base}/s/api/cart/add`, {
            method: 'POST',
            headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'x-origin': base, 'content-type': 'application/json' },
            body: JSON.stringify({ pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, quantity: 1 + (i % 3) }),
            signal: AbortSignal.timeout(10_000),
          });
          await write.arrayBuffer();
          seen.push(write.status);
        }
        return seen;
      }),
    );
    expect(statuses.flat().filter((status) => status !== 200)).toEqual([]);
  }, 60_000);

  it('replaces a worker killed with SIGKILL, and the other answers meanwhile', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await until('the primary sees the death', () => output.includes(`worker ${victim} died`), 10_000);
    const meanwhile = [];
    for (let i = 0; i < 5; i++) meanwhile.push(await productsStatus());
    await until('a new worker', () => workerPids().length === 2 && !workerPids().includes(victim!), 30_000);
    const replacement = workerPids().find((pid) => pid !== survivor)!;
    // The primary hands connections to the replacement once it listens: ask until both workers have answered.
    const seen = new Set<number | undefined>();
    const statuses: number[] = [];
    for (let i = 0; i < 10 && seen.size < 2; i++) {
      const { statuses: s, owners } = await answeringWorkers(2);
      statuses.push(...s);
      owners.forEach((o) => seen.add(o));
      if (seen.size < 2) await new Promise((r) => setTimeout(r, 500));
    }
    expect(meanwhile).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect([...seen].sort()).toEqual([replacement, survivor].sort());
    expect(await productsStatus()).toBe(200);
    expect(output.match(/demo accounts:/g)).toHaveLength(1);
  }, 60_000);

  it('drains on SIGTERM: a request in flight is answered, no new connection is taken, the primary exits 0', async () => {
    const cookieAnswer = await fetch(`${base}/s/api/cookie`);
    const cookies = cookieAnswer.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const { data } = (await (await fetch(`${base}/s/api/products?perPage=1`)).json()) as { data: { slug: string }[] };
    const product = (await (await fetch(`${base}/s/api/products/${data[0]!.slug}`)).json()) as { packs: { pack_id: number; warehouse_id: number }[] };
    const pack = product.packs[0]!;
    const body = JSON.stringify({ pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, quantity: 2 });

    // The request is in flight: its head and half its body are sent before SIGTERM, the rest after.
    const socket = net.connect(port, '127.0.0.1');
    let answer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => (answer = Buffer.concat([answer, chunk])));
    const closed = new Promise((done) => socket.once('close', done));
    const head = [`POST /s/api/cart/add HTTP/1.1`, `host: 127.0.0.1:${port}`, `x-origin: ${base}`, `cookie: ${cookies.join('; ')}`, `x-xsrf-token: ${xsrf}`, 'content-type: application/json', `content-length: ${Buffer.byteLength(body)}`];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 500));

    const workers = workerPids();
    const exited = new Promise<number | null>((done) => primary.once('exit', (code) => done(code)));
    const stoppedAt = Date.now();
    primary.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    // A new connection (a kept-alive one may still bring a request for a moment: it is answered, then closed).
    const refused = await new Promise<boolean>((done) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.setTimeout(5000, () => (probe.destroy(), done(false)));
      probe.once('connect', () => (probe.destroy(), done(false)));
      probe.once('error', () => done(true));
    });
    socket.write(body.slice(10));
    // Answered, the connection falls idle and the worker closes it then, well before its 10 s deadline.
    const closedByServer = await Promise.race([closed.then(() => true), new Promise((r) => setTimeout(() => r(false), 7000))]);
    socket.destroy();
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 15_000))]);

    expect(workers).toHaveLength(2);
    expect(refused).toBe(true);
    expect(closedByServer).toBe(true);
    expect(answer.subarray(0, 12).toString()).toBe('HTTP/1.1 200');
    expect(JSON.parse(bodyOf(answer)).quantity).toBe(2);
    expect(code).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(13_000);
    expect(workers.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  }, 40_000);
});
