import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('settings', () => {
  it('runs the demo code sender by default, and refuses production without a chosen sender', () => {
    expect(readConfig({}).otpSender).toBe('console');
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(readConfig({ NODE_ENV: 'production', OTP_SENDER: 'console' }).otpSender).toBe('console');
    expect(() => readConfig({ OTP_SENDER: 'webhook' })).toThrow(/OTP_WEBHOOK_URL/);
    expect(readConfig({ OTP_SENDER: 'webhook', OTP_WEBHOOK_URL: 'https://sms.example/send' })).toMatchObject({ otpSender: 'webhook', otpWebhookUrl: 'https://sms.example/send' });
    expect(() => readConfig({ OTP_SENDER: 'pigeon' })).toThrow(ConfigError);
  });

  it('refuses to start with an IMAGE_BASE_URL that is not an https base with a host and no query (src/lib/images.ts)', () => {
    for (const bad of ['http://cdn.example.com', 'cdn.example.com', '/images', 'https://cdn.example.com/?v=1', 'https://user:pw@cdn.example.com', 'javascript:alert(1)']) {
      expect(() => readConfig({ IMAGE_BASE_URL: bad }), bad).toThrow(/^IMAGE_BASE_URL must be an https address/);
    }
    expect(readConfig({ IMAGE_BASE_URL: 'https://cdn.example.com/' }).imageBaseUrl).toBe('https://cdn.example.com');
    expect(readConfig({}).imageBaseUrl).toBe('');
  });
});
