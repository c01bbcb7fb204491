import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpVisitor, startBuiltServer, testPort, type BuiltServer } from './built-server';

/**
 * Behind nginx (deploy/) every request comes from the proxy's socket: with TRUST_PROXY=true the per-client
 * sign-in code limit counts the address the proxy puts last in X-Forwarded-For, so one shopper's flood does not
 * lock out every other shopper, and an address a client writes into the header itself changes nothing.
 */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(17), { env: { TRUST_PROXY: 'true', OTP_PER_CLIENT_PER_HOUR: '3' } });
}, 300_000);
afterAll(() => server?.close());

let phones = 0;
/** One sign-in code request for a new phone, as forwarded by the proxy: 'limited' when refused for the client's limit. */
async function askCode(forwardedFor: string): Promise<'limited' | 'answered'> {
  const visitor = new HttpVisitor(server.base);
  await visitor.api('/cookie');
  const phone = `98765${String(41000 + ++phones)}`;
  const answer = await visitor.api('/auth/login', { identifier: phone }, { 'x-forwarded-for': forwardedFor });
  // A phone with no account answers 404 once counted; only 429 is the limit.
  return answer.status === 429 ? 'limited' : 'answered';
}

describe('behind a trusted proxy', () => {
  it("limits each shopper by the address the proxy saw, not everyone together, and not by the client's own header", async () => {
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await askCode(`1.2.3.${i}, 198.51.100.10`));
    // The same shopper (last entry) whatever they wrote before it: the fourth is over the limit of 3.
    expect(first).toEqual(['answered', 'answered', 'answered', 'limited']);
    // Another shopper behind the same proxy is not locked out.
    expect(await askCode('198.51.100.11')).toBe('answered');
  });
});
