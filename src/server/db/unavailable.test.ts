import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../http/errors';

/** The API's answer when a handler throws `error`. */
async function answerTo(error: unknown) {
  const app = new Hono();
  app.onError(errorAnswer);
  app.get('/x', () => {
    throw error;
  });
  const response = await app.request('/x');
  return { status: response.status, body: await response.json() };
}

/** The error node-postgres gives for a query against `port` (refused, or cut mid-query by a server that accepts and closes). */
async function pgError(port: number, timeoutMs?: number): Promise<unknown> {
  const client = new pg.Client({ connectionString: `postgres://x@127.0.0.1:${port}/x`, connectionTimeoutMillis: 2000, query_timeout: timeoutMs });
  client.on('error', () => {});
  return client.connect().then(
    () => client.query('select 1').then(() => new Error('answered')),
    (error: unknown) => error,
  );
}

const listen = (onSocket: (socket: import('node:net').Socket) => void) =>
  new Promise<Server>((resolve) => {
    const server = createServer(onSocket).listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;

const dir = mkdtempSync(join(tmpdir(), 'db-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an error that means the database is away', () => {
  it('answers 503 JSON when PostgreSQL refuses the connection', async () => {
    const closed = await listen(() => {});
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const answer = await answerTo(await pgError(port));
    expect(answer).toEqual({ status: 503, body: { message: expect.stringMatching(/not available/) } });
  });

  it('answers 503 JSON when the connection is cut', async () => {
    const cutter = await listen((socket) => socket.destroy());
    const answer = await answerTo(await pgError(portOf(cutter)));
    cutter.close();
    expect(answer.status).toBe(503);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it('answers 503 JSON when the connection never answers', async () => {
    const frozen = await listen(() => {});
    const answer = await answerTo(await pgError(portOf(frozen)));
    frozen.close();
    expect(answer.status).toBe(503);
  });

  it('answers 503 JSON when SQLite stays busy past its timeout', async () => {
    const file = join(dir, 'busy.sqlite');
    const holder = new DatabaseSync(file);
    holder.exec('create table t (x); begin immediate; insert into t values (1);');
    const other = new DatabaseSync(file);
    other.exec('PRAGMA busy_timeout = 10');
    let busy: unknown;
    try {
      other.exec('insert into t values (2)');
    } catch (error) {
      busy = error;
    }
    holder.exec('rollback');
    holder.close();
    other.close();
    expect((await answerTo(busy)).status).toBe(503);
  });

  it('keeps 500 for every other failure, with its detail hidden', async () => {
    for (const error of [new Error('boom'), new TypeError("Cannot read properties of undefined (reading 'x')"), Object.assign(new Error('duplicate key'), { code: '23505' })]) {
      const answer = await answerTo(error);
      expect(answer).toEqual({ status: 500, body: { message: 'Something went wrong' } });
    }
  });
});
