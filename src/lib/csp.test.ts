import { describe, expect, it } from 'vitest';
import { isPaymentPage, PAYMENT_SOURCES, pagePolicy } from './csp';

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));

describe('the pages’ Content-Security-Policy', () => {
  it('without error reporting: scripts, calls and workers from this origin only; no inline script, no eval', () => {
    const policy = directives(pagePolicy({}));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.has('worker-src')).toBe(false);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('with a Sentry DSN: its host may be called (never its key), and replay may start a blob: worker', () => {
    const policy = directives(pagePolicy({ PUBLIC_SENTRY_DSN: 'https://0123abcd@o42.ingest.de.sentry.io/4501' }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://o42.ingest.de.sentry.io']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it("lets images come from the media bucket's address (MEDIA_PUBLIC_URL): https ones already, a plain http one by its origin", () => {
    expect(directives(pagePolicy({})).get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(directives(pagePolicy({ MEDIA_PUBLIC_URL: 'http://10.0.0.5:9000/shop-media' })).get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http://10.0.0.5:9000']);
    expect(directives(pagePolicy({ MEDIA_PUBLIC_URL: 'https://media.example.com/shop' })).get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    for (const bad of ['javascript:alert(1)', "http://x.test/; script-src *", 'not a url']) expect(directives(pagePolicy({ MEDIA_PUBLIC_URL: bad })).get('script-src'), bad).toEqual(["'self'"]);
  });

  it('a DSN that is not an http(s) URL adds nothing', () => {
    for (const dsn of ['not a url', "javascript:alert(1)", "https://x@evil.test/1; script-src *"]) {
      const policy = pagePolicy({ PUBLIC_SENTRY_DSN: dsn });
      expect(directives(policy).get('script-src'), dsn).toEqual(["'self'"]);
      expect(policy, dsn).not.toContain('*');
    }
  });

  it('script-src is this origin alone: no hash, nonce or inline source on a page', () => {
    expect(directives(pagePolicy({})).get('script-src')).toEqual(["'self'"]);
  });

  it('only the payment page lets the providers’ scripts, frames and calls in', () => {
    const paying = directives(pagePolicy({}, PAYMENT_SOURCES));
    expect(paying.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://js.stripe.com']);
    expect(paying.get('frame-src')).toContain('https://js.stripe.com');
    expect(paying.get('connect-src')).toContain('https://api.stripe.com');
    expect(directives(pagePolicy({})).has('frame-src')).toBe(false);
    expect(['/checkout/razorpay/12', '/checkout/stripe/7/'].every(isPaymentPage)).toBe(true);
    expect(['/checkout', '/checkout/confirm/12', '/checkout/razorpay/12/x', '/products/razorpay', '/checkout/paypal/1'].some(isPaymentPage)).toBe(false);
  });
});
