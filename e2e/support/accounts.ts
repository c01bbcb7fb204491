import { expect, type Page } from '@playwright/test';

/** A new shopper account (no role) with its own phone, registered and signed in through the screens. */
export async function register(page: Page, phone: string, name: string) {
  await page.goto('/auth/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(`${phone}@example.com`);
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${phone}`)).json();
  await page.getByLabel('One-time code').fill(/\b(\d{6})\b/.exec(messages[0].text)![1]!);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
}
