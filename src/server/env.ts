import type { Selectable } from 'kysely';
import type { ServerConfig } from './config';
import type { Db } from './db';
import type { Payments } from './orders/payments/providers';
import type { RedisLink } from './redis';
import type { RateLimiter } from './services/rate-limit';
import type { SessionTable, UserTable, WebsiteTable } from './db/schema';

/** What every request handler can reach: the database, the settings, the key for tokens, and the shared counters. */
export interface Deps {
  db: Db;
  config: ServerConfig;
  secret: string;
  /** The process's one Redis connection (made on first use) when REDIS_URL is set, else null. */
  redis: RedisLink | null;
  /** Rate-limit counters: in Redis when REDIS_URL is set, else in the database. */
  limiter: RateLimiter;
}

export type WebsiteRow = Selectable<WebsiteTable>;
export type SessionRow = Selectable<SessionTable>;
export type UserRow = Selectable<UserTable>;

export interface AppEnv {
  Variables: {
    deps: Deps;
    website: WebsiteRow;
    /** The current session, or null for a visitor who has none yet. */
    session: SessionRow | null;
    /** The signed-in user, or null. */
    user: UserRow | null;
    /** The payment providers (live, or simulated without keys), built once per app. */
    payments: Payments;
  };
}
