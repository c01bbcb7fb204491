import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

/** Wraps node:sqlite's DatabaseSync in the small interface Kysely's SqliteDialect drives. */
export function openSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  return {
    raw,
    close: () => raw.close(),
    prepare(sql) {
      const statement = raw.prepare(sql);
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
