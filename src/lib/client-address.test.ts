import { describe, expect, it } from 'vitest';
import { addressOf } from './client-address';

describe("the shopper's address", () => {
  it('is the socket’s without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(addressOf('203.0.113.7', '198.51.100.1', false)).toBe('203.0.113.7');
  });
  it('behind a trusted proxy is the last X-Forwarded-For entry, the one the proxy saw', () => {
    expect(addressOf('10.0.0.2', '198.51.100.1', true)).toBe('198.51.100.1');
    // A client that sends its own header only adds entries before the proxy's.
    expect(addressOf('10.0.0.2', '1.2.3.4, 9.9.9.9, 198.51.100.1', true)).toBe('198.51.100.1');
    expect(addressOf('10.0.0.2', '2001:db8::1', true)).toBe('2001:db8::1');
  });
  it('falls back to the socket when the header is missing or is not an address', () => {
    expect(addressOf('10.0.0.2', null, true)).toBe('10.0.0.2');
    expect(addressOf('10.0.0.2', '1.2.3.4, <script>', true)).toBe('10.0.0.2');
    expect(addressOf('10.0.0.2', '', true)).toBe('10.0.0.2');
  });
});
