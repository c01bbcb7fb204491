import { IMAGE_BASE_RULE, parseImageBase } from '../lib/images';

/** Settings read from the environment once; every variable is documented in docs/configuration.md. */
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
  /** Cash on delivery is offered up to this order total (paise); COD_LIMIT_RUPEES, default ₹5,000. */
  codLimitPaise: number;
  /** An order waiting for its online payment fails (and its stock returns) after this many minutes. */
  orderPaymentTtlMinutes: number;
  /** Razorpay keys; null when none is set (the simulator outside production, no Razorpay in production). */
  razorpay: RazorpayKeys | null;
  /** Stripe keys; null when none is set (the simulator outside production, no Stripe in production). */
  stripe: StripeKeys | null;
  /** Longest wait for one call to a payment provider (PAYMENT_TIMEOUT_MS). */
  paymentTimeoutMs: number;
  /** URLs in one sitemap file before /sitemap.xml becomes an index (SITEMAP_URLS_PER_FILE, at most the protocol's 50,000). */
  sitemapUrlsPerFile: number;
  /**
   * REDIS_URL (redis:// or rediss://): when set, the rate-limit counters live in Redis, shared by every
   * process and machine; unset, they stay in the database (rate_limits), as always.
   */
  redisUrl: string | undefined;
  /** Put before every key the shop writes to Redis (REDIS_KEY_PREFIX, default `storefront:`), so shops can share one Redis. */
  redisKeyPrefix: string;
  /** IMAGE_BASE_URL: the base of every image address, '' for none (the shop serves its images itself; lib/images). */
  imageBaseUrl: string;
  /**
   * The shop's GST registration (SHOP_GSTIN, 15 characters with a right check character), printed on its
   * invoices, which are then titled 'Tax Invoice'; null when unset (plain 'Invoice').
   */
  shopGstin: string | null;
  /**
   * Messages to shoppers about their orders (docs/back-office.md#notifier): the console and demo outbox
   * (NOTIFY_CONSOLE, default on outside production), e-mail over SMTP (NOTIFY_SMTP_URL, from NOTIFY_EMAIL_FROM),
   * a signed webhook for an SMS or WhatsApp gateway (NOTIFY_WEBHOOK_URL with NOTIFY_WEBHOOK_SECRET).
   */
  notifyConsole: boolean;
  notifySmtpUrl: string | undefined;
  notifyEmailFrom: string;
  notifyWebhookUrl: string | undefined;
  notifyWebhookSecret: string | undefined;
  /** Where the media library keeps its images (docs/configuration.md, "Media storage"). */
  media: MediaStorageConfig;
}

/**
 * The media library's storage: a folder (MEDIA_DIR, default data/media beside the SQLite file), or with
 * MEDIA_S3_BUCKET an S3-compatible bucket that every instance shares. `publicUrl` (MEDIA_PUBLIC_URL) is where
 * browsers fetch the files from when it is set; unset, the shop serves them itself at /media/.
 */
export type MediaStorageConfig =
  | { kind: 'disk'; dir: string; publicUrl: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
      publicUrl: string;
      timeoutMs: number;
      /** MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or undefined for the SDK's own chain (AWS_* variables, a role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Cash on delivery is offered up to this order total unless COD_LIMIT_RUPEES says otherwise. */
const DEFAULT_COD_LIMIT_RUPEES = 5000;

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
    codLimitPaise: Math.round(positive(env.COD_LIMIT_RUPEES, DEFAULT_COD_LIMIT_RUPEES) * 100),
    orderPaymentTtlMinutes: positive(env.ORDER_PAYMENT_TTL_MINUTES, 30),
    ...paymentKeys(env),
    paymentTimeoutMs: positive(env.PAYMENT_TIMEOUT_MS, 10_000),
    sitemapUrlsPerFile: Math.min(Math.floor(positive(env.SITEMAP_URLS_PER_FILE, 50_000)), 50_000),
    redisUrl: redisUrl(env.REDIS_URL),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'storefront:',
    imageBaseUrl: imageBaseUrl(env.IMAGE_BASE_URL),
    shopGstin: gstin(env.SHOP_GSTIN),
    ...notifySettings(env),
    media: mediaStorage(env),
  };
}

/** An http(s) URL setting without query or fragment, its trailing slashes dropped; '' when unset. */
function baseUrl(env: Record<string, string | undefined>, name: string, example: string): string {
  const text = env[name]?.trim();
  if (!text) return '';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must be an http(s) address with a host and no query, such as ${example}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The media library's storage: a folder by default, an S3-compatible bucket with MEDIA_S3_BUCKET. */
function mediaStorage(env: Record<string, string | undefined>): MediaStorageConfig {
  const publicUrl = baseUrl(env, 'MEDIA_PUBLIC_URL', 'https://media.example.com/shop');
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) {
    for (const name of ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_REGION', 'MEDIA_S3_PREFIX']) {
      if (env[name]?.trim()) throw new ConfigError(`${name} is set but MEDIA_S3_BUCKET is not: set the bucket too, or unset ${name} to keep images in MEDIA_DIR`);
    }
    return { kind: 'disk', dir: env.MEDIA_DIR?.trim() || 'data/media', publicUrl };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError('MEDIA_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)');
  const prefix = (env.MEDIA_S3_PREFIX?.trim() ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9._\-/]+$/.test(prefix)) throw new ConfigError('MEDIA_S3_PREFIX may hold only letters, digits, dots, hyphens, underscores and slashes');
  return {
    kind: 's3',
    bucket,
    region: env.MEDIA_S3_REGION?.trim() || 'us-east-1',
    endpoint: baseUrl(env, 'MEDIA_S3_ENDPOINT', 'https://s3.ap-south-1.amazonaws.com') || undefined,
    // A custom endpoint (MinIO, R2, Spaces …) is addressed by path (host/bucket/key) unless told otherwise.
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ? env.MEDIA_S3_FORCE_PATH_STYLE === 'true' : Boolean(env.MEDIA_S3_ENDPOINT?.trim()),
    prefix,
    publicUrl,
    timeoutMs: positive(env.MEDIA_S3_TIMEOUT_MS, 10_000),
    credentials: s3Credentials(env),
  };
}

function s3Credentials(env: Record<string, string | undefined>) {
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID?.trim() || '';
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY?.trim() || '';
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) throw new ConfigError('Set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds its own credentials)');
  return { accessKeyId, secretAccessKey };
}

/** The notifier's channels: each URL must be one, and a webhook needs its secret (a gateway must be able to check who calls it). */
function notifySettings(env: Record<string, string | undefined>): Pick<ServerConfig, 'notifyConsole' | 'notifySmtpUrl' | 'notifyEmailFrom' | 'notifyWebhookUrl' | 'notifyWebhookSecret'> {
  const urlOf = (name: string, protocols: string[]) => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || !protocols.includes(url.protocol) || !url.hostname) throw new ConfigError(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`);
    return text;
  };
  const notifySmtpUrl = urlOf('NOTIFY_SMTP_URL', ['smtp:', 'smtps:']);
  const notifyWebhookUrl = urlOf('NOTIFY_WEBHOOK_URL', ['http:', 'https:']);
  const notifyWebhookSecret = env.NOTIFY_WEBHOOK_SECRET?.trim() || undefined;
  if (notifyWebhookUrl && !notifyWebhookSecret) throw new ConfigError('NOTIFY_WEBHOOK_URL needs NOTIFY_WEBHOOK_SECRET: the gateway checks each message\'s signature with it');
  const consoleSetting = env.NOTIFY_CONSOLE;
  if (consoleSetting && consoleSetting !== 'true' && consoleSetting !== 'false') throw new ConfigError('NOTIFY_CONSOLE must be true or false');
  return {
    notifyConsole: consoleSetting ? consoleSetting === 'true' : env.NODE_ENV !== 'production',
    notifySmtpUrl,
    notifyEmailFrom: env.NOTIFY_EMAIL_FROM?.trim() || 'orders@localhost',
    notifyWebhookUrl,
    notifyWebhookSecret,
  };
}

/** IMAGE_BASE_URL: '' (the shop serves its images and their sizes itself) or an https base (lib/images). */
function imageBaseUrl(value: string | undefined): string {
  const base = parseImageBase(value);
  if (base === null) throw new ConfigError(IMAGE_BASE_RULE);
  return base;
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A GSTIN's form: state code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
const GSTIN_FORM = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (weights 1 and 2 alternating, base 36). */
function gstinCheck(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARACTERS.indexOf(first14[i]!) * (i % 2 ? 2 : 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** SHOP_GSTIN in capitals, or null when unset; a value that is not a GSTIN stops the start: it would be printed on every invoice. */
function gstin(value: string | undefined): string | null {
  const text = value?.trim().toUpperCase();
  if (!text) return null;
  if (!GSTIN_FORM.test(text) || gstinCheck(text) !== text[14]) {
    throw new ConfigError('SHOP_GSTIN must be the shop\'s 15-character GSTIN, such as 29AAGCB7383J1Z4 (its last character checks the others), or unset for invoices without GST');
  }
  return text;
}

/** REDIS_URL, when set, must be a redis:// or rediss:// URL (the error never repeats it: it may hold a password). */
function redisUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL with a host, such as redis://127.0.0.1:6379 (or leave it unset to keep rate limits in the database)');
  }
  return text;
}

/**
 * A payment provider is configured with all of its keys or none: a half-configured one (a key without its
 * webhook secret, say) refuses to start, in every mode, rather than take payments it could never confirm.
 */
function paymentKeys(env: Record<string, string | undefined>): Pick<ServerConfig, 'razorpay' | 'stripe'> {
  const razorpay = allOrNone(env, 'Razorpay', ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
  const stripe = allOrNone(env, 'Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
  if (razorpay && !razorpay[0]!.startsWith('rzp_')) throw new ConfigError('RAZORPAY_KEY_ID must start with rzp_');
  if (stripe) {
    const [secret, publishable] = stripe as [string, string, string];
    if (!/^(sk|rk)_/.test(secret) || !publishable.startsWith('pk_')) throw new ConfigError('STRIPE_SECRET_KEY must start with sk_ (or rk_) and STRIPE_PUBLISHABLE_KEY with pk_');
    if (secret.includes('_live_') !== publishable.includes('_live_')) throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys');
  }
  return {
    razorpay: razorpay ? { keyId: razorpay[0]!, keySecret: razorpay[1]!, webhookSecret: razorpay[2]! } : null,
    stripe: stripe ? { secretKey: stripe[0]!, publishableKey: stripe[1]!, webhookSecret: stripe[2]! } : null,
  };
}

function allOrNone(env: Record<string, string | undefined>, provider: string, names: string[]): string[] | null {
  const values = names.map((name) => env[name]?.trim() || '');
  if (values.every((value) => !value)) return null;
  const missing = names.filter((_, i) => !values[i]);
  if (missing.length) throw new ConfigError(`${provider} is half configured: set ${missing.join(' and ')} too, or none of ${names.join(', ')} (then ${provider} is simulated, and off in production)`);
  return values;
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
