import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { PoolClient } from 'pg';
import { logger, withoutRequest } from '../../lib/log.mjs';
import { DatabaseUnavailableError, isConnectionLost, isDatabaseUnavailable } from './unavailable';

/** Bounds on every PostgreSQL call, from the environment (docs/configuration.md). */
export interface PostgresLimits {
  poolSize: number;
  /** Opening a connection, and waiting for a free one in a full pool. */
  connectTimeoutMs: number;
  /** Server side: PostgreSQL cancels a statement running longer. */
  statementTimeoutMs: number;
  /** Client side: a query whose answer never arrives (frozen network) fails after this long. */
  queryTimeoutMs: number;
  /** After a connection failed, calls fail at once for this long instead of each waiting its timeout. */
  retryAfterMs: number;
}

const setting = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Reads the limits; the defaults let a page fail within 5 s when the database is away. */
function postgresLimits(env: Record<string, string | undefined> = process.env): PostgresLimits {
  const statementTimeoutMs = setting(env.DATABASE_STATEMENT_TIMEOUT_MS, 3000);
  return {
    poolSize: setting(env.DATABASE_POOL_SIZE, 10),
    connectTimeoutMs: setting(env.DATABASE_CONNECT_TIMEOUT_MS, 2000),
    statementTimeoutMs,
    queryTimeoutMs: setting(env.DATABASE_QUERY_TIMEOUT_MS, statementTimeoutMs + 500),
    retryAfterMs: setting(env.DATABASE_RETRY_AFTER_MS, 1000),
  };
}

/**
 * A pg pool whose every call is bounded and whose failures never end the process: each connection has an
 * 'error' listener for its whole life (pg-pool listens only while a connection is idle, so a reset during a
 * query would otherwise be an unhandled 'error' event), and a connection that failed or timed out is
 * destroyed rather than handed out again (a timed-out query may still occupy it). Once a connection failed,
 * calls fail at once for `retryAfterMs`, then the next call tries the database again: a page fails in one
 * timeout rather than one per query, and the shop recovers within that pause of the database returning.
 */
export async function openPostgresPool(url: string, limits: PostgresLimits = postgresLimits()): Promise<PostgresPool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection outlives the request that opened it: its failure is logged as part of none.
  const warn = (error: Error) => withoutRequest(() => logger('db').error(`a PostgreSQL connection failed: ${error.message}`));
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  let retryAt = 0;
  const noteFailure = (error: unknown) => {
    if (isConnectionLost(error)) retryAt = Date.now() + limits.retryAfterMs;
  };
  return {
    options: pool.options,
    end: () => pool.end(),
    connect: async () => {
      if (Date.now() < retryAt) throw new DatabaseUnavailableError();
      const client = await pool.connect().catch((error: unknown) => {
        noteFailure(error);
        throw error;
      });
      return discardingWhenBroken(client, noteFailure);
    },
  };
}

/** The client as Kysely sees it; released with `destroy` once a query on it failed for want of the database. */
function discardingWhenBroken(client: PoolClient, noteFailure: (error: unknown) => void): PostgresPoolClient {
  let broken = false;
  const query = ((...args: Parameters<PoolClient['query']>) => {
    const answer = (client.query as (...a: unknown[]) => unknown)(...args);
    if (answer instanceof Promise) {
      answer.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) broken = true;
        noteFailure(error);
      });
    }
    return answer;
  }) as PostgresPoolClient['query'];
  return { query, release: () => client.release(broken || undefined) };
}
