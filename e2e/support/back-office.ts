import { expect, type Page } from '@playwright/test';

/** A call of the back office's API from the page, as the signed-in staff member. */
export function bosCall(page: Page, path: string, body?: unknown) {
  return apiCall(page, body === undefined ? 'GET' : 'POST', path, body);
}

/**
 * A call to the shop's API from the page (which must be on the shop: it reads the page's anti-forgery cookie), with
 * the page's session. A POST or PUT without a body sends `{}`.
 */
export async function apiCall(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const sent = b ?? (m === 'POST' || m === 'PUT' ? {} : undefined);
      const init: RequestInit = m === 'GET' ? {} : { method: m, headers: { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf }, ...(sent === undefined ? {} : { body: JSON.stringify(sent) }) };
      const r = await fetch(`/s/api${p}`, init);
      return { status: r.status, body: await r.json() };
    },
    [method, path, body] as const,
  );
}

/** A new shopper, registered and signed in through the API (the screens' sign-up is another spec's subject). */
export async function registerThroughApi(page: Page, phone: string, name: string) {
  await page.goto('/about');
  const signedIn = await page.evaluate(
    async ([p, n]) => {
      const headers = () => ({ 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '') });
      await fetch('/s/api/cookie', { headers: { 'X-Origin': location.origin } });
      await fetch('/s/api/auth/register', { method: 'POST', headers: headers(), body: JSON.stringify({ name: n, email: `${p}@example.com`, phone: p }) });
      const { messages } = await (await fetch(`/s/api/dev/outbox?to=${p}`)).json();
      const code = /\b(\d{6})\b/.exec(messages[0].text)![1];
      return (await fetch('/s/api/auth/verify', { method: 'POST', headers: headers(), body: JSON.stringify({ code }) })).status;
    },
    [phone, name] as const,
  );
  expect(signedIn).toBe(200);
}

/** How many pages a PDF has: its page objects (`/Type /Page`, not the `/Pages` tree). */
export const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
