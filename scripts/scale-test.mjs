// `npm run test:scale`: two instances of the built shop on one PostgreSQL and one Redis, on loopback
// (tests/scale/two-instances.scale.ts). Needs PostgreSQL (TEST_DATABASE_URL, default
// postgres://<user>@127.0.0.1:5432/test, in which it creates and then drops a database of its own) and Redis
// (REDIS_URL, default redis://127.0.0.1:6379). When either does not answer it says so and exits 0; otherwise it
// builds if needed and exits with the tests' own code.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildIfStale } from './build.mjs';

const root = resolve(import.meta.dirname, '..');
const databaseUrl = process.env.TEST_DATABASE_URL || `postgres://${userInfo().username}@127.0.0.1:5432/test`;
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PROBE_MS = 3000;

/** True when PostgreSQL accepts a connection within the probe time. */
async function postgresAnswers() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: PROBE_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** True when Redis answers PING with PONG within the probe time (RESP, no client library needed). */
function redisAnswers() {
  const url = new URL(redisUrl);
  return new Promise((done) => {
    const socket = connect({ host: url.hostname || '127.0.0.1', port: Number(url.port || 6379) });
    let answer = '';
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(PROBE_MS, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => {
      const password = decodeURIComponent(url.password);
      const auth = password ? `AUTH ${url.username ? `${decodeURIComponent(url.username)} ` : ''}${password}\r\n` : '';
      socket.write(`${auth}PING\r\n`);
    });
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('+PONG')) finish(true);
      else if (answer.startsWith('-') || answer.includes('\r\n-')) finish(false);
    });
  });
}

const [postgres, redis] = await Promise.all([postgresAnswers(), redisAnswers()]);
if (!postgres || !redis) {
  const missing = [!postgres && `PostgreSQL (${new URL(databaseUrl).host})`, !redis && `Redis (${new URL(redisUrl).host})`].filter(Boolean).join(' and ');
  console.log(`[scale] skipped: PostgreSQL/Redis not answering: ${missing} did not answer within ${PROBE_MS / 1000} s`);
  process.exit(0);
}

buildIfStale();
const result = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--config', 'vitest.scale.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
