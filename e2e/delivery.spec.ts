import { expect, test, type Page } from '@playwright/test';
import { holdHydration, oneInCartPanelOpen } from './support/islands';
import { roundTrip } from './support/signals';

/**
 * 'Change Location', the delivery feature's React island (src/features/delivery/PincodeForm.tsx): server-rendered
 * as a real form in a native popover, hydrated on the first interaction (client:interaction).
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Change Location' });
const headerButton = (page: Page) => page.locator('[data-pincode-button]').filter({ visible: true });

/** Counts the browser's pincode checks. */
function countChecks(page: Page) {
  const checks: string[] = [];
  page.on('request', (r) => r.url().includes('/s/api/check/pincode/') && checks.push(new URL(r.url()).pathname));
  return checks;
}

test('the dialog is a server-rendered form island that the header button opens before hydration', async ({ page }) => {
  await page.goto('/products');
  const release = await holdHydration(page);
  const island = page.locator('astro-island').filter({ has: page.locator('form[action="/cart/pincode"]') });
  await expect(island).toHaveAttribute('ssr', '');
  await headerButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText('Enter your pincode to check delivery time and availability.')).toBeVisible();
  await expect(dialog(page).getByLabel('Pincode')).toHaveAttribute('inputmode', 'numeric');
  release();
});

test('fewer than 6 characters says so and makes no call, even when tapped before hydration @desktop', async ({ page }) => {
  await page.goto('/products');
  const checks = countChecks(page);
  const release = await holdHydration(page);
  await headerButton(page).click();
  await dialog(page).getByLabel('Pincode').fill('5600');
  const check = dialog(page).getByRole('button', { name: 'Check' });
  await check.click();
  await expect(check).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(dialog(page).locator('[data-pincode-error]')).toHaveText('Please enter a valid pincode');
  await expect(page).toHaveURL(/\/products$/);
  // A check would have been sent before the page's own later request is answered.
  await roundTrip(page);
  expect(checks).toEqual([]);
});

test('a pincode the shop does not deliver to shows the API’s words under the input, without a reload @desktop', async ({ page }) => {
  await page.goto('/products');
  const checks = countChecks(page);
  await headerButton(page).click();
  await dialog(page).getByLabel('Pincode').fill('799001');
  await dialog(page).getByRole('button', { name: 'Check' }).click();
  await expect(dialog(page).locator('[data-pincode-error]')).toHaveText('Sorry, we do not deliver to 799001 (Agartala) yet');
  await expect(dialog(page).getByLabel('Pincode')).toHaveAttribute('aria-invalid', 'true');
  expect(checks).toEqual(['/s/api/check/pincode/799001']);
  await expect(dialog(page)).toBeVisible();
});

test('a delivered pincode is checked with GET /s/api/check/pincode/{pincode} and the page reloads with it', async ({ page }) => {
  await page.goto('/products');
  const checks = countChecks(page);
  await headerButton(page).click();
  await dialog(page).getByLabel('Pincode').fill('560001');
  await Promise.all([page.waitForEvent('load'), dialog(page).getByRole('button', { name: 'Check' }).click()]);
  expect(checks).toEqual(['/s/api/check/pincode/560001']);
  await expect(page).toHaveURL(/\/products$/);
  await expect(headerButton(page)).toContainText('560001');
  await expect(dialog(page)).toBeHidden();
});

test('the cart panel’s ‘Select pincode’ opens the dialog @desktop', async ({ page }) => {
  const { panel } = await oneInCartPanelOpen(page);
  await panel.getByRole('button', { name: 'Select pincode' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Check' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the dialog posts to /cart/pincode and comes back with the pincode chosen', async ({ page }) => {
    await page.goto('/products?s=price_desc');
    await headerButton(page).click();
    await dialog(page).getByLabel('Pincode').fill('560001');
    await dialog(page).getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/\/products\?s=price_desc$/);
    await expect(headerButton(page)).toContainText('560001');
  });

  test('a short pincode comes back with the message @desktop', async ({ page }) => {
    await page.goto('/products');
    await headerButton(page).click();
    await dialog(page).getByLabel('Pincode').fill('5600');
    await dialog(page).getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('[data-flash]')).toHaveText('Please enter a valid pincode');
  });
});
