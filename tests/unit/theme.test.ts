import { describe, expect, it } from 'vitest';
import { siteFont, themeCss } from '../../src/lib/theme';

describe('theme', () => {
  it('uses only the first font family, Inter by default', () => {
    expect(siteFont('Poppins, sans-serif')).toBe('Poppins');
    expect(siteFont('"Noto Sans", Arial')).toBe('Noto Sans');
    expect(siteFont('')).toBe('Inter');
    expect(siteFont(null)).toBe('Inter');
    expect(siteFont("x'}</style><script>")).toBe('Inter');
  });

  it('turns the colour map into CSS variables and drops anything that is not a colour', () => {
    const css = themeCss({ primary: '#15803d', accent: 'rgb(1, 2, 3)', evil: 'red;}</style><script>alert(1)</script>', 'Bad Key': '#fff' }, 'Inter');
    expect(css).toBe(":root{--theme-primary:#15803d;--theme-accent:rgb(1, 2, 3);--site-font:'Inter'}");
    expect(css).not.toMatch(/<|script|evil/);
  });
});

import { ConfigError, readConfig } from '../../src/server/config';

describe('settings', () => {
  it('runs the demo code sender by default, and refuses production without a chosen sender', () => {
    expect(readConfig({}).otpSender).toBe('console');
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(readConfig({ NODE_ENV: 'production', OTP_SENDER: 'console' }).otpSender).toBe('console');
    expect(() => readConfig({ OTP_SENDER: 'webhook' })).toThrow(/OTP_WEBHOOK_URL/);
    expect(readConfig({ OTP_SENDER: 'webhook', OTP_WEBHOOK_URL: 'https://sms.example/send' })).toMatchObject({ otpSender: 'webhook', otpWebhookUrl: 'https://sms.example/send' });
    expect(() => readConfig({ OTP_SENDER: 'pigeon' })).toThrow(ConfigError);
  });
});
