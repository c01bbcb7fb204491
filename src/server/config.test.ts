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

  it('keeps media in data/media by default, or in an S3-compatible bucket, and refuses a half or wrong bucket setting', () => {
    expect(readConfig({}).media).toEqual({ kind: 'disk', dir: 'data/media', publicUrl: '' });
    expect(readConfig({ MEDIA_DIR: '/srv/media', MEDIA_PUBLIC_URL: 'https://media.example.com/shop/' }).media).toEqual({ kind: 'disk', dir: '/srv/media', publicUrl: 'https://media.example.com/shop' });
    expect(readConfig({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_PREFIX: '/site-1/', MEDIA_S3_ACCESS_KEY_ID: 'k', MEDIA_S3_SECRET_ACCESS_KEY: 's' }).media).toEqual({
      kind: 's3',
      bucket: 'shop-media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'site-1',
      publicUrl: '',
      timeoutMs: 10_000,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    expect(readConfig({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_REGION: 'ap-south-1' }).media).toMatchObject({ region: 'ap-south-1', endpoint: undefined, forcePathStyle: false, credentials: undefined });
    expect(() => readConfig({ MEDIA_S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/MEDIA_S3_BUCKET is not/);
    expect(() => readConfig({ MEDIA_S3_BUCKET: 'Shop_Media' })).toThrow(/MEDIA_S3_BUCKET must be a bucket name/);
    expect(() => readConfig({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ACCESS_KEY_ID: 'k' })).toThrow(/MEDIA_S3_SECRET_ACCESS_KEY/);
    for (const bad of ['ftp://media.example.com', 'media.example.com', 'https://media.example.com/?v=1', 'https://u:p@media.example.com']) {
      expect(() => readConfig({ MEDIA_PUBLIC_URL: bad }), bad).toThrow(/^MEDIA_PUBLIC_URL must be an http\(s\) address/);
    }
  });
});
