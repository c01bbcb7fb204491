/** Thrown without trying while the database is known to be away (see postgres.ts): the caller answers 503. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unavailable; retrying shortly', { cause });
  }
}

/** Socket-level failures: the database cannot be reached or the connection broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs that mean "not now": connection exceptions (class 08), too many connections, query
 * cancelled (statement_timeout), and the operator intervention class (57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now).
 */
const postgresUnavailable = (code: string) => code.startsWith('08') || code === '53300' || code === '57014' || code.startsWith('57P');

/** node-postgres and pg-pool report these without a code. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout expired',
];

/** SQLite: busy or locked after the busy timeout (5 SQLITE_BUSY, 6 SQLITE_LOCKED). */
const sqliteUnavailable = (error: { errcode?: unknown }) => error.errcode === 5 || error.errcode === 6;

/**
 * True when an error means the database is away or overloaded for now (connection refused, reset or
 * terminated; a connect, pool or statement timeout; SQLite busy), as opposed to a bug or bad data. Looks
 * through `cause` chains and aggregate errors.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && postgresUnavailable(e.code)))) return true;
  if (sqliteUnavailable(e)) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).startsWith(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Unavailable because the connection itself failed (not one slow statement that PostgreSQL cancelled). */
export const isConnectionLost = (error: unknown) => isDatabaseUnavailable(error) && (error as { code?: unknown }).code !== '57014';
