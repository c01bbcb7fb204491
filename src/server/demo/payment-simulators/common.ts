import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import QRCode from 'qrcode';
import { escapeHtml } from '../../../lib/escape-html';
import { logger } from '../../../lib/log.mjs';
import type { Deps } from '../../env';
import type { ProviderName } from '../../orders/payments/types';
import { paymentDb } from '../../orders/payments/types';

/**
 * What a simulator needs: the shop's database (its records live there, so every process of the shop sees the
 * same payments) and the shop's own fetch, to deliver webhooks through the shop's real webhook route.
 */
export interface SimulatorContext {
  deps: Deps;
  shopFetch: (request: Request) => Promise<Response>;
}

/** The embedded API's base path (app.ts API_BASE; not imported from there, which imports this module). */
const API_BASE_PATH = '/s/api';
/** Where the simulators are mounted in the embedded API; their hosted pages and REST slices live under it. */
export const SIM_BASE = `${API_BASE_PATH}/sim`;
/** The origin the SDKs address in simulated mode; their HTTP never leaves the process (see orders/payments/providers.ts). */
export const SIM_ORIGIN = 'http://payments-simulator.localhost';

/**
 * The simulator's own test keys, derived from the shop's secret: the same in every process, unguessable from
 * outside, and never a real provider's.
 */
export function simulatorKeys(secret: string) {
  const derive = (label: string, length = 24) => createHmac('sha256', secret).update(`payments-simulator:${label}`).digest('base64url').replace(/[-_]/g, '').slice(0, length);
  return {
    razorpay: { keyId: `rzp_test_${derive('razorpay-key-id', 14)}`, keySecret: derive('razorpay-key-secret'), webhookSecret: derive('razorpay-webhook-secret') },
    stripe: { secretKey: `sk_test_${derive('stripe-secret-key')}`, publishableKey: `pk_test_${derive('stripe-publishable-key')}`, webhookSecret: `whsec_${derive('stripe-webhook-secret', 32)}` },
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A provider-looking id: `order_` + 14 characters, `pi_` + 24. */
export function newId(prefix: string, length: number): string {
  return prefix + [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The token in a hosted page's URL and forms: only who was given the page (the order's owner) can act on it. */
export const pageToken = (secret: string, id: string) => createHmac('sha256', secret).update(`page:${id}`).digest('base64url').slice(0, 32);

export function tokenMatches(secret: string, id: string, presented: string | undefined): boolean {
  const expected = Buffer.from(pageToken(secret, id));
  const given = Buffer.from(presented ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A same-origin path to send the browser back to; anything else (another host, `//evil`, a scheme) is refused. */
export function safeReturnPath(value: string | undefined): string | null {
  if (!value || !/^\/(?![/\\])[^\s\\]*$/.test(value) || value.length > 300) return null;
  return value;
}

/** The return path with the provider's callback parameters appended. */
export function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://x');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

/** The simulators' REST calls and forms are small: 16 KB is plenty. */
export const simBodyLimit: MiddlewareHandler = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: { description: 'Request body too large' } }, 413) });

/** The simulators' records: one JSON document per provider object, shared through the shop's database. */
export function simStore<T>(deps: Deps, provider: ProviderName) {
  const db = () => paymentDb(deps.db.kysely);
  return {
    async get(id: string): Promise<T | undefined> {
      const row = await db().selectFrom('payment_simulations').select('data_json').where('provider', '=', provider).where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.data_json) as T) : undefined;
    },
    /** The record made with this idempotency key, if any. */
    async byKey(idempotencyKey: string): Promise<T | undefined> {
      const row = await db().selectFrom('payment_simulations').select('data_json').where('provider', '=', provider).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      return row ? (JSON.parse(row.data_json) as T) : undefined;
    },
    /** Every record whose id starts with `prefix` (a simulator's few refunds), oldest first. */
    async list(prefix: string): Promise<T[]> {
      const rows = await db().selectFrom('payment_simulations').select('data_json').where('provider', '=', provider).where('id', 'like', `${prefix}%`).orderBy('created_at').execute();
      return rows.map((row) => JSON.parse(row.data_json) as T);
    },
    /** Creates a record; with an idempotency key already used, answers the record made the first time. */
    async create(id: string, data: T, idempotencyKey: string | null): Promise<T> {
      const at = new Date().toISOString();
      await db()
        .insertInto('payment_simulations')
        .values({ id, provider, idempotency_key: idempotencyKey, data_json: JSON.stringify(data), created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['provider', 'idempotency_key']).doNothing())
        .execute();
      if (!idempotencyKey) return data;
      const row = await db().selectFrom('payment_simulations').select('data_json').where('provider', '=', provider).where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
      return JSON.parse(row.data_json) as T;
    },
    /** Changes a record in one transaction (two clicks on two tabs do not lose each other's change). */
    async update(id: string, change: (data: T) => T): Promise<T | undefined> {
      return deps.db.kysely.transaction().execute(async (trx) => {
        const tdb = trx.withTables<{ payment_simulations: { id: string; provider: string; data_json: string; updated_at: string } }>();
        let query = tdb.selectFrom('payment_simulations').select('data_json').where('provider', '=', provider).where('id', '=', id);
        if (deps.db.dialect === 'postgres') query = query.forUpdate();
        const row = await query.executeTakeFirst();
        if (!row) return undefined;
        const next = change(JSON.parse(row.data_json) as T);
        await tdb.updateTable('payment_simulations').set({ data_json: JSON.stringify(next), updated_at: new Date().toISOString() }).where('provider', '=', provider).where('id', '=', id).execute();
        return next;
      });
    },
  };
}

/**
 * Delivers a signed webhook to the shop's own webhook route, in-process: the same route, body limit and
 * signature check as a real provider's call. A failure is logged, never shown to the shopper (the return
 * page asks the provider anyway).
 */
export async function deliverWebhook(ctx: SimulatorContext, page: Request, provider: ProviderName, body: string, headers: Record<string, string>) {
  // To the shop the page was served for: the same host (and, behind a proxy, the host it forwarded).
  const forwarded = page.headers.get('x-forwarded-host');
  const url = new URL(`${API_BASE_PATH}/payments/${provider}/webhook`, new URL(page.url).origin);
  try {
    const response = await Promise.race([
      ctx.shopFetch(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(forwarded ? { 'x-forwarded-host': forwarded } : {}), ...headers }, body })),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out after 5 s')), 5_000).unref()),
    ]);
    if (!response.ok) logger('payments').error(`simulated ${provider} webhook answered ${response.status}: ${await response.text()}`);
  } catch (error) {
    logger('payments').error({ err: error }, `simulated ${provider} webhook failed`);
  }
}

/** Rupees for people: 123456 paise → ₹1,234.56. */
export const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A UPI payment link's QR code, as inline SVG drawn by the qrcode library. */
export const qrSvg = (text: string) => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 220 });

/**
 * The hosted page: plain server-rendered HTML, no script, same-origin forms only, so it works with JavaScript
 * off and under the shop's Content-Security-Policy.
 */
export function page(c: Context, title: string, body: string, status: 200 | 400 | 404 | 409 = 200) {
  c.header('Cache-Control', 'no-store');
  // Its address carries a page token: it never goes to another site. Not 'no-referrer': under that policy a browser
  // sends `Origin: null` even with its own forms' posts, which the shop's origin check then refuses as cross-site.
  c.header('Referrer-Policy', 'same-origin');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p class="banner">Payment simulator: no real money moves. Nothing here talks to a real provider.</p>${body}</main></body></html>`,
    status,
  );
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1b1d21}main{max-width:30rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.75rem;box-shadow:0 1px 4px #0002}
.banner{background:#fff4d6;padding:.5rem .75rem;border-radius:.5rem;font-size:.85rem}h1{font-size:1.3rem}h2{font-size:1.05rem;margin-top:1.5rem}
.amount{font-size:1.6rem;font-weight:700}form{display:inline}button{font:inherit;padding:.55rem 1rem;margin:.25rem .25rem .25rem 0;border-radius:.4rem;border:1px solid #888;background:#fff;cursor:pointer}
button.ok{background:#137333;color:#fff;border-color:#137333}button.bad{background:#b3261e;color:#fff;border-color:#b3261e}label{display:block;margin:.5rem 0 .25rem}
input{font:inherit;padding:.45rem;border:1px solid #888;border-radius:.4rem;width:14rem}.qr svg{width:220px;height:220px}.muted{color:#555;font-size:.9rem;overflow-wrap:anywhere}.error{color:#b3261e}
@media (max-width:32rem){main{margin:0;border-radius:0;box-shadow:none}}`;
