import { describe, expect, it } from 'vitest';
import { currentRequestId, logSettings, readableLine, requestIdFrom, withoutRequest, withRequestId } from './log.mjs';

describe('the log (src/lib/log.mjs)', () => {
  it('takes LOG_LEVEL (info when unset or unknown) and writes JSON in production, readable lines elsewhere, unless LOG_FORMAT says', () => {
    expect(logSettings({})).toEqual({ level: 'info', format: 'pretty', unknownLevel: null });
    expect(logSettings({ NODE_ENV: 'production' })).toEqual({ level: 'info', format: 'json', unknownLevel: null });
    expect(logSettings({ NODE_ENV: 'production', LOG_LEVEL: ' Debug ', LOG_FORMAT: 'pretty' })).toEqual({ level: 'debug', format: 'pretty', unknownLevel: null });
    expect(logSettings({ LOG_LEVEL: 'silent', LOG_FORMAT: 'json' })).toEqual({ level: 'silent', format: 'json', unknownLevel: null });
    expect(logSettings({ LOG_LEVEL: 'loud' })).toEqual({ level: 'info', format: 'pretty', unknownLevel: 'loud' });
  });

  it('keeps an incoming request id only when it is a short safe token', () => {
    expect(requestIdFrom('9f1c2e4a-77b0-4c1e-9d61-2a6c4f0e8b13')).toBe('9f1c2e4a-77b0-4c1e-9d61-2a6c4f0e8b13');
    expect(requestIdFrom('edge:7f3a.b2_x-1')).toBe('edge:7f3a.b2_x-1');
    for (const unsafe of [undefined, null, '', 'a b', 'x'.repeat(65), '<script>', 'id\nforged line', 'ä']) {
      const id = requestIdFrom(unsafe);
      expect(id, String(unsafe)).not.toBe(unsafe);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('knows the request being served through awaits, and none outside', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('req-1');
    expect(currentRequestId()).toBeUndefined();
  });

  it('leaves the request out of what is started for no request: a timer set then logs with no id', async () => {
    const later = await withRequestId('req-2', () =>
      withoutRequest(() => new Promise<string | undefined>((resolve) => setTimeout(() => resolve(currentRequestId()), 1))),
    );
    expect(later).toBeUndefined();
    expect(await withRequestId('req-3', () => new Promise((resolve) => setTimeout(() => resolve(currentRequestId()), 1)))).toBe('req-3');
  });

  it('reads a line as a person would: time, level, [module], message, fields, request, stack', () => {
    const line = JSON.stringify({
      level: 'error',
      time: '2026-11-25T10:15:30.042Z',
      pid: 7,
      hostname: 'shop-1',
      module: 'payments',
      request_id: 'req-9',
      order_id: 12,
      err: { type: 'Error', message: 'down', stack: 'Error: down\n    at send (refunds.ts:1:1)' },
      msg: 'refund 3 not sent yet',
    });
    const text = readableLine(line);
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.042 ERROR \[payments\] refund 3 not sent yet order_id=12 \(request req-9\)\n {4}Error: down\n {8}at send \(refunds\.ts:1:1\)\n$/);
    expect(readableLine(JSON.stringify({ level: 'info', time: '2026-11-25T10:15:30.000Z', msg: 'plain' }))).toMatch(/^\d\d:\d\d:\d\d\.000 INFO  plain\n$/);
  });
});
