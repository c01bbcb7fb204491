import { logger, withoutRequest } from '../lib/log.mjs';
import { createApp, type Api } from './app';
import { inClusterWorker, preparationEnded, preparationTurn } from './cluster';
import { readConfig, type ServerConfig } from './config';
import { migrate, openDatabase } from './db';
import { DEMO_USERS, isEmpty, seedDemo } from './db/seed';
import { isDatabaseUnavailable } from './db/unavailable';
import type { Deps } from './env';
import { openRedisLink } from './redis';
import { expireUnpaidOrders } from './orders/lifecycle';
import { createRateLimiter } from './services/rate-limit';
import { sweepRefunds } from './orders/refunds';
import { deliverNotifications } from './services/notifier';
import { publishDuePages } from './services/page-builder';
import { loadSecret, purgeExpiredSessions } from './services/sessions';

const log = logger('storefront');

/**
 * Opens the database, brings its schema up to date, seeds the demo into an empty one, and loads the key. `say` prints
 * the demo accounts for the person who started the shop (the console; tests pass a function that drops them).
 */
export async function prepare(config: ServerConfig, say: (text: string) => void = console.log): Promise<Deps> {
  const db = await openDatabase(config.databaseUrl);
  try {
    // In a worker of several (WEB_CONCURRENCY), the primary gives one worker at a time the turn to migrate
    // and seed; the others skip both once it is done (src/server/cluster.ts).
    const turn = inClusterWorker() ? await preparationTurn() : 'mine';
    if (turn === 'mine') {
      try {
        await migrate(db);
        if (config.seedDemo) {
          // Demo accounts publish their phone numbers in the README: a production shop never gets them.
          const { seeded, products } = await seedDemo(db, { demoUsers: !config.production });
          if (seeded) log.info(`seeded the demo shop: ${products} products`);
          if (!config.production) say(demoAccounts());
        }
      } catch (error) {
        if (inClusterWorker()) preparationEnded(false);
        throw error;
      }
      if (inClusterWorker()) preparationEnded(true);
    }
    const secret = await loadSecret(db.kysely, config.sessionSecret);
    // Connects on first use: a shop whose Redis is away still starts (its limits fall back to the database).
    const redis = config.redisUrl ? openRedisLink(config.redisUrl) : null;
    return { db, config, secret, redis, limiter: createRateLimiter(config, db.kysely, redis) };
  } catch (error) {
    // A start that failed (database away) is retried later with a new pool: this one must not linger.
    await db.close().catch(() => {});
    throw error;
  }
}

/** Closes what `prepare` opened: the Redis connection, then the database. */
export async function closeDeps(deps: Deps): Promise<void> {
  await deps.redis?.close();
  await deps.db.close();
}

let api: Promise<Api> | undefined;
let prepared: Deps | undefined;

const HOUR = 3_600_000;

/** Expired sessions (and their guest carts) are removed at start and every hour; any instance may do it. */
function purgeSessionsHourly(deps: Deps) {
  const purge = () => purgeExpiredSessions(deps.db.kysely).catch((err) => log.error({ err }, 'session purge failed'));
  void purge();
  setInterval(purge, HOUR).unref();
}

/** Unpaid orders past their payment time fail and give their stock back; checked every minute, on any instance. */
function sweepUnpaidOrders(deps: Deps) {
  const sweep = () => expireUnpaidOrders(deps).catch((err) => log.error({ err }, 'unpaid order sweep failed'));
  setInterval(sweep, 60_000).unref();
}

/**
 * Refunds still pending (the provider did not answer, or the process stopped between a cancel and its call)
 * are sent again, with their idempotency keys, every minute, on any instance (each refund is taken by one).
 */
function sweepPendingRefunds(deps: Deps, app: Api) {
  const sweep = () => sweepRefunds(deps, app.payments.get).catch((err) => log.error({ err }, 'refund sweep failed'));
  setInterval(sweep, 60_000).unref();
}

/**
 * Messages to shoppers not sent yet (a channel was down, or the process stopped between a change and its send)
 * are sent again when due, every 30 seconds, on any instance (each message is taken by one: services/notifier.ts).
 */
function sweepNotifications(deps: Deps) {
  const sweep = () => deliverNotifications(deps).catch((err) => log.error({ err }, 'notification sweep failed'));
  setInterval(sweep, 30_000).unref();
}

/**
 * Pages scheduled to publish (docs/page-builder.md) are published when due, checked every 30 seconds, on any
 * instance (each page is claimed by one: services/page-builder.ts publishDuePages).
 */
function sweepScheduledPages(deps: Deps) {
  const sweep = () => publishDuePages(deps.db.kysely).catch((err) => log.error({ err }, 'scheduled page sweep failed'));
  setInterval(sweep, 30_000).unref();
}

/** The process's one API app, prepared on first use from the environment. */
export function embeddedApi(): Promise<Api> {
  // Outside the request that happens to come first: the start and its sweepers belong to no request (their log
  // lines carry no request_id; docs/operations.md#logs).
  api ??= withoutRequest(() =>
    prepare(readConfig()).then((deps) => {
      prepared = deps;
      purgeSessionsHourly(deps);
      sweepUnpaidOrders(deps);
      const app = createApp(deps);
      sweepPendingRefunds(deps, app);
      sweepNotifications(deps);
      sweepScheduledPages(deps);
      return app;
    }),
  );
  // A failed start (database down) is not cached: the next request tries again.
  api.catch(() => (api = undefined));
  return api;
}

/** What /readyz answers: ready, or why not (the reason a load balancer's log and `npm start` show). */
export type Readiness = { ready: true } | { ready: false; reason: 'database' | 'no-website' | 'not-started' | 'backend'; message: string };

/** The words of each reason; `npm start` prints them as /readyz answers them. */
const NOT_READY = {
  database: 'The database does not answer',
  'no-website': 'This shop has no website yet: make it, with the first administrator, by npm run admin -- create (see docs/operations.md)',
  'not-started': 'The shop could not start: see its log',
} as const;

const notReady = (reason: keyof typeof NOT_READY): Readiness => ({ ready: false, reason, message: NOT_READY[reason] });

/**
 * Ready when the embedded API has started, its database answers within `timeoutMs`, and the database holds a
 * website (without one every page and sign-in answers 503). One query answers both: the first website's id.
 */
export async function readiness(timeoutMs = 1000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Readiness>((resolve) => (timer = setTimeout(() => resolve(notReady('database')), timeoutMs)));
  const check = Promise.resolve().then(embeddedApi).then(
    () =>
      isEmpty(prepared!.db.kysely).then(
        (empty) => (empty ? notReady('no-website') : { ready: true as const }),
        () => notReady('database'),
      ),
    (error: unknown) => notReady(isDatabaseUnavailable(error) ? 'database' : 'not-started'),
  );
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The seeded people, as `npm start` prints them, and how to sign in as each. */
function demoAccounts(): string {
  const rows = DEMO_USERS.map((u) => `    ${u.role.padEnd(20)} ${u.name.padEnd(12)} phone ${u.phone}  email ${u.email}`);
  return [
    '[storefront] demo accounts: sign in at /auth/login with a phone or email below; the one-time code',
    '             is printed on this console ([otp] lines) and answered by /s/api/dev/outbox?to=<phone or email>',
    ...rows,
  ].join('\n');
}
