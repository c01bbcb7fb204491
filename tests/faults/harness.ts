// Parts of the fault tests: a TCP proxy that can cut or freeze the database's network, a throwaway
// PostgreSQL database, the built shop as a child process, a shopper with a session, and bounded load.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const root = resolve(import.meta.dirname, '../..');
export const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const SHOP_PORT = Number(process.env.FAULTS_PORT ?? 4413);
const PROXY_PORT = Number(process.env.FAULTS_PROXY_PORT ?? 15432);

/** A TCP proxy in front of PostgreSQL: `cut` resets every connection and refuses new ones; `freeze` forwards nothing. */
export class DbProxy {
  readonly port = PROXY_PORT;
  private server: Server | undefined;
  private pairs = new Set<[Socket, Socket]>();
  private frozen = false;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Accepts connections (again) and forwards everything, including what was held while frozen. */
  async open(): Promise<void> {
    this.frozen = false;
    for (const [a, b] of this.pairs) {
      a.resume();
      b.resume();
    }
    if (this.server) return;
    const server = createServer((client) => this.pipe(client));
    await new Promise<void>((ready, fail) => server.once('error', fail).listen(this.port, '127.0.0.1', () => ready()));
    this.server = server;
  }

  private pipe(client: Socket) {
    const upstream = connect(this.target.port, this.target.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.frozen) {
      client.pause();
      upstream.pause();
    }
  }

  /** Resets every connection and refuses new ones until `open`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const [a, b] of this.pairs) {
      a.resetAndDestroy();
      b.destroy();
    }
    this.pairs.clear();
    if (server) await new Promise((done) => server.close(done));
  }

  /** Keeps every connection (and accepts new ones) but forwards nothing until `open`. */
  freeze(): void {
    this.frozen = true;
    for (const [a, b] of this.pairs) {
      a.pause();
      b.pause();
    }
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

/** A database of its own on the test server, dropped by `drop`. */
export async function throwawayDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    /** The same database reached through the proxy on `port`. */
    via: (port: number) => Object.assign(new URL(url.href), { host: `127.0.0.1:${port}` }).href,
    target: { host: url.hostname, port: Number(url.port || 5432) },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The built shop (scripts/start.mjs) as a child process on loopback; `output` collects what it printed. */
export class Shop {
  readonly base: string;
  output = '';
  private child: ChildProcess | undefined;
  private readonly port: number;
  private readonly env: Record<string, string>;

  /** `port` and `env` (added to the process's own) for the scale test's two instances; the fault tests use neither. */
  constructor(
    private readonly databaseUrl: string,
    options: { port?: number; env?: Record<string, string> } = {},
  ) {
    this.port = options.port ?? SHOP_PORT;
    this.env = options.env ?? {};
    this.base = `http://127.0.0.1:${this.port}`;
  }

  /** Starts the shop and waits until it says it serves, ready or not (it builds first if the build is stale). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATABASE_URL: this.databaseUrl, NODE_ENV: '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`the shop did not start within 120 s:\n${this.output}`)), 120_000);
      const check = () => {
        // 'ready', or 'serving …, not ready yet' when it started without its database (it says why above).
        if (/Storefront (ready|serving) at/.test(this.output)) {
          clearTimeout(timer);
          ready();
        } else if (child.exitCode === null) setTimeout(check, 100);
      };
      check();
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the shop exited (${code}) before it was ready:\n${this.output}`));
      });
    });
  }

  /** True while the process runs. */
  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process with SIGKILL (no cleanup at all) and waits for it to be gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await gone;
  }

  /** Sends SIGTERM and answers the exit code once the process has ended (null when `limitMs` passed first). */
  async terminate(limitMs = 15_000): Promise<number | null> {
    const child = this.child;
    if (!child || !this.alive) return child?.exitCode ?? null;
    const gone = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    return Promise.race([gone, new Promise<null>((done) => setTimeout(() => done(null), limitMs))]);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((done) => setTimeout(done, 5000))]);
    if (this.alive) await this.kill9();
  }

  /** A GET with a 10 s bound; answers the status, body, headers and how long it took. */
  async get(path: string, headers: Record<string, string> = {}) {
    const started = Date.now();
    const response = await fetch(this.base + path, { headers, signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    const body = await response.text();
    return { status: response.status, body, headers: response.headers, ms: Date.now() - started };
  }
}

/** A shopper with a session of their own: cookie and anti-forgery token, as a browser holds them. */
export async function shopper(base: string) {
  const answer = await fetch(`${base}/s/api/cookie`, { signal: AbortSignal.timeout(10_000) });
  const pairs = answer.headers.getSetCookie().map((line) => line.split(';')[0]!);
  const xsrf = decodeURIComponent(pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '');
  const cookie = pairs.join('; ');
  const post = (path: string, body: unknown) =>
    fetch(`${base}/s/api${path}`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  return {
    cookie,
    add: (pack: { pack_id: number; warehouse_id: number }, quantity?: number) => post('/cart/add', { ...pack, quantity }),
    remove: (packId: number) => post('/cart/remove', { pack_id: packId }),
    cart: () => fetch(`${base}/s/api/cart`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) }),
  };
}

/** Packs of the first `count` products, to put in carts. */
export async function somePacks(base: string, count: number) {
  const { data } = await (await fetch(`${base}/s/api/products?perPage=${count}`)).json();
  const products = await Promise.all(data.map(async (p: { slug: string }) => (await fetch(`${base}/s/api/products/${p.slug}`)).json()));
  return products.map((p: { packs: { pack_id: number; warehouse_id: number }[] }) => ({ pack_id: p.packs[0]!.pack_id, warehouse_id: p.packs[0]!.warehouse_id }));
}

/** Keeps `workers` requests in flight against a few pages and calls until `stop`; every request is bounded. */
export function backgroundLoad(base: string, workers = 8) {
  let running = true;
  const paths = ['/products', '/s/api/products?perPage=24', '/s/api/init', '/about'];
  const loops = Array.from({ length: workers }, async (_, i) => {
    for (let n = 0; running && n < 10_000; n++) {
      await fetch(base + paths[(i + n) % paths.length], { signal: AbortSignal.timeout(10_000) })
        .then((r) => r.arrayBuffer())
        .catch(() => {});
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

/** Polls `check` every 100 ms until it holds; answers the milliseconds it took, or throws after `limitMs`. */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`did not hold within ${limitMs} ms`);
}
