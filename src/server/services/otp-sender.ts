import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { logger } from '../../lib/log.mjs';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';

/** Delivers a one-time code to a phone or email. */
export interface OtpSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Demo mode: the code goes to the server console and, outside production, to the outbox that the demo's
 * GET /api/dev/outbox reads. A production shop keeps no codes anywhere a request could read them.
 */
const consoleSender = (db: Kysely<Database>, { outbox }: { outbox: boolean }): OtpSender => ({
  async send(to, text) {
    logger('otp').info(`to ${to}: ${text}`);
    if (outbox) await db.insertInto('outbox').values({ id: randomUUID(), recipient: to, body: text, created_at: new Date().toISOString() }).execute();
  },
});

/** Production: POSTs { to, text } as JSON to the shop's SMS or email gateway. */
const webhookSender = (url: string): OtpSender => ({
  async send(to, text) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the code gateway answered ${response.status}`);
  },
});

export const senderFor = (config: ServerConfig, db: Kysely<Database>): OtpSender =>
  config.otpSender === 'webhook' ? webhookSender(config.otpWebhookUrl!) : consoleSender(db, { outbox: !config.production });
