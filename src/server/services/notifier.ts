/**
 * Messages to shoppers about their orders (docs/back-office.md#notifier), through channels shaped like the
 * sign-in code sender (otp-sender.ts): `send(to, message)`.
 *
 * - console: the server's console and, outside production, the demo outbox (GET /s/api/dev/outbox), to the phone;
 * - email: SMTP through nodemailer (NOTIFY_SMTP_URL), to the shopper's email;
 * - webhook: a POST of JSON to an SMS or WhatsApp gateway (NOTIFY_WEBHOOK_URL), to the phone, signed with
 *   HMAC-SHA256 over `<timestamp>.<body>` (NOTIFY_WEBHOOK_SECRET) in X-Storefront-Signature, the timestamp in
 *   X-Storefront-Timestamp, and Idempotency-Key naming the message so the gateway can drop a repeat.
 *
 * A message is written in the order's language (orders.locale; the words are notify-text.ts'), and queued (one notifications row per channel) in the transaction of the change it tells about, and
 * sent after commit: a channel that is down never blocks or fails the change. A row is taken by a conditional
 * update that moves its next_attempt_at past a lease (one sender at a time, on any instance); a failed send waits
 * 1, 2, 4 … minutes (at most an hour) and the sweeper (boot.ts) sends it again; after MAX_ATTEMPTS it is failed.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import { logger } from '../../lib/log.mjs';
import type { ServerConfig } from '../config';
import type { Database, NotificationTable } from '../db/schema';
import type { Deps } from '../env';
import { renderMessage, type Message, type MessagePayload, type Template } from './notify-text';

type DB = Kysely<Database>;
type NotificationRow = Selectable<NotificationTable>;
const log = logger('notify');

export type { MessagePayload, Template } from './notify-text';

type ChannelName = 'console' | 'email' | 'webhook';

/** One way of reaching a shopper. */
interface Channel {
  name: ChannelName;
  send(to: string, message: Message, meta: { id: number; template: string; payload: MessagePayload }): Promise<void>;
}

/** The shopper's address on each channel, or null when they have none there. */
const RECIPIENT: Record<ChannelName, (to: { phone: string; email: string }) => string | null> = {
  console: (to) => to.phone || to.email || null,
  email: (to) => to.email || null,
  webhook: (to) => to.phone || null,
};

/** The channels the settings turn on. */
const enabledChannels = (config: ServerConfig): ChannelName[] => [
  ...(config.notifyConsole ? (['console'] as const) : []),
  ...(config.notifySmtpUrl ? (['email'] as const) : []),
  ...(config.notifyWebhookUrl ? (['webhook'] as const) : []),
];

const consoleChannel = (db: DB, outbox: boolean): Channel => ({
  name: 'console',
  async send(to, message) {
    log.info(`to ${to}: ${message.text}`);
    if (outbox) await db.insertInto('outbox').values({ id: randomUUID(), recipient: to, body: message.text, created_at: new Date().toISOString() }).execute();
  },
});

const emailChannel = (config: ServerConfig): Channel => {
  const transport = nodemailer.createTransport(config.notifySmtpUrl!, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 } as never);
  return {
    name: 'email',
    async send(to, message) {
      await transport.sendMail({ from: config.notifyEmailFrom, to, subject: message.subject, text: message.text });
    },
  };
};

/** The signature a gateway checks: HMAC-SHA256 of `<timestamp>.<body>` with the shared secret, in hex. */
export const webhookSignature = (secret: string, timestamp: string, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

const webhookChannel = (config: ServerConfig): Channel => ({
  name: 'webhook',
  async send(to, message, meta) {
    const body = JSON.stringify({ id: meta.id, to, template: meta.template, subject: message.subject, text: message.text, data: meta.payload });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(config.notifyWebhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-storefront-timestamp': timestamp,
        'x-storefront-signature': `sha256=${webhookSignature(config.notifyWebhookSecret!, timestamp, body)}`,
        'idempotency-key': `notification-${meta.id}`,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the gateway answered ${response.status}`);
  },
});

const built = new WeakMap<ServerConfig, WeakMap<DB, Channel[]>>();

/** The channels the settings turn on, built once per configuration and database (the SMTP transport keeps its pool). */
function channelsFor(config: ServerConfig, db: DB): Map<ChannelName, Channel> {
  let perDb = built.get(config);
  if (!perDb) built.set(config, (perDb = new WeakMap()));
  let channels = perDb.get(db);
  if (!channels) {
    const make = { console: () => consoleChannel(db, !config.production), email: () => emailChannel(config), webhook: () => webhookChannel(config) };
    channels = enabledChannels(config).map((name) => make[name]());
    perDb.set(db, channels);
  }
  return new Map(channels.map((c) => [c.name, c]));
}

/** A sender's hold on a row: longer than any one send. */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 12;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();
/** After the n-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/**
 * Queues a message about an order, one row per channel the shopper can be reached on, inside the caller's
 * transaction; due at once (the caller sends it after commit: deliverNotifications).
 */
export async function queueMessage(trx: DB, config: ServerConfig, message: { orderId: number; to: { phone: string; email: string }; template: Template; payload: MessagePayload }, now = new Date()) {
  const rows = enabledChannels(config)
    .map((channel) => ({ channel, recipient: RECIPIENT[channel](message.to) }))
    .filter((r): r is { channel: ChannelName; recipient: string } => !!r.recipient)
    .map((r) => ({
      order_id: message.orderId,
      channel: r.channel,
      recipient: r.recipient,
      template: message.template,
      payload_json: JSON.stringify(message.payload),
      state: 'pending' as const,
      next_attempt_at: now.toISOString(),
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    }));
  if (rows.length) await trx.insertInto('notifications').values(rows).execute();
}

/**
 * Sends the messages that are due (of one order, or all: the sweeper), each taken first by a conditional update
 * so that two senders never send one twice. Never throws for a channel's failure: it is recorded and retried
 * later. Answers how many were sent.
 */
export async function deliverNotifications(deps: Deps, options: { orderId?: number; now?: Date } = {}): Promise<number> {
  const db = deps.db.kysely;
  const now = options.now ?? new Date();
  let query = db.selectFrom('notifications').select('id').where('state', '=', 'pending').where('next_attempt_at', '<=', now.toISOString());
  if (options.orderId !== undefined) query = query.where('order_id', '=', options.orderId);
  const due = await query.orderBy('id').limit(200).execute();
  const channels = channelsFor(deps.config, db);
  let sent = 0;
  for (const { id } of due) {
    const claimed = await db
      .updateTable('notifications')
      .set({ next_attempt_at: later(now, LEASE_MS) })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .returningAll()
      .executeTakeFirst();
    if (!claimed) continue;
    if (await sendOne(db, channels.get(claimed.channel as ChannelName), claimed, now)) sent += 1;
  }
  return sent;
}

async function sendOne(db: DB, channel: Channel | undefined, row: NotificationRow, now: Date): Promise<boolean> {
  const attempts = row.attempts + 1;
  try {
    if (!channel) throw new Error(`the ${row.channel} channel is not configured`);
    const payload = JSON.parse(row.payload_json) as MessagePayload;
    await channel.send(row.recipient, renderMessage(row.template as Template, payload), { id: row.id, template: row.template, payload });
    await db.updateTable('notifications').set({ state: 'sent', attempts, sent_at: new Date().toISOString(), next_attempt_at: null, last_error: null }).where('id', '=', row.id).execute();
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const givenUp = attempts >= MAX_ATTEMPTS;
    await db
      .updateTable('notifications')
      .set({ attempts, last_error: message.slice(0, 500), state: givenUp ? 'failed' : 'pending', next_attempt_at: givenUp ? null : later(new Date(Math.max(now.getTime(), Date.now())), backoffMs(attempts)) })
      .where('id', '=', row.id)
      .execute();
    log.error({ notification_id: row.id, order_id: row.order_id }, `${row.template} to ${row.channel} not sent (${message})${givenUp ? '; given up' : '; the sweeper tries again'}`);
    return false;
  }
}
