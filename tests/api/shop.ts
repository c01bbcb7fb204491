/**
 * A real shop for API tests: a fresh database (SQLite file, or a new PostgreSQL database), migrated and seeded
 * with the demo, and the Hono app over it. `visitor()` gives a cookie-keeping client, like one browser.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createApp, type Api } from '../../src/server/app';
import { readConfig, type ServerConfig } from '../../src/server/config';
import { closeDeps, prepare } from '../../src/server/boot';
import { migrate, openDatabase } from '../../src/server/db';
import { seedDemo } from '../../src/server/db/seed';
import type { Deps } from '../../src/server/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's migrated, demo-seeded databases to copy are made (tests/global-setup.ts); absent under the fault and scale configs. */
    seededTemplates?: SeededTemplates;
  }
}

/** Where the run's seeded templates are made, once, by the first test file that needs each (seededTemplate). */
interface SeededTemplates {
  folder: string;
  /** The PostgreSQL template database's name (made only with TEST_DATABASE_URL). */
  postgres: string;
}

export type Backend = 'sqlite' | 'postgres';
export const pgUrl = process.env.TEST_DATABASE_URL;

export interface TestShop {
  app: Api;
  deps: Deps;
  backend: Backend;
  /** A new visitor with its own cookie jar, on a host (default localhost). */
  visitor(host?: string): Visitor;
}

/** Runs `suite` once per backend: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (else skipped, and said once). */
export function describeApi(name: string, suite: (shop: () => TestShop) => void) {
  for (const backend of ['sqlite', 'postgres'] as const) {
    describe.skipIf(backend === 'postgres' && !pgUrl)(`${name} [${backend}]`, () => {
      let shop: TestShop | undefined;
      let cleanup: () => Promise<void> = async () => {};
      beforeAll(async () => {
        ({ shop, cleanup } = await openTestShop(backend));
      });
      afterAll(() => cleanup());
      suite(() => shop!);
    });
  }
}

/**
 * A fresh shop on one backend; `settings` change the configuration (for example production mode). Its database
 * is a copy of the run's seeded template when the settings seed the demo as a test shop does (demo accounts,
 * not production): `prepare` then finds the schema current and the shop seeded, and adds only its own session
 * secret. Migrating and seeding each shop anew took 2–5 s per suite and backend; a copy takes a fraction of
 * that. Any other settings start from an empty database, migrated and seeded by `prepare` as before.
 */
export async function openTestShop(backend: Backend, settings: Partial<ServerConfig> = {}): Promise<{ shop: TestShop; cleanup: () => Promise<void> }> {
  const config = { ...readConfig({}), ...settings };
  const run = config.seedDemo && !config.production ? providedTemplates() : undefined;
  const { url, drop } = run ? await databaseFrom(backend, await seededTemplate(backend, run)) : await emptyDatabase(backend);
  const deps = await prepare({ ...config, databaseUrl: url }, () => {});
  const app = createApp(deps);
  const shop: TestShop = { app, deps, backend, visitor: (host = 'localhost') => new Visitor(app, host) };
  return {
    shop,
    cleanup: async () => {
      await closeDeps(deps);
      await drop();
    },
  };
}

/** A new, empty database on one backend (a SQLite file, or a new PostgreSQL database) and how to drop it. */
export async function emptyDatabase(backend: Backend): Promise<{ url: string; drop: () => Promise<void> }> {
  return backend === 'sqlite' ? sqliteFile() : pgDatabase();
}

function sqliteFile(template?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const file = join(dir, 'shop.sqlite');
  if (template) copyFileSync(template, file);
  return { url: `file:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function pgDatabase(template?: string) {
  const { default: pg } = await import('pg');
  const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query('select pid, state, query from pg_stat_activity where datname = $1', [name]);
      if (rows.length) console.warn(`[tests] ${rows.length} connection(s) to ${name} still open at the end of the suite`);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A new database on one backend copied from a seeded template (a file copy; PostgreSQL's CREATE DATABASE … TEMPLATE). */
function databaseFrom(backend: Backend, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return backend === 'sqlite' ? Promise.resolve(sqliteFile(template)) : pgDatabase(template);
}

function providedTemplates(): SeededTemplates | undefined {
  try {
    return inject('seededTemplates');
  } catch {
    return undefined; // not under the main Vitest config (the fault and scale configs have no global setup)
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The run's seeded template of one backend, made by the first test file that asks (a run of unit tests alone
 * makes none): a lock directory in the run's folder says who makes it (mkdir is atomic across the workers), a
 * `.ready` file that it is made, a `.failed` file why it could not be (then every file fails with that reason).
 * A SQLite file, or a PostgreSQL database of the run's own, migrated and seeded with the demo as `prepare` seeds
 * a test shop (demo accounts, today's clock), then closed so that copies may be taken.
 */
async function seededTemplate(backend: Backend, run: SeededTemplates): Promise<string> {
  const name = backend === 'sqlite' ? join(run.folder, 'template.sqlite') : run.postgres;
  const ready = join(run.folder, `${backend}.ready`);
  const failed = join(run.folder, `${backend}.failed`);
  if (!existsSync(ready)) {
    let mine = false;
    try {
      mkdirSync(join(run.folder, `${backend}.lock`));
      mine = true;
    } catch {
      // another file is making it
    }
    if (mine) {
      try {
        if (backend === 'postgres') await pgCreate(`create database ${name}`);
        const db = await openDatabase(backend === 'sqlite' ? `file:${name}` : pgUrlOf(name));
        try {
          await migrate(db);
          await seedDemo(db, { demoUsers: true });
          if (db.dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
        } finally {
          await db.close();
        }
        writeFileSync(ready, '');
      } catch (error) {
        writeFileSync(failed, String(error));
        throw error;
      }
    }
    for (const deadline = Date.now() + 180_000; !existsSync(ready); await pause(100)) {
      if (existsSync(failed)) throw new Error(`the seeded ${backend} template could not be made: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`the seeded ${backend} template was not made within 180 s`);
    }
  }
  return name;
}

function pgUrlOf(name: string): string {
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pgCreate(statement: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The run's templates' places (tests/global-setup.ts): a folder of its own and the name of its PostgreSQL template. */
export function seededTemplatePlaces(): { templates: SeededTemplates; drop: () => Promise<void> } {
  const folder = mkdtempSync(join(tmpdir(), 'storefront-templates-'));
  const postgres = `storefront_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    templates: { folder, postgres },
    drop: async () => {
      rmSync(folder, { recursive: true, force: true });
      if (pgUrl) await pgCreate(`drop database if exists ${postgres} with (force)`);
    },
  };
}

/** One browser's worth of cookies against the API, addressed to a host as the browser would. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: Api,
    readonly host: string,
  ) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  /**
   * Sends a call as the storefront's client does: with the page origin (`X-Origin`) and the session's
   * anti-forgery token; `pageOrigin: false` or `xsrf: false` leaves them out, a string sends that instead.
   */
  async request(path: string, init: RequestInit & { xsrf?: string | false; pageOrigin?: string | false } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const token = init.xsrf === undefined ? this.xsrf : init.xsrf;
    if (token) headers.set('X-XSRF-TOKEN', token);
    const pageOrigin = init.pageOrigin === undefined ? `http://${this.host}` : init.pageOrigin;
    if (pageOrigin && !headers.has('X-Origin')) headers.set('X-Origin', pageOrigin);
    const response = await this.app.fetch(new Request(`http://${this.host}/s/api${path}`, { ...init, headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return response;
  }

  get = (path: string) => this.request(path);

  post(path: string, body: unknown, init: RequestInit & { xsrf?: string | false; pageOrigin?: string | false } = {}) {
    return this.request(path, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...Object.fromEntries(new Headers(init.headers)) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** Fetches the anti-forgery cookie, as the storefront does before its first non-GET call. */
  async start(): Promise<this> {
    await this.get('/cookie');
    return this;
  }
}

/** A visitor signed in by one-time code as the account with this phone (on a host, default localhost). */
export async function signedIn(shop: TestShop, phone: string, host = 'localhost'): Promise<Visitor> {
  const v = await shop.visitor(host).start();
  const client = { headers: { 'x-client-ip': `10.1.${phone.slice(-4, -2)}.${phone.slice(-2)}` } };
  await v.post('/auth/login', { identifier: phone }, client);
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${phone}`)).json();
  await v.post('/auth/verify', { code: /\b(\d{6})\b/.exec(messages[0].text)![1] }, client);
  return v;
}

let shoppers = 0;
/** A new account, signed in: a shopper with no history (no addresses, no orders). */
export async function newShopper(shop: TestShop, host = 'localhost'): Promise<Visitor & { userId: number }> {
  shoppers += 1;
  const phone = `7${String(process.pid % 1000).padStart(3, '0')}${String(shoppers).padStart(6, '0')}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Shopper ${shoppers}`, email: `shopper${shoppers}.${phone}@example.com`, phone, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Object.assign(await signedIn(shop, phone, host), { userId: id });
}

/** A delivery address in Bengaluru, as the address form sends it. */
export const HOME = { name: 'Asha Verma', phone: '9876500001', pincode: '560001', line1: '12, MG Road', line2: 'Flat 4B', landmark: 'Near the metro', city: 'Bengaluru', state: 'Karnataka', type: 'home' };

/** Codes actually sent to an address: the demo sender keeps every message it sends in the outbox. */
export async function codesSentTo(shop: TestShop, to: string): Promise<number> {
  const row = await shop.deps.db.kysely
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('recipient', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A call's options as if it came from this client address (the page server sets x-client-ip). */
export const from = (address: string) => ({ headers: { 'x-client-ip': address } });
