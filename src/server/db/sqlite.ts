import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

/** Wraps node:sqlite's DatabaseSync in the small interface Kysely's SqliteDialect drives. */
export function openSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  // Several processes may share the file (WEB_CONCURRENCY workers): the busy timeout comes first, so even
  // switching to WAL waits for another process's lock instead of failing at once.
  raw.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  // Prepared statements by their SQL, reused: preparing was a tenth of the CPU of a page served from the page cache
  // to a shopper with a session (docs/benchmarks.md). node:sqlite runs each statement to its end synchronously, so
  // one statement is never in two calls at once; an `iterate` (a stream, which may be left open) prepares its own.
  // At most 512, the least recently used let go first; SQLite prepares one again itself when the schema changes.
  const statements = new Map<string, { statement: ReturnType<DatabaseSync['prepare']>; reader: boolean }>();
  const prepared = (sql: string) => {
    let kept = statements.get(sql);
    if (kept) statements.delete(sql);
    else {
      const statement = raw.prepare(sql);
      kept = { statement, reader: statement.columns().length > 0 };
    }
    statements.set(sql, kept);
    if (statements.size > 512) statements.delete(statements.keys().next().value!);
    return kept;
  };
  return {
    raw,
    close: () => {
      statements.clear();
      raw.close();
    },
    prepare(sql) {
      // A transaction takes the write lock when it begins (IMMEDIATE), waiting up to the busy timeout. Kysely
      // begins a deferred one, which reads first and fails at once (SQLITE_BUSY, no waiting) when it then writes
      // after another process wrote since its read began. One process alone never sees a difference.
      const text = sql === 'begin' ? 'begin immediate' : sql;
      const { statement, reader } = prepared(text);
      type Params = Parameters<typeof statement.all>;
      const args = (params: ReadonlyArray<unknown>) => params.map(toSqliteValue) as Params;
      return {
        reader,
        all: (params) => statement.all(...args(params)),
        run: (params) => statement.run(...args(params)),
        iterate: (params) => raw.prepare(text).iterate(...args(params)),
      };
    },
  };
}

/** node:sqlite binds no booleans or undefined; SQLite stores them as integers and NULL. */
function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value;
}
