import { expect, test, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { awake } from './support/islands';

const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));
/** The last code sent to `to`, once it has been sent (the send may still be on its way when the test asks). */
const codeFor = async (page: Page, to: string) => {
  let text = '';
  await expect
    .poll(async () => {
      const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
      text = messages.at(-1)?.text ?? '';
      return text;
    })
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(text)![1]!;
};

test('a new mobile number takes effect only with the code sent to it; the registration email is verified the same way @desktop', async ({ page }) => {
  const first = phone(9000019100);
  const next = phone(9000019300);
  await registerWithApi(page, first, 'Asha Verma');
  await page.goto('/account/details');
  await awake(page, '[data-contact="phone"]');
  const mobile = page.getByRole('region', { name: 'Phone' });
  await expect(mobile.locator('[data-contact="phone"]')).toHaveText(first);
  await expect(mobile).toContainText('Verified');

  await mobile.getByLabel('New mobile number').fill('12345');
  await mobile.getByRole('button', { name: 'Send code' }).click();
  await expect(mobile.locator('[data-contact-error="phone"]')).toHaveText('Phone is not in valid format');
  await mobile.getByLabel('New mobile number').fill(next);
  await mobile.getByRole('button', { name: 'Send code' }).click();
  await expect(mobile).toContainText('Sent to');
  const code = await codeFor(page, next);
  await mobile.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
  await mobile.getByRole('button', { name: 'Verify' }).click();
  await expect(mobile.locator('[data-contact-error="phone"]')).toHaveText('That code is not right. 4 tries left.');
  await expect(mobile.locator('[data-contact="phone"]')).toHaveText(first);
  await mobile.getByLabel('One-time code').fill(code);
  await mobile.getByRole('button', { name: 'Verify' }).click();
  await expect(mobile.locator('[data-contact="phone"]')).toHaveText(next);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Phone' }).locator('[data-contact="phone"]')).toHaveText(next);

  const email = page.getByRole('region', { name: 'Email' });
  await expect(email).toContainText('Not verified');
  await email.getByRole('button', { name: 'Verify this email' }).click();
  await email.getByLabel('One-time code').fill(await codeFor(page, `${first}@example.com`));
  await email.getByRole('button', { name: 'Verify' }).click();
  await expect(email).toContainText('Verified');
  await expect(email).not.toContainText('Not verified');

  await page.getByLabel('Name').fill('Asha V.');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.locator('[data-profile-message]')).toHaveText('Your name is saved.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a new email is sent a code and changed by plain form posts @desktop', async ({ page }) => {
    const mine = phone(9000019500);
    await registerWithApi(page, mine, 'Asha Verma');
    await page.goto('/account/details');
    const email = page.getByRole('region', { name: 'Email' });
    await email.getByLabel('New email').fill(`new.${mine}@example.com`);
    await email.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/account\/details\?verify=email&to=/);
    await page.getByRole('region', { name: 'Email' }).getByLabel('One-time code').fill(await codeFor(page, `new.${mine}@example.com`));
    await page.getByRole('region', { name: 'Email' }).getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account\/details$/);
    await expect(page.getByRole('region', { name: 'Email' }).locator('[data-contact="email"]')).toHaveText(`new.${mine}@example.com`);
  });
});
