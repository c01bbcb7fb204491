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
  /** How one-time codes are delivered: 'console' (demo: logged and kept in an outbox) or 'webhook'. */
  otpSender: 'console' | 'webhook';
  otpWebhookUrl: string | undefined;
  /** Codes one phone or email may be sent in an hour, and one client address may ask for. */
  otpPerAddressPerHour: number;
  otpPerClientPerHour: number;
}

/** Thrown at start when the settings cannot run safely. */
export class ConfigError extends Error {}

/** The database to use: DATABASE_URL, or the embedded SQLite file. */
export const databaseUrl = (env: Record<string, string | undefined> = process.env) => env.DATABASE_URL || 'file:./data/shop.sqlite';

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return {
    databaseUrl: databaseUrl(env),
    production: env.NODE_ENV === 'production',
    sessionSecret: env.SESSION_SECRET || undefined,
    sessionIdleHours: positive(env.SESSION_IDLE_HOURS, 24 * 14),
    sessionAbsoluteDays: positive(env.SESSION_ABSOLUTE_DAYS, 90),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    ...otpSettings(env),
    otpPerAddressPerHour: positive(env.OTP_PER_ADDRESS_PER_HOUR, 5),
    otpPerClientPerHour: positive(env.OTP_PER_CLIENT_PER_HOUR, 20),
  };
}

/** Demo mode (codes on the console) is the default, except in production, which must choose on purpose. */
function otpSettings(env: Record<string, string | undefined>): Pick<ServerConfig, 'otpSender' | 'otpWebhookUrl'> {
  const chosen = env.OTP_SENDER;
  if (chosen === 'webhook') {
    if (!env.OTP_WEBHOOK_URL) throw new ConfigError('OTP_SENDER=webhook needs OTP_WEBHOOK_URL');
    return { otpSender: 'webhook', otpWebhookUrl: env.OTP_WEBHOOK_URL };
  }
  if (chosen && chosen !== 'console') throw new ConfigError(`OTP_SENDER must be console or webhook, not ${chosen}`);
  if (!chosen && env.NODE_ENV === 'production') {
    throw new ConfigError('In production, set OTP_SENDER=webhook (with OTP_WEBHOOK_URL) to deliver sign-in codes, or OTP_SENDER=console to run the demo on purpose');
  }
  return { otpSender: 'console', otpWebhookUrl: undefined };
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
