import { expect, type Page } from '@playwright/test';

/**
 * Signs a seeded person in through the API from the page (the sign-in screens are another spec's subject): the
 * code from the demo outbox, then verify. The page's cookies then hold the session.
 */
export async function signInThroughApi(page: Page, phone: string) {
  await page.goto('/about');
  const status = await page.evaluate(async (p) => {
    const headers = () => ({ 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '') });
    await fetch('/s/api/cookie', { headers: { 'X-Origin': location.origin } });
    for (let attempt = 0; attempt < 3; attempt++) {
      await fetch('/s/api/auth/login', { method: 'POST', headers: headers(), body: JSON.stringify({ identifier: p }) });
      const { messages } = await (await fetch(`/s/api/dev/outbox?to=${p}`)).json();
      const code = /\b(\d{6})\b/.exec(messages[0].text)![1];
      const verified = await fetch('/s/api/auth/verify', { method: 'POST', headers: headers(), body: JSON.stringify({ code }) });
      if (verified.status === 200) return 200;
      await new Promise((r) => setTimeout(r, 500));
    }
    return 0;
  }, phone);
  expect(status).toBe(200);
}
