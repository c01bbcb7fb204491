/** Settings read from the environment once; every variable is documented in the README. */
export interface ServerConfig {
  databaseUrl: string;
  production: boolean;
  /** HMAC key for anti-forgery tokens; when unset one is generated and kept in the database. */
  sessionSecret: string | undefined;
  sessionIdleHours: number;
  sessionAbsoluteDays: number;
  /** Seed the demo shop into an empty database at start. */
  seedDemo: boolean;
  /** Honour X-Forwarded-Host (set by the storefront's proxy or a load balancer) when choosing the website. */
  trustProxy: boolean;
}

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || 'file:./data/shop.sqlite',
    production: env.NODE_ENV === 'production',
    sessionSecret: env.SESSION_SECRET || undefined,
    sessionIdleHours: positive(env.SESSION_IDLE_HOURS, 24 * 14),
    sessionAbsoluteDays: positive(env.SESSION_ABSOLUTE_DAYS, 90),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
