/**
 * The notifier on both backends, with every channel on: the demo outbox, e-mail to a local SMTP server (the
 * smtp-server package) and the signed webhook to a local HTTP server. A channel that is down never fails the
 * change; the message waits in the queue and is sent once when the channel is back.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/server/config';
import { deliverNotifications, queueMessage, webhookSignature } from '../../src/server/services/notifier';
import { orderKit } from './order-kit';
import { openTestShop, pgUrl, signedIn, type TestShop } from './shop';

const SECRET = 'test-gateway-secret';
const MINUTE = 60_000;

interface Hook {
  body: string;
  timestamp: string;
  signature: string;
  key: string;
}

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !pgUrl)(`notifier: console, e-mail, signed webhook [${backend}]`, () => {
    let shop: TestShop | undefined;
    let cleanup = async () => {};
    let gateway: Server;
    let smtp: SMTPServer;
    let gatewayDown = false;
    const hooks: Hook[] = [];
    let refusedHooks = 0;
    const mails: { to: string; raw: string }[] = [];

    beforeAll(async () => {
      gateway = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          if (gatewayDown) {
            refusedHooks += 1;
            res.writeHead(503).end('down for maintenance');
            return;
          }
          hooks.push({ body, timestamp: String(req.headers['x-storefront-timestamp']), signature: String(req.headers['x-storefront-signature']), key: String(req.headers['idempotency-key']) });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk) => (raw += chunk));
          stream.on('end', () => {
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as AddressInfo).port;
      const gatewayPort = (gateway.address() as AddressInfo).port;
      ({ shop, cleanup } = await openTestShop(backend, {
        notifyWebhookUrl: `http://127.0.0.1:${gatewayPort}/messages`,
        notifyWebhookSecret: SECRET,
        notifySmtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        notifyEmailFrom: 'orders@annapurna.example',
      }));
    });
    afterAll(async () => {
      await cleanup();
      await new Promise((resolve) => gateway.close(resolve));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    const { db, freshPack, shopper, add, placed } = orderKit(() => shop!);

    it('tells the shopper on every channel; with the gateway down the move still succeeds, and the message is sent once when it is back', async () => {
      const admin = await signedIn(shop!, '9876500003');
      const v = await shopper();
      await add(v, await freshPack(10_000), 1);
      const { id, ordernumber } = await placed(v, 'cod');
      const user = await db().selectFrom('users').select(['phone', 'email']).where('id', '=', v.userId).executeTakeFirstOrThrow();

      gatewayDown = true;
      const confirmed = await admin.post(`/bos/orders/${id}/status`, { to: 'confirmed' });
      expect(confirmed.status).toBe(200);
      expect(refusedHooks).toBe(1);
      const rows = async () => db().selectFrom('notifications').selectAll().where('order_id', '=', id).orderBy('channel').execute();
      expect((await rows()).map((r) => [r.channel, r.recipient, r.template, r.state, r.attempts])).toEqual([
        ['console', user.phone, 'order_confirmed', 'sent', 1],
        ['email', user.email, 'order_confirmed', 'sent', 1],
        ['webhook', user.phone, 'order_confirmed', 'pending', 1],
      ]);
      expect((await rows())[2]!.last_error).toMatch(/503/);
      // The e-mail went out over SMTP.
      const mail = mails.find((m) => m.to === user.email)!;
      expect(mail.raw).toMatch(new RegExp(`Subject: Order ${ordernumber} confirmed`));
      expect(mail.raw).toMatch(/From: orders@annapurna\.example/);
      expect(mail.raw).toMatch(new RegExp(`has confirmed your order ${ordernumber}`));

      // Not due yet: nothing; the gateway back, when due: sent once; later sweeps send nothing more.
      gatewayDown = false;
      expect(await deliverNotifications(shop!.deps)).toBe(0);
      expect(hooks).toHaveLength(0);
      expect(await deliverNotifications(shop!.deps, { now: new Date(Date.now() + 2 * MINUTE) })).toBe(1);
      expect(await deliverNotifications(shop!.deps, { now: new Date(Date.now() + 120 * MINUTE) })).toBe(0);
      expect(hooks).toHaveLength(1);
      const hook = hooks[0]!;
      const sent = JSON.parse(hook.body);
      expect(sent).toMatchObject({ to: user.phone, template: 'order_confirmed', subject: `Order ${ordernumber} confirmed` });
      expect(sent.text).toMatch(new RegExp(`has confirmed your order ${ordernumber}`));
      expect(hook.signature).toBe(`sha256=${webhookSignature(SECRET, hook.timestamp, hook.body)}`);
      expect(Math.abs(Number(hook.timestamp) - Date.now() / 1000)).toBeLessThan(120);
      expect(hook.key).toBe(`notification-${sent.id}`);
      expect((await rows())[2]).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    });

    it('sends a message queued by a change whose process stopped before sending it, once, even with two senders at once', async () => {
      const v = await shopper();
      await add(v, await freshPack(10_000), 1);
      const { id } = await placed(v, 'cod');
      const before = hooks.length;
      // The change's transaction alone (its route would send next; here nothing does).
      await shop!.deps.db.kysely.transaction().execute((trx) =>
        queueMessage(trx, shop!.deps.config, { orderId: id, to: { phone: '9000000009', email: 'x@example.com' }, template: 'order_delivered', payload: { shop: 'Annapurna Fresh', ordernumber: 'AF-1', name: 'X' } }),
      );
      const sent = await Promise.all([deliverNotifications(shop!.deps, { orderId: id }), deliverNotifications(shop!.deps, { orderId: id })]);
      expect(sent[0]! + sent[1]!).toBe(3);
      expect(hooks.length - before).toBe(1);
    });
  });
}

describe('notifier settings', () => {
  it('needs a secret with a webhook, and URLs of the right kind', () => {
    expect(() => readConfig({ NOTIFY_WEBHOOK_URL: 'https://sms.example/send' })).toThrow(ConfigError);
    expect(() => readConfig({ NOTIFY_SMTP_URL: 'http://mail.example' })).toThrow(/NOTIFY_SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => readConfig({ NOTIFY_CONSOLE: 'yes' })).toThrow(/NOTIFY_CONSOLE must be true or false/);
    expect(readConfig({ NOTIFY_WEBHOOK_URL: 'https://sms.example/send', NOTIFY_WEBHOOK_SECRET: 's' })).toMatchObject({ notifyWebhookUrl: 'https://sms.example/send', notifyConsole: true });
    expect(readConfig({ NODE_ENV: 'production', OTP_SENDER: 'console' }).notifyConsole).toBe(false);
  });
});
