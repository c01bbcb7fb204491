import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

/** Wraps node:sqlite's DatabaseSync in the small interface Kysely's SqliteDialect drives. */
export function openSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  // Several processes may share the file (WEB_CONCURRENCY workers): the busy timeout comes first, so even
  // switching to WAL waits for another process's lock instead of failing at once.
  raw.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  return {
    raw,
    close: () => raw.close(),
    prepare(sql) {
      // A transaction takes the write lock when it begins (IMMEDIATE), waiting up to the busy timeout. Kysely
      // begins a deferred one, which reads first and fails at once (SQLITE_BUSY, no waiting) when it then writes
      // after another process wrote since its read began. One process alone never sees a difference.
      const statement = raw.prepare(sql === 'begin' ? 'begin immediate' : sql);
      type Params = Parameters<typeof statement.all>;
      const args = (params: ReadonlyArray<unknown>) => params.map(toSqliteValue) as Params;
      return {
        reader: statement.columns().length > 0,
        all: (params) => statement.all(...args(params)),
        run: (params) => statement.run(...args(params)),
        iterate: (params) => statement.iterate(...args(params)),
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
