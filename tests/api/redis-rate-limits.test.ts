/**
 * Rate-limit counters in Redis (REDIS_URL). The suites that need a Redis server run when TEST_REDIS_URL is set
 * (`.ci/run` sets it when Redis answers on 127.0.0.1:6379; tests/global-setup.ts says which); the fall-back
 * to the database when Redis does not answer runs always, against a closed and a silent loopback port.
 */
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { closeDeps, prepare } from '../../src/server/boot';
import { ConfigError, readConfig } from '../../src/server/config';
import { openRedisLink, type RedisLink } from '../../src/server/redis';
import { databaseLimiter, hitLimit, redisLimiter, type RateLimiter } from '../../src/server/services/rate-limit';
import { codesSentTo, from, openTestShop, pgUrl, Visitor, type Backend, type TestShop } from './shop';

const redisUrl = process.env.TEST_REDIS_URL;
const HOUR = 3_600_000;
let runs = 0;
/** Keys of one test run, apart from every other run and shop on the same Redis. */
const freshPrefix = () => `test:${process.pid}-${Date.now().toString(36)}-${++runs}:`;

/** A store that must not be reached: the Redis suites prove Redis counted, not the fall-back. */
const noFallback: RateLimiter = {
  hit: () => Promise.reject(new Error('the database fall-back was used, but Redis should have answered')),
};

/** Removes the keys a test run wrote (the API suites' windows are an hour long). */
async function dropKeys(link: RedisLink, prefix: string) {
  await link.run(async (client) => {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) if (keys.length) await client.del(keys);
  });
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A loopback server that accepts connections and never answers (a frozen Redis). */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

describe('REDIS_URL setting', () => {
  it('is off unless set, and takes redis:// and rediss:// URLs', () => {
    expect(readConfig({}).redisUrl).toBeUndefined();
    expect(readConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(readConfig({ REDIS_URL: 'rediss://user:pw@cache.example.com:6380/2' }).redisUrl).toBe('rediss://user:pw@cache.example.com:6380/2');
    expect(readConfig({}).redisKeyPrefix).toBe('storefront:');
    expect(readConfig({ REDIS_KEY_PREFIX: 'shop2:' }).redisKeyPrefix).toBe('shop2:');
  });

  it('refuses anything else with a clear error that does not repeat the URL (it may hold a password)', () => {
    for (const bad of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://', 'postgres://u:hunter2@db/shop', 'redis//x']) {
      expect(() => readConfig({ REDIS_URL: bad })).toThrow(ConfigError);
    }
    expect(() => readConfig({ REDIS_URL: 'http://user:hunter2@127.0.0.1' })).toThrow(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    let message = '';
    try {
      readConfig({ REDIS_URL: 'http://user:hunter2@127.0.0.1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('hunter2');
  });

  it('leaves the database as the store when unset: no Redis connection, counts in rate_limits', async () => {
    const { shop, cleanup } = await openTestShop('sqlite');
    try {
      expect(shop.deps.redis).toBeNull();
      expect(await shop.deps.limiter.hit('probe:db', 1, HOUR)).toBeNull();
      const row = await shop.deps.db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', 'probe:db').executeTakeFirst();
      expect(row?.hits).toBe(1);
    } finally {
      await cleanup();
    }
  });
});

describe('when Redis does not answer, each hit is counted in the database (said once a minute)', () => {
  let shop: TestShop;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ shop, cleanup } = await openTestShop('sqlite'));
  });
  afterAll(() => cleanup());

  it('counts in the database when nothing listens on the Redis port, without waiting for a timeout', async () => {
    const link = openRedisLink(`redis://127.0.0.1:${await closedPort()}`);
    const lines: string[] = [];
    const limiter = redisLimiter(link, databaseLimiter(shop.deps.db.kysely), { prefix: freshPrefix(), log: (line) => lines.push(line) });
    try {
      const answers: (number | null)[] = [];
      const started = Date.now();
      for (let i = 0; i < 5; i++) answers.push(await limiter.hit('refused:9876500002', 3, HOUR));
      expect(answers.slice(0, 3)).toEqual([null, null, null]);
      expect(answers[3]).toBeGreaterThan(3590);
      expect(answers[4]).toBeLessThanOrEqual(3600);
      // Five hits within (about) one connection timeout: a refused connection is not waited on hit after hit.
      expect(Date.now() - started).toBeLessThan(2500);
      const row = await shop.deps.db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', 'refused:9876500002').executeTakeFirstOrThrow();
      expect(row.hits).toBe(5);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/Redis did not count a rate-limit hit .*counting in the database until it answers/);
    } finally {
      await link.close();
    }
  });

  it('gives up on a Redis that accepts the connection but never answers, after the timeout', async () => {
    const silent = await silentServer();
    const link = openRedisLink(silent.url, { timeoutMs: 300 });
    const lines: string[] = [];
    const limiter = redisLimiter(link, databaseLimiter(shop.deps.db.kysely), { prefix: freshPrefix(), log: (line) => lines.push(line) });
    try {
      const started = Date.now();
      const answers = await Promise.all([1, 2, 3].map(() => limiter.hit('silent:client', 2, HOUR)));
      const took = Date.now() - started;
      expect(answers.filter((a) => a === null)).toHaveLength(2);
      expect(answers.filter((a) => a !== null)).toHaveLength(1);
      expect(took).toBeGreaterThanOrEqual(290);
      expect(took).toBeLessThan(1500);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('did not answer within 300 ms');
      // Three calls in a row unanswered: the connection is dropped, and the next hits do not wait for Redis.
      const next = Date.now();
      expect(await limiter.hit('silent:client', 2, HOUR)).toBeGreaterThan(3590);
      expect(Date.now() - next).toBeLessThan(200);
      expect(lines).toHaveLength(1);
    } finally {
      await link.close();
      await silent.close();
    }
  });

  it('keeps the sign-in code limit through the API with REDIS_URL on a closed port', async () => {
    const port = await closedPort();
    const { shop: down, cleanup: close } = await openTestShop('sqlite', { redisUrl: `redis://127.0.0.1:${port}`, redisKeyPrefix: freshPrefix() });
    try {
      const phone = '9876500002';
      const visitors = await Promise.all(Array.from({ length: 8 }, () => down.visitor().start()));
      const statuses = [];
      for (const [i, v] of visitors.entries()) statuses.push((await v.post('/auth/login', { identifier: phone }, from(`10.60.0.${i}`))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(await codesSentTo(down, phone)).toBe(5);
    } finally {
      await close();
    }
  });
});


describe.skipIf(!redisUrl)('rate-limit counters in Redis', () => {
  let link: RedisLink;
  let other: RedisLink;
  const prefix = freshPrefix();
  beforeAll(() => {
    link = openRedisLink(redisUrl!);
    other = openRedisLink(redisUrl!);
  });
  afterAll(async () => {
    await dropKeys(link, prefix);
    await link.close();
    await other.close();
  });
  const limiter = () => redisLimiter(link, noFallback, { prefix });

  it('allows exactly N of 30 parallel hits on one key, and counts all 30 in one key with the window as its expiry', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => limiter().hit('parallel', 5, HOUR)));
    expect(answers.filter((a) => a === null)).toHaveLength(5);
    const refused = answers.filter((a) => a !== null);
    expect(refused).toHaveLength(25);
    expect(Math.min(...(refused as number[]))).toBeGreaterThanOrEqual(3590);
    expect(Math.max(...(refused as number[]))).toBeLessThanOrEqual(3600);
    const [hits, left] = await link.run((client) => Promise.all([client.get(`${prefix}parallel`), client.pTTL(`${prefix}parallel`)]));
    expect(hits).toBe('30');
    expect(left).toBeGreaterThan(HOUR - 60_000);
    expect(left).toBeLessThanOrEqual(HOUR);
  });

  it('answers the whole seconds until the window ends, like the database counter', async () => {
    const { shop, cleanup } = await openTestShop('sqlite');
    try {
      const redis: (number | null)[] = [];
      const database: (number | null)[] = [];
      for (let i = 0; i < 3; i++) {
        redis.push(await limiter().hit('wait', 2, 90_000));
        database.push(await hitLimit(shop.deps.db.kysely, 'wait', 2, 90_000));
      }
      expect(redis).toEqual([null, null, 90]);
      expect(database).toEqual(redis);
      // Never less than a second, however little of the window is left.
      expect(await limiter().hit('short', 0, 40)).toBe(1);
    } finally {
      await cleanup();
    }
  });

  it('opens a new window when the old one expires, and later hits do not move its end', async () => {
    const windowMs = 1000;
    const pttl = () => link.run((client) => client.pTTL(`${prefix}expiry`));
    expect(await limiter().hit('expiry', 2, windowMs)).toBeNull();
    await new Promise((r) => setTimeout(r, 500));
    expect(await limiter().hit('expiry', 2, windowMs)).toBeNull();
    expect(await limiter().hit('expiry', 2, windowMs)).toBe(1);
    // The window still ends 1 s after its first hit (a window restarted by each hit would have ~1000 ms left).
    const left = await pttl();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(600);
    // Wait out the window (bounded): the counter is gone and the next hit is the first of a new window.
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && (await pttl()) > 0) await new Promise((r) => setTimeout(r, 50));
    expect(await pttl()).toBe(-2);
    expect(await limiter().hit('expiry', 2, windowMs)).toBeNull();
    expect(await link.run((client) => client.get(`${prefix}expiry`))).toBe('1');
  });

  it('shares one counter between two instances (two connections)', async () => {
    const a = limiter();
    const b = redisLimiter(other, noFallback, { prefix });
    const [idA, idB] = await Promise.all([link.run((client) => client.clientId()), other.run((client) => client.clientId())]);
    expect(idA).not.toBe(idB);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('shared', 5, HOUR)));
    expect(answers.filter((x) => x === null)).toHaveLength(5);
    // Another prefix is another shop: its counter is its own.
    expect(await redisLimiter(other, noFallback, { prefix: `${prefix}other:` }).hit('shared', 5, HOUR)).toBeNull();
  });

  it('with Redis cut off from some instances: at most twice the limit per window, never more, however many are cut off', async () => {
    const { shop, cleanup } = await openTestShop('sqlite');
    const cut = [openRedisLink(`redis://127.0.0.1:${await closedPort()}`), openRedisLink(`redis://127.0.0.1:${await closedPort()}`)];
    try {
      const database = databaseLimiter(shop.deps.db.kysely);
      const quiet = { prefix, log: () => {} };
      // One instance reaches Redis; two others cannot (each counts in the one database instead).
      const reaching = redisLimiter(link, database, quiet);
      const [cutA, cutB] = cut.map((dead) => redisLimiter(dead, database, quiet));
      const instances = [reaching, cutA!, cutB!];
      const answers = [];
      for (let i = 0; i < 45; i++) answers.push(await instances[i % 3]!.hit('cut-off', 5, HOUR));
      const allowed = answers.filter((a) => a === null).length;
      // Up to 5 counted in Redis by the instance that reaches it, and up to 5 in the database by the two that do
      // not, whichever comes first: never more than 2 × 5. (A hit Redis is too slow to answer within its timeout
      // on a loaded machine is counted in the database too, which only lowers what is allowed.)
      expect(allowed).toBeLessThanOrEqual(10);
      expect(allowed).toBeGreaterThan(5);
      expect(Number(await link.run((client) => client.get(`${prefix}cut-off`)))).toBeLessThanOrEqual(15);
      const row = await shop.deps.db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', 'cut-off').executeTakeFirstOrThrow();
      expect(row.hits).toBeGreaterThanOrEqual(30);
    } finally {
      for (const dead of cut) await dead.close();
      await cleanup();
    }
  });

  it('reloads its script after Redis forgets it (SCRIPT FLUSH, as after a restart)', async () => {
    expect(await limiter().hit('flushed', 5, HOUR)).toBeNull();
    await link.run((client) => client.scriptFlush());
    expect(await limiter().hit('flushed', 5, HOUR)).toBeNull();
    expect(await link.run((client) => client.get(`${prefix}flushed`))).toBe('2');
  });
});

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  describe.skipIf(!redisUrl || (backend === 'postgres' && !pgUrl))(`sign-in codes counted in Redis through the API [${backend}]`, () => {
    let shop: TestShop;
    let second: Awaited<ReturnType<typeof prepare>>;
    let cleanup: () => Promise<void>;
    const prefix = freshPrefix();
    beforeAll(async () => {
      ({ shop, cleanup } = await openTestShop(backend, { redisUrl, redisKeyPrefix: prefix }));
      // A second instance of the shop on the same database and Redis, with its own Redis connection.
      second = await prepare({ ...shop.deps.config }, () => {});
    });
    afterAll(async () => {
      await dropKeys(shop.deps.redis!, prefix);
      await closeDeps(second);
      await cleanup();
    });

    it('sends at most otpPerAddressPerHour codes to one phone for 30 parallel requests spread over two instances', async () => {
      const apps = [shop.app, createApp(second)];
      const phone = '9876500002';
      const visitors = await Promise.all(Array.from({ length: 30 }, (_, i) => new Visitor(apps[i % 2]!, 'localhost').start()));
      const statuses = (await Promise.all(visitors.map((v, i) => v.post('/auth/login', { identifier: phone }, from(`10.61.0.${i}`))))).map((r) => r.status);
      expect(shop.deps.config.otpPerAddressPerHour).toBe(5);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
      expect(await codesSentTo(shop, phone)).toBe(5);
      // Counted in Redis (30 requests for the phone, one per client address), not in the database.
      expect(await shop.deps.redis!.run((client) => client.get(`${prefix}rl:otp-to:${phone}`))).toBe('30');
      expect(await shop.deps.redis!.run((client) => client.get(`${prefix}rl:otp-ip:10.61.0.7`))).toBe('1');
      expect(await shop.deps.db.kysely.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    });
  });
}
